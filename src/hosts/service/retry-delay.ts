// The delay before a failed delivery is tried again: the client's one back-off with jitter (github/client/retry.ts
// `backoffMs`, a random point in [delay/2, delay] of the doubled step), counted from the first attempt.
import { backoffMs } from '../../github/client/retry';

export function retryDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  return backoffMs(Math.max(0, attempt - 1), { baseDelayMs: baseMs, maxDelayMs: maxMs, random });
}
