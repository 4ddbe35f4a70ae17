// The delay before a failed delivery is tried again: exponential back-off with full jitter in [delay/2, delay].
export function retryDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(delay / 2 + (random() * delay) / 2);
}
