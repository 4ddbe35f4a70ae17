// Stage 6, integrity: an answer is data only when its body was read to the end, matched its content-length,
// parsed (a 2xx JSON answer) and fitted the shape its caller declared (`request.answer`, declared.ts). Anything else
// is an `IntegrityError`, which the retry stage treats like a connection reset. The client owns the fetch Octokit calls, so Octokit never sees
// a half-read body (it would turn it into an empty string or `undefined`).
import { DEFAULT_ANSWER_MAX_BYTES } from '../answer-limits';
import { shapeProblem } from '../declared';
import { AnswerTooLargeError, IntegrityError, ShapeError } from '../transport-errors';
import type { Attempt, Exchange } from './exchange';

type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

const NO_BODY = new Set([101, 103, 204, 205, 304]);

function isJson(contentType: string | null): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? '');
}

/**
 * The whole body, counted as it is decoded: past `maxBytes` the stream is cancelled (the decompression stops with
 * it) and an `AnswerTooLargeError` names the route.
 */
async function readCapped(response: Response, url: string, cap: AnswerCap): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0);
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > cap.maxBytes) {
        await reader.cancel().catch(() => {});
        throw new AnswerTooLargeError(cap.route, cap.maxBytes, url);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof AnswerTooLargeError) throw err;
    throw new IntegrityError(`the answer (${response.status}) broke off while its body was read`, url, err);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

export interface AnswerCap {
  /** The route named in the error (`GET /repos/{owner}/{repo}/labels`, or the method and path). */
  route: string;
  maxBytes: number;
}

/** Wraps a fetch so that its answers arrive complete, checked and within their cap, or not at all. */
export function completeBodies(
  base: Fetch,
  cap: AnswerCap = { route: 'the request', maxBytes: DEFAULT_ANSWER_MAX_BYTES },
): Fetch {
  return async (input, init = {}) => {
    const url = String(input);
    const response = await base(input, init);
    if (NO_BODY.has(response.status) || init.method === 'HEAD') {
      await response.body?.cancel().catch(() => {});
      return response;
    }
    const bytes = await readCapped(response, url, cap);
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

/**
 * A 2xx JSON answer that does not fit the shape its caller declared becomes a failure naming the declared route. The
 * declaration rides on the request (every page of a list, every redirect followed), so no route is looked up here.
 */
export function checkShape(ex: Exchange, attempt: Attempt): void {
  const response = attempt.response;
  const answer = ex.policy.answer;
  if (!answer || !response || attempt.status === undefined || attempt.status < 200 || attempt.status >= 300) return;
  // An empty JSON body is checked too: Octokit hands it over as '', which its paginator would read as "no items".
  if (!isJson(attempt.headers['content-type'] ?? null) || (typeof response.data === 'string' && response.data !== ''))
    return;
  const problem = shapeProblem(answer.shape, response.data);
  if (!problem) return;
  attempt.failure = new ShapeError(answer.route, attempt.status, problem, ex.parsed.url);
  attempt.response = undefined;
  attempt.status = undefined;
}
