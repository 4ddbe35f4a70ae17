// Stage 6, integrity: an answer is data only when its body was read to the end, matched its content-length,
// parsed (a 2xx JSON answer) and fitted its route's shape. Anything else is an `IntegrityError`, which the
// retry stage treats like a connection reset. The client owns the fetch Octokit calls, so Octokit never sees
// a half-read body (it would turn it into an empty string or `undefined`).
import { routeKeyOf, shapeProblem } from '../schemas';
import { IntegrityError, ShapeError } from '../transport-errors';
import type { Attempt, Exchange } from './exchange';

type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

const NO_BODY = new Set([101, 103, 204, 205, 304]);

function isJson(contentType: string | null): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? '');
}

/** Wraps a fetch so that its answers arrive complete and checked, or not at all. */
export function completeBodies(base: Fetch): Fetch {
  return async (input, init = {}) => {
    const url = String(input);
    const response = await base(input, init);
    if (NO_BODY.has(response.status) || init.method === 'HEAD') {
      await response.body?.cancel().catch(() => {});
      return response;
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (err) {
      throw new IntegrityError(`the answer (${response.status}) broke off while its body was read`, url, err);
    }
    const declared = response.headers.get('content-length');
    // A decoded (gzip) body has another length than the one sent; the decoder itself fails on a cut stream.
    const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
    if (declared !== null && !encoded && Number(declared) !== bytes.byteLength)
      throw new IntegrityError(
        `the answer (${response.status}) declared ${declared} bytes but ${bytes.byteLength} arrived`,
        url,
      );
    if (response.ok && isJson(response.headers.get('content-type')) && !(declared === '0' && bytes.byteLength === 0)) {
      try {
        JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch {
        throw new IntegrityError(`the answer (${response.status}) is not valid JSON`, url);
      }
    }
    const copy = new Response(bytes as Uint8Array<ArrayBuffer>, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(copy, 'url', { value: response.url || url });
    return copy;
  };
}

/** A 2xx JSON answer that does not fit its route's schema becomes a failure naming the route. */
export function checkShape(ex: Exchange, attempt: Attempt): void {
  const response = attempt.response;
  if (!response || attempt.status === undefined || attempt.status < 200 || attempt.status >= 300) return;
  // An empty JSON body is checked too: Octokit hands it over as '', which its paginator would read as "no items".
  if (!isJson(attempt.headers['content-type'] ?? null) || (typeof response.data === 'string' && response.data !== ''))
    return;
  const url = new URL(ex.parsed.url);
  const routeKey = routeKeyOf(ex.method, ex.route, url.pathname);
  const problem = shapeProblem(routeKey, response.data);
  if (!problem) return;
  attempt.failure = new ShapeError(routeKey!, attempt.status, problem, ex.parsed.url);
  attempt.response = undefined;
  attempt.status = undefined;
}
