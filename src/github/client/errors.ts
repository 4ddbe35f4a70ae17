// One error type for every failed API call, carrying what GitHub said and a hint of what to change.
import { classifyAnswer, type Classification } from './answers';

export interface ApiErrorDetail {
  resource?: string;
  code?: string;
  field?: string;
  message?: string;
}

export interface ApiErrorInit {
  status: number;
  method: string;
  url: string;
  message?: string;
  errors?: ApiErrorDetail[];
  documentationUrl?: string;
  headers?: Record<string, string | undefined>;
  cause?: unknown;
}

/** Which `permissions:` entry of the workflow a request path needs (for `/issues/{n}/…` see `neededPermission`). */
export function permissionFor(method: string, url: string): string {
  const path = safePath(url);
  const write = !['GET', 'HEAD'].includes(method.toUpperCase());
  const level = write ? 'write' : 'read';
  if (/\/pulls(\/|$)/.test(path)) return `pull-requests: ${level}`;
  if (/\/(issues|labels|milestones)(\/|$)/.test(path)) return `issues: ${level}`;
  if (/\/(contents|git|releases|commits|branches|tags)(\/|$)/.test(path)) return `contents: ${level}`;
  if (/\/actions(\/|$)/.test(path)) return `actions: ${level}`;
  if (/\/(statuses|check-runs|check-suites)(\/|$)/.test(path)) return `statuses: ${level}`;
  if (/\/discussions(\/|$)/.test(path)) return `discussions: ${level}`;
  return `contents: ${level}`;
}

/**
 * GitHub's `x-accepted-github-permissions` as workflow `permissions:` entries: each accepted set (separated by `;`)
 * with its permissions (separated by `,`), `pull_requests=write` written `pull-requests: write` (github.blog
 * changelog 2023-08-10, "X-Accepted-GitHub-Permissions header for fine-grained permission actors", example
 * `repository_projects=write; organization_projects=admin`). Undefined when absent or unreadable.
 */
