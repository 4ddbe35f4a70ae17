// One classification of GitHub's answers: every place that asks "is this a rate limit?", "may this be repeated?"
// or "is this the read-after-write lag?" asks here, so a new GitHub answer gets one new rule in one place. Pure:
// it reads a status, headers, GitHub's message and error entries (REST `errors` or GraphQL `errors`), never the
// clock. What to do with the class (waits, retry counts) stays in retry.ts.
//
// Evidence, per class:
// - primary: "Rate limits for the REST API" — exceeding the primary limit answers 403 or 429 with
//   `x-ratelimit-remaining: 0`; wait until `x-ratelimit-reset`.
// - secondary: the same page — a secondary limit answers 403 or 429 with a message naming a secondary rate limit
//   (older answers say "abuse detection"), with or without `retry-after`; without it wait at least a minute, then
//   exponentially longer. GitHub's content-creation limit also arrives as 422 "was submitted too quickly" on some
//   endpoints, over REST and inside a GraphQL 200 (cli/cli#4801 `createIssue`, derberg/manage-files#5): the same
//   secondary signal, never final.
// - graphql-budget: "Rate limits and query limits for the GraphQL API" — a spent GraphQL budget answers 200 with an
//   error of type `RATE_LIMITED`; some answers spell it `RATE_LIMIT` (octokit/plugin-throttling.js#848).
// - graphql-timeout: a document GitHub could not finish in time — "We couldn't respond to your request in time"
//   (the GraphQL docs' "Timeouts"), `RESOURCE_LIMITS_EXCEEDED` / "Resource limits for this query exceeded", or the
//   502 "Something went wrong … This may be the result of a timeout" (apache/devlake#3521, github1s#105 on deep
//   `Tree.entries`). Timeouts count against the secondary limits ("Timeouts" again): the same document is not sent
//   again; the caller reads another way.
// - transient: 5xx, no answer at all, or a GraphQL 200 whose only error is GitHub's "Something went wrong while
//   executing your query. Please include `ID` …" without a type (octokit/plugin-retry.js#395: retry it as a 5xx).
// - lag: right after a ref is created or moved, `POST /pulls` may answer 422 "No commits between …" or a `head`
//   `invalid` error, and `POST/PATCH …/git/refs` 422 "Reference update failed" (octokit.rb#622,
//   dotnet/buildtools#1140, gitbutler#4904, rest-api-description#4887): worth a bounded retry and a confirming read.
// - permission: any other 403. final: anything else.

export type AnswerKind =
  'ok' | 'primary' | 'secondary' | 'graphql-budget' | 'graphql-timeout' | 'transient' | 'lag' | 'permission' | 'final';

export interface Answer {
  /** HTTP status; undefined when no answer came (reset, refused, timeout). */
  status?: number;
  headers?: Record<string, string | undefined>;
  /** GitHub's `message`. */
  message?: string;
  /** REST's `errors` details or GraphQL's `errors` entries (their `type`, `code`, `field`, `message`). */
  errors?: readonly { type?: string; code?: string; field?: string; message?: string }[];
}

export interface Classification {
  kind: AnswerKind;
  /** A short reason for logs and errors. */
  reason: string;
}

const SECONDARY = /secondary rate limit|abuse detection/i;
const TOO_QUICKLY = /submitted too quickly/i;
const GRAPHQL_TIMEOUT =
  /couldn't respond to your request in time|resource limits for this query exceeded|may be the result of a timeout/i;
const SOMETHING_WENT_WRONG = /^something went wrong while executing your query/i;
const LAG_MESSAGE = /no commits between|reference update failed/i;

function texts(a: Answer): string[] {
  return [a.message ?? '', ...(a.errors ?? []).map((e) => e.message ?? '')];
}

/** GitHub's own words for a secondary limit (in a 403/429 message): the one regex for it. */
export function isSecondaryLimitMessage(message: string | undefined): boolean {
  return SECONDARY.test(message ?? '');
}

/** The class of one answer of GitHub (REST, or GraphQL with its `errors` inside a 200). */
export function classifyAnswer(a: Answer): Classification {
  const { status } = a;
  const headers = a.headers ?? {};
  const all = texts(a);
  const types = (a.errors ?? []).map((e) => e.type ?? e.code ?? '');
  if (status === undefined) return { kind: 'transient', reason: 'network failure' };
  if (all.some((t) => GRAPHQL_TIMEOUT.test(t)) || types.includes('RESOURCE_LIMITS_EXCEEDED'))
    return { kind: 'graphql-timeout', reason: `${status}: GitHub could not finish the query in time` };
  if (status >= 500) return { kind: 'transient', reason: `server error ${status}` };
  if (status === 403 || status === 429) {
    if (headers['x-ratelimit-remaining'] === '0' && headers['retry-after'] === undefined)
      return { kind: 'primary', reason: `${status}: primary rate limit exhausted` };
    if (headers['retry-after'] !== undefined) return { kind: 'secondary', reason: `${status} with retry-after` };
    if (status === 429 || all.some((t) => SECONDARY.test(t)))
      return { kind: 'secondary', reason: `${status}: secondary rate limit` };
    return { kind: 'permission', reason: '403: permission' };
  }
  if (all.some((t) => TOO_QUICKLY.test(t)))
    return { kind: 'secondary', reason: `${status}: was submitted too quickly (content-creation limit)` };
  if (types.some((t) => t === 'RATE_LIMITED' || t === 'RATE_LIMIT'))
    return { kind: 'graphql-budget', reason: "GraphQL's primary budget is spent" };
  if (status === 422 && (all.some((t) => LAG_MESSAGE.test(t)) || isHeadInvalid(a)))
    return { kind: 'lag', reason: `422: ${all.find((t) => t) ?? 'read-after-write lag'}` };
  if (
    status === 200 &&
    a.errors?.length &&
    a.errors.every((e) => !e.type && SOMETHING_WENT_WRONG.test(e.message ?? ''))
  )
    return { kind: 'transient', reason: 'GraphQL: something went wrong while executing the query' };
  if (status < 400 && !a.errors?.length) return { kind: 'ok', reason: `${status}` };
  return { kind: 'final', reason: `${status}: the request, its visibility or the credential must change` };
}

/** `POST /pulls` 422 with `{ field: "head", code: "invalid" }`: the new branch is not visible yet (lag). */
function isHeadInvalid(a: Answer): boolean {
  return (a.errors ?? []).some((e) => e.field === 'head' && e.code === 'invalid');
}
