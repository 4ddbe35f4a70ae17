// Failures below HTTP: an answer that could not be read whole, a host that cannot be reached, and a redirect
// or request the client refuses because it would carry the token somewhere it does not belong.
import { ApiError } from './errors';

/** An answer that is not data: a body cut short, a length that does not match, JSON that does not parse, a wrong shape. */
export class IntegrityError extends Error {
  constructor(
    message: string,
    readonly url: string,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'IntegrityError';
  }
}

/** A 2xx JSON answer that is not what its route returns: a clear error naming the route, not retried. */
export class ShapeError extends IntegrityError {
  constructor(
    readonly route: string,
    status: number,
    problem: string,
    url: string,
  ) {
    super(`${route} answered ${status} with a body of the wrong shape (${problem})`, url);
    this.name = 'ShapeError';
  }
}

/** An answer larger than its route's cap once decoded: stopped while it was read, not retried. */
export class AnswerTooLargeError extends IntegrityError {
  constructor(
    readonly route: string,
    readonly maxBytes: number,
    url: string,
  ) {
    super(
      `${route} answered more than ${maxBytes} bytes (decoded); the answer was stopped there and is not retried`,
      url,
    );
    this.name = 'AnswerTooLargeError';
  }
}

/** Error codes that no retry can fix: the host does not resolve, refuses connections, or fails TLS verification. */
const PERMANENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);

/** The first error with a permanent code in a cause chain (fetch wraps the socket's error; happy eyeballs aggregates). */
export function permanentCause(err: unknown, depth = 0): (Error & { code: string }) | undefined {
  if (!(err instanceof Error) || depth > 8) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && PERMANENT_CODES.has(code)) return err as Error & { code: string };
  if (err instanceof AggregateError)
    for (const inner of err.errors) {
      const hit = permanentCause(inner, depth + 1);
      if (hit) return hit;
    }
  return permanentCause((err as { cause?: unknown }).cause, depth + 1);
}

/**
 * A request that got no usable answer: names the host and the cause. An `ApiError` of status 0, so callers that
 * sort failures by status see "no answer".
 */
export class NetworkError extends ApiError {
  readonly host: string;
  readonly permanent: boolean;

  constructor(method: string, url: string, reason: string, permanent: boolean, cause?: unknown) {
    super({ status: 0, method, url, message: reason, cause });
    this.name = 'NetworkError';
    this.host = new URL(url).host;
    this.permanent = permanent;
    this.message = permanent
      ? `${this.request.method} to ${this.host} failed: ${reason}. Retrying cannot help: check the API URL, DNS, the network or the TLS certificate.`
      : `${this.request.method} ${this.request.url} failed: ${reason}`;
  }
}

/** A redirect the client will not follow (a write to another origin, or too many hops). */
export class RedirectRefusedError extends Error {
  constructor(
    readonly method: string,
    readonly from: string,
    readonly to: string,
    reason: string,
  ) {
    super(`${method} ${from} was redirected to ${to}; not followed: ${reason}`);
    this.name = 'RedirectRefusedError';
  }
}

/** A write addressed to an origin that is neither the API nor an upload host the API named. */
export class UntrustedOriginError extends Error {
  constructor(
    readonly method: string,
    readonly origin: string,
  ) {
    super(`${method} to ${origin} refused: the client writes only to the API and the upload host a release names`);
    this.name = 'UntrustedOriginError';
  }
}

/** The message of the innermost cause worth showing (fetch's "fetch failed" hides the socket's error). */
export function causeText(err: unknown): string {
  let current: unknown = err;
  let text = err instanceof Error ? err.message : String(err);
  for (let depth = 0; current instanceof Error && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code;
    if (current.message && current.message !== 'fetch failed') text = current.message;
    if (typeof code === 'string' && !text.includes(code)) text = `${code}: ${text}`;
    if (current instanceof AggregateError && current.errors[0]) current = current.errors[0];
    else current = (current as { cause?: unknown }).cause;
  }
  return text;
}