export function acceptedPermissions(header: string | undefined): string[][] | undefined {
  if (!header) return undefined;
  const sets = header
    .split(';')
    .map((set) =>
      set
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .filter((set) => set.length > 0);
  const entry = /^([a-z_]+)=(read|write|admin)$/;
  if (!sets.length || !sets.every((set) => set.every((p) => entry.test(p)))) return undefined;
  return sets.map((set) =>
    set.map((p) => {
      const [, name, level] = entry.exec(p)!;
      return `${name.replace(/_/g, '-')}: ${level}`;
    }),
  );
}

/**
 * What the workflow's `permissions:` must grant, as hint text: GitHub's own `x-accepted-github-permissions` when it
 * sent one (any one of its sets will do), else from the path. A pull request is an issue, and writing to one through
 * `/issues/{n}/…` (labels, comments, assignees) needs `pull-requests`, to an issue `issues`: the path alone cannot
 * tell which, so both are named.
 */
export function neededPermission(method: string, url: string, header: string | undefined): string {
  const sets = acceptedPermissions(header);
  if (sets) return sets.map((set) => `\`permissions: ${set.join(', ')}\``).join(' or ');
  const path = safePath(url);
  const level = ['GET', 'HEAD'].includes(method.toUpperCase()) ? 'read' : 'write';
  if (/\/issues\/(\d+|comments)\//.test(path))
    return `\`permissions: issues: ${level}\` (an issue) or \`permissions: pull-requests: ${level}\` (a pull request)`;
  return `\`permissions: ${permissionFor(method, url)}\``;
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split('?')[0];
  }
}

/** Removes credentials that might appear in a URL (userinfo, `access_token` query). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    for (const key of [...u.searchParams.keys()]) if (/token|secret|sig/i.test(key)) u.searchParams.set(key, '***');
    return u.toString();
  } catch {
    return url;
  }
}

export class ApiError extends Error {
  readonly status: number;
  /** GitHub's own `message`. */
  readonly apiMessage: string;
  readonly errors: ApiErrorDetail[];
  readonly documentationUrl?: string;
  readonly request: { method: string; url: string };
  readonly hint?: string;
  readonly headers: Record<string, string | undefined>;

  constructor(init: ApiErrorInit) {
    const apiMessage = init.message ?? (init.status ? `HTTP ${init.status}` : 'network error');
    const request = { method: init.method.toUpperCase(), url: redactUrl(init.url) };
    const hint = hintFor(init.status, apiMessage, request.method, request.url, init.headers ?? {});
    const details = (init.errors ?? [])
      .map((e) => [e.resource, e.field, e.code, e.message].filter(Boolean).join(' '))
      .filter(Boolean);
    const text =
      `${request.method} ${safePath(request.url)} → ${init.status || 'network error'}: ${apiMessage}` +
      (details.length ? ` (${details.join('; ')})` : '') +
      (hint ? `. ${hint}` : '');
    super(text, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.apiMessage = apiMessage;
    this.errors = init.errors ?? [];
    this.documentationUrl = init.documentationUrl;
    this.request = request;
    this.hint = hint;
    this.headers = init.headers ?? {};
  }

  hasCode(code: string): boolean {
    return this.errors.some((e) => e.code === code);
  }
}

function hintFor(
  status: number,
  message: string,
  method: string,
  url: string,
  headers: Record<string, string | undefined>,
): string | undefined {
  const kind = status === 403 || status === 422 ? classifyAnswer({ status, headers, message }).kind : undefined;
  switch (status) {
    case 401:
      return 'The token is missing, malformed, expired or revoked: check the `token` input.';
    case 403:
      if (kind === 'primary')
        return `The rate limit is exhausted; it resets at ${resetText(headers['x-ratelimit-reset'])}.`;
      if (kind === 'secondary')
        return 'A secondary rate limit was hit: fewer parallel or content-creating requests are needed.';
      return `The token lacks a permission: give the workflow ${neededPermission(method, url, headers['x-accepted-github-permissions'])} (or use a token that has it).`;
    case 404:
      return 'The resource is missing, or it is private and invisible to this token (GitHub answers 404, not 403, then).';
    case 409:
      return 'The resource changed meanwhile or is in a conflicting state (for example an empty repository or a stale sha): re-read it and retry.';
    case 422:
      return kind === 'secondary'
        ? "GitHub's content-creation limit refused it (was submitted too quickly): fewer content-creating requests a minute are needed."
        : undefined;
    case 429:
      return 'Too many requests: the rate limit was hit.';
    default:
      return undefined;
  }
}

function resetText(reset: string | undefined): string {
  const n = Number(reset);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000).toISOString() : 'an unknown time';
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

export function isStatus(err: unknown, ...statuses: number[]): boolean {
  return isApiError(err) && statuses.includes(err.status);
}

/** The class of a failed call (answers.ts); a network failure (status 0) is transient; undefined for non-API errors. */
export function classifyError(err: unknown): Classification | undefined {
  if (!isApiError(err)) return undefined;
  return classifyAnswer({
    status: err.status || undefined,
    headers: err.headers,
    message: err.apiMessage,
    errors: err.errors,
  });
}

/** A 422 whose errors say the thing to create already exists: success for an idempotent create. */
export function isAlreadyExists(err: unknown): boolean {
  return (
    isApiError(err) && err.status === 422 && (err.hasCode('already_exists') || /already exists/i.test(err.apiMessage))
  );
}

/** The plan cannot be paid for from the budget left. */
export class BudgetError extends Error {
  constructor(
    readonly needed: number,
    readonly remaining: number,
    readonly reserve: number,
    readonly resetAt: Date,
    what = 'the plan',
    readonly limit?: number,
    /** What the budget counts: REST requests or GraphQL points. */
    readonly unit: 'request' | 'GraphQL point' = 'request',
  ) {
    const mins = Math.max(0, Math.ceil((resetAt.getTime() - Date.now()) / 60000));
    const when =
      limit !== undefined && limit - reserve < needed
        ? `even a full budget (${limit}) minus the reserve cannot pay for it: lower budget-reserve or split the work`
        : `the limit resets at ${resetAt.toISOString()} (in ${mins} min)`;
    super(
      `Budget too small for ${what}: it needs ${needed} ${needed === 1 ? unit : `${unit}s`}, ${remaining} remain and ${reserve} are kept in reserve ` +
        `(${Math.max(0, remaining - reserve)} usable); ${when}. Nothing was written.`,
    );
    this.name = 'BudgetError';
  }
}

/**
 * A plan whose content-creating requests cannot fit GitHub's secondary limit of `perHour` an hour ("Rate limits for
 * the REST API", secondary limits: "No more than 80 content-generating requests per minute and no more than 500
 * content-generating requests per hour"), refused before its first write. A `BudgetError`: callers that stop on one
 * stop on this too.
 */
export class WriteLimitError extends BudgetError {
  constructor(
    readonly writes: number,
    readonly perHour: number,
    readonly inHour: number,
    freeAt: Date,
    what = 'the plan',
  ) {
    super(writes, Math.max(0, perHour - inHour), 0, freeAt, what, perHour);
    const left = Math.max(0, perHour - inHour);
    const when =
      writes > perHour
        ? `more than GitHub allows in any hour: split the work into runs of at most ${perHour} writes`
        : `enough of them leave the hour's window at ${freeAt.toISOString()}`;
    this.message =
      `Too many writes for ${what}: it needs ${writes} content-creating requests; GitHub allows ${perHour} an hour, ` +
      `${inHour} were made in the last hour (${left} left); ${when}. Nothing was written.`;
    this.name = 'WriteLimitError';
  }
}
