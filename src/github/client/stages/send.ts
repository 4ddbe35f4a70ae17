// Stage 5, send: one attempt through Octokit's request, with the fetch the body needs (streamed bodies go
// through the streaming fetch) wrapped by the integrity stage, and a time-out for an answer that never comes.
import { isStreamBody, streamingFetch } from '../streaming-fetch';
import { answerMaxBytes } from '../answer-limits';
import { lowerHeaders, pathOf, type Attempt, type Exchange, type HookOptions, type RequestFn } from './exchange';
import { completeBodies } from './integrity';

type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface SendSettings {
  /** The fetch the Octokit was built with (a call passing another one keeps its own). */
  defaultFetch: Fetch;
  /** An attempt with no answer after this long is abandoned (not for streamed bodies). */
  requestTimeoutMs: number;
}

function fetchFor(ex: Exchange, s: SendSettings): Fetch {
  const own = ex.policy.fetch as Fetch | undefined;
  // Every attempt, a followed redirect's included, reads its answer within the route's cap.
  const path = pathOf(ex.parsed.url);
  const cap = { route: `${ex.method} ${ex.route || path}`, maxBytes: answerMaxBytes(ex.policy) };
  if (own && own !== s.defaultFetch) return completeBodies(own, cap);
  return completeBodies(isStreamBody(ex.options.data) ? streamingFetch : s.defaultFetch, cap);
}

function attemptOptions(ex: Exchange, s: SendSettings): HookOptions {
  const request = { ...ex.options.request, fetch: fetchFor(ex, s) };
  if (s.requestTimeoutMs > 0 && !isStreamBody(ex.options.data)) {
    const timer = AbortSignal.timeout(s.requestTimeoutMs);
    const own: AbortSignal | undefined = ex.options.request?.signal;
    request.signal = own ? AbortSignal.any([own, timer]) : timer;
  }
  return { ...ex.options, request };
}

/** Octokit's `RequestError` as far as the stage reads it: an HTTP answer of 400 or more, or a wrapped failure. */
interface FailedRequest {
  name?: unknown;
  status?: number;
  cause?: unknown;
  response?: { headers: Record<string, unknown>; data: unknown };
}

function requestErrorOf(err: unknown): FailedRequest | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as FailedRequest;
  const response =
    typeof e.response === 'object' && e.response !== null && typeof e.response.headers === 'object'
      ? e.response
      : undefined;
  return { name: e.name, status: typeof e.status === 'number' ? e.status : undefined, cause: e.cause, response };
}

export async function send(request: RequestFn, ex: Exchange, s: SendSettings): Promise<Attempt> {
  const startedAt = Date.now();
  try {
    const response = await request(attemptOptions(ex, s));
    return { status: response.status, headers: lowerHeaders(response.headers), response, startedAt };
  } catch (err: unknown) {
    const failed = requestErrorOf(err);
    if (failed?.response)
      return {
        status: failed.status,
        headers: lowerHeaders(failed.response.headers),
        data: failed.response.data,
        startedAt,
      };
    // The caller gave up: no retry, its own error.
    if (ex.options.request?.signal?.aborted) throw err;
    // Octokit wraps a failed fetch in a RequestError with status 500 and no response: unwrap it.
    const failure = failed?.name === 'HttpError' && failed.status === 500 && failed.cause ? failed.cause : err;
    return { headers: {}, failure, startedAt };
  }
}
