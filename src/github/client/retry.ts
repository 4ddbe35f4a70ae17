// The retry rules as a pure decision: what to do with one failed attempt, by its class (answers.ts, the one
// classification of GitHub's answers). Transient ones (5xx, network, GraphQL's "something went wrong") back off
// exponentially with jitter; limits wait for `retry-after` (first) or `x-ratelimit-reset`; a secondary limit without
// either (403/429, 422 "was submitted too quickly") waits at least a minute, growing (GitHub REST docs, "Rate limits
// for the REST API"); a permission, a GraphQL timeout (not sent again) and any other 4xx are final.
import { classifyAnswer } from './answers';

export interface Failure {
  /** HTTP status; undefined for a network failure (reset, refused, timeout). */
  status?: number;
  headers: Record<string, string | undefined>;
  /** GitHub's `message`, when the body had one. */
  message?: string;
  /** GitHub's `errors` details (REST) or entries (GraphQL inside a 200). */
  errors?: readonly { type?: string; code?: string; field?: string; message?: string }[];
}

export interface RetrySettings {
  /** Retries of 5xx and network failures. */
  maxRetries: number;
  /** Retries of rate-limit answers (429, 403 with remaining 0 or retry-after). */
  maxRateLimitRetries: number;
  /** First back-off step in ms (doubles each attempt). */
  baseDelayMs: number;
  /** Largest back-off step in ms. */
  maxDelayMs: number;
  /** First wait for a secondary limit that gave no retry-after (GitHub: at least a minute); it doubles on repeats. */
  secondaryFallbackMs: number;
  /** The run's longest wait: a repeated secondary limit's growing wait stops growing there. */
  maxWaitMs?: number;
  /**
   * Multiplies the waits the server prescribes (retry-after, x-ratelimit-reset). 1 against GitHub; the
   * emulator states them in GitHub time while its windows are scaled, so tests set the same scale.
   */
  timeScale: number;
  now: () => number;
  random: () => number;
}

export type RetryDecision =
  { retry: false; reason: string } | { retry: true; waitMs: number; reason: string; rateLimited: boolean };

/** Seconds in `retry-after` (delta-seconds or an HTTP date), as ms from now. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const secs = Number(value);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** ms until `x-ratelimit-reset` (epoch seconds), plus one second of margin for clock skew. */
export function resetWaitMs(value: string | undefined, now: number): number | undefined {
  const reset = Number(value);
  if (value === undefined || !Number.isFinite(reset) || reset <= 0) return undefined;
  return Math.max(0, reset * 1000 - now) + 1000;
}

/** GitHub's words for a secondary limit: the one rule lives in answers.ts. */
export { isSecondaryLimitMessage } from './answers';

/** Exponential back-off with jitter: a random point in the upper half of the doubled step. */
export function backoffMs(attempt: number, s: Pick<RetrySettings, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  const step = Math.min(s.maxDelayMs, s.baseDelayMs * 2 ** attempt);
  return Math.round(step / 2 + (s.random() * step) / 2);
}

/**
 * The wait before retry `attempt` (0 for the first) after a secondary limit without `retry-after`. GitHub's docs
 * ("Rate limits for the REST API", exceeding the secondary rate limit): "wait for at least one minute before
 * retrying … If your request continues to fail due to a secondary rate limit, wait for an exponentially increasing
 * amount of time between retries". So: the fallback (a minute), doubled each time, plus up to half of it as jitter
 * (clients limited together do not return together), never below the fallback and, once the fallback fits, never
 * above the run's maximum wait.
 */
export function secondaryBackoffMs(
  attempt: number,
  s: Pick<RetrySettings, 'secondaryFallbackMs' | 'maxWaitMs' | 'random'>,
): number {
  const step = s.secondaryFallbackMs * 2 ** attempt;
  const jittered = Math.round(step + (s.random() * step) / 2);
  const cap = Math.max(s.maxWaitMs ?? Number.POSITIVE_INFINITY, s.secondaryFallbackMs);
  return Math.min(jittered, cap);
}

/**
 * Decides on a failed attempt. `attempt` counts the retries already made of this kind
 * (`serverAttempts` for 5xx/network, `rateAttempts` for rate limits).
 */
export function decideRetry(f: Failure, serverAttempts: number, rateAttempts: number, s: RetrySettings): RetryDecision {
  const now = s.now();
  const { headers } = f;
  const scaled = (ms: number | undefined) => (ms === undefined ? undefined : ms * s.timeScale);
  const retryAfter = scaled(retryAfterMs(headers['retry-after'], now));

  const rateLimited = (waitMs: number, reason: string): RetryDecision =>
    rateAttempts < s.maxRateLimitRetries
      ? { retry: true, waitMs, reason, rateLimited: true }
      : { retry: false, reason: `${reason}; gave up after ${rateAttempts} waits` };

  const answer = classifyAnswer(f);
  if (answer.kind === 'transient') {
    if (serverAttempts >= s.maxRetries)
      return { retry: false, reason: `${answer.reason}; gave up after ${serverAttempts} retries` };
    return { retry: true, waitMs: backoffMs(serverAttempts, s), reason: answer.reason, rateLimited: false };
  }
  if (answer.kind === 'primary' || answer.kind === 'secondary') {
    // retry-after takes precedence over x-ratelimit-reset when both are present.
    if (retryAfter !== undefined) return rateLimited(retryAfter, answer.reason);
    if (answer.kind === 'primary') {
      const wait = scaled(resetWaitMs(headers['x-ratelimit-reset'], now));
      return rateLimited(wait ?? s.secondaryFallbackMs, answer.reason);
    }
    return rateLimited(secondaryBackoffMs(rateAttempts, s), answer.reason);
  }
  return { retry: false, reason: answer.reason };
}
