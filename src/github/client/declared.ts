// What a request says about its own answer, carried with the request as plugin-retry reads `request.retries`: each
// owner of a request (an action in src/actions/<action>/reads.ts and writes.ts, the service in src/hosts/service/, core, the
// client for its own requests) declares `{ route, shape }` next to its code, and the call passes it once:
// `request: declared(reads.labels)`. The integrity stage checks a 2xx JSON answer against `request.answer.shape`
// and the retry stage reads a write's `request.afterLostAnswer` (write-rules.ts), so the client holds no list of
// the actions' routes and a new route edits only its owner.
//
// A shape is loose: it names only the fields the caller relies on and lets every other field through (the caller
// parses the details itself), so that a 2xx whose body is not the kind of thing the route returns (an HTML error
// page, a proxy's JSON, a truncated list) is not data. GitHub's OpenAPI description (@octokit/openapi-types) is the
// evidence for each field. `unread`: the caller reads no body (a 204, or an answer it ignores).
//
// A call without a declaration gets no shape check (its JSON must still parse): test/unit/github/client/routes.test.ts
// fails on any call site in src that passes none, or one of another route, and on a declaration nobody passes.
import type { DeclaredShape, Octokit, RequestPolicy } from './types';

export type { DeclaredShape } from './types';

export interface RequestDeclaration {
  /** The route as the call site writes it (`GET /repos/{owner}/{repo}/labels`). */
  readonly route: string;
  readonly shape: DeclaredShape;
  /** A route that answers whole files raises its answers' cap (answer-limits.ts; default 32 MiB). */
  readonly maxAnswerBytes?: number;
}

/** One module's reads, by name; the names are what its call sites pass to `declared`. */
export function defineReads<const K extends string>(
  reads: Record<K, RequestDeclaration>,
): Readonly<Record<K, RequestDeclaration>> {
  return reads;
}

/**
 * The part of a call's `request` options that carries its declaration: its answer's shape and, for a write, its
 * rule after a lost answer (`request: declared(writes.createLabel)`, or `{ ...declared(x), noCache: true }`).
 */
export function declared(
  declaration: RequestDeclaration & { readonly afterLostAnswer?: RequestPolicy['afterLostAnswer'] },
): Pick<RequestPolicy, 'answer' | 'afterLostAnswer'> {
  const answer = {
    route: declaration.route,
    shape: declaration.shape,
    ...(declaration.maxAnswerBytes === undefined ? {} : { maxBytes: declaration.maxAnswerBytes }),
  };
  return declaration.afterLostAnswer ? { answer, afterLostAnswer: declaration.afterLostAnswer } : { answer };
}

/** Undefined when the body fits the shape (or nothing of it is read), else what is wrong. */
export function shapeProblem(shape: DeclaredShape, data: unknown): string | undefined {
  if (shape === 'unread') return undefined;
  const result = shape.safeParse(data);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return `${issue.path.length ? issue.path.join('.') : 'the body'}: ${issue.message}`;
}

/**
 * Sends a declared request: the declaration's route with `params`, the declaration on the request (and `policy`,
 * such as `retries`). The answer's body, which the declared shape has checked. For call sites that send several
 * declared writes alike (an executor's operations), so each passes its declaration once and nothing else.
 */
export async function requestDeclared(
  octokit: Octokit,
  declaration: Parameters<typeof declared>[0],
  params: Record<string, unknown>,
  policy: RequestPolicy = {},
): Promise<unknown> {
  const response = await octokit.request(declaration.route, {
    ...params,
    request: { ...declared(declaration), ...policy },
  });
  return response.data as unknown;
}
