// The client's retry rules for callers that repeat a step of their own (a comment sent once after checking its
// marker, an upload after listing the assets): the same matrix, back-off, wait bound and clock as the pipeline.
import { isApiError } from './errors';
import { backoffMs, decideRetry, type RetryDecision, type RetrySettings } from './retry';
import { permanentCause } from './transport-errors';

export interface RetryRunOptions<T> {
  /**
   * Runs before each repeat (once the matrix allows it): checks what the failed try left behind. Returning
   * `{ result }` ends the run with that result (the failed try had done the work after all).
   */
  beforeRetry?(error: unknown, attempt: number): Promise<void | { result: T }>;
}

export interface ClientRetry {
  readonly settings: RetrySettings;
  /** The largest wait accepted, in real milliseconds. */
  readonly maxWaitMs: number;
  /** What to do after the `attempt`-th failure (0-based: retries already made). */
  decide(error: unknown, attempt: number): RetryDecision;
  /** The back-off before retry number `attempt` (0-based), with jitter. */
  backoff(attempt: number): number;
  sleep(ms: number): Promise<void>;
  /** Runs `attempt(n)` until it succeeds or the matrix says stop (then the last error is thrown). */
  run<T>(attempt: (n: number) => Promise<T>, options?: RetryRunOptions<T>): Promise<T>;
}

export function createRetry(settings: RetrySettings, maxWaitMs: number, sleep: (ms: number) => Promise<void>) {
  const decide = (error: unknown, attempt: number): RetryDecision => {
    if (permanentCause(error)) return { retry: false, reason: 'permanent network failure' };
    if (!isApiError(error)) return { retry: false, reason: 'not an API failure' };
    return decideRetry(
      { status: error.status || undefined, headers: error.headers, message: error.apiMessage, errors: error.errors },
      attempt,
      attempt,
      { ...settings, maxWaitMs },
    );
  };
  const retry: ClientRetry = {
    settings,
    maxWaitMs,
    decide,
    backoff: (attempt) => backoffMs(attempt, settings),
    sleep,
    async run<T>(attempt: (n: number) => Promise<T>, options: RetryRunOptions<T> = {}): Promise<T> {
      for (let n = 0; ; n++) {
        try {
          return await attempt(n);
        } catch (err) {
          const decision = decide(err, n);
          if (!decision.retry || decision.waitMs > maxWaitMs) throw err;
          const settled = await options.beforeRetry?.(err, n);
          if (settled) return settled.result;
          await sleep(decision.waitMs);
        }
      }
    },
  };
  return retry;
}
