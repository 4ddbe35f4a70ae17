import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  decideRetry,
  retryAfterMs,
  secondaryBackoffMs,
  type RetrySettings,
} from '../../../../src/github/client/retry';

const NOW = 1_700_000_000_000;
const settings: RetrySettings = {
  maxRetries: 3,
  maxRateLimitRetries: 2,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  secondaryFallbackMs: 60_000,
  timeScale: 1,
  now: () => NOW,
  random: () => 0.5,
};
const reset = String(NOW / 1000 + 120);

// One row per rule of the retry decision (5xx, network failures, 429, primary and secondary 403 limits, other 4xx)
// and the cases around each.
const matrix: {
  name: string;
  status?: number;
  headers?: Record<string, string>;
  message?: string;
  retry: boolean;
  waitMs?: number;
}[] = [
  { name: '500 → exponential backoff', status: 500, retry: true, waitMs: 750 },
  { name: '502 → exponential backoff', status: 502, retry: true, waitMs: 750 },
  { name: '503 → exponential backoff', status: 503, retry: true, waitMs: 750 },
  { name: 'network reset → exponential backoff', status: undefined, retry: true, waitMs: 750 },
  {
    name: '429 with retry-after → wait retry-after',
    status: 429,
    headers: { 'retry-after': '7' },
    retry: true,
    waitMs: 7000,
  },
  {
    name: '429 with remaining 0 and reset → wait until reset',
    status: 429,
    headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
    retry: true,
    waitMs: 121_000,
  },
  {
    name: '403 with remaining 0 → wait until reset',
    status: 403,
    headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
    retry: true,
    waitMs: 121_000,
  },
  {
    name: 'retry-after wins over x-ratelimit-reset',
    status: 403,
    headers: { 'retry-after': '3', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
    retry: true,
    waitMs: 3000,
  },
  {
    name: '403 secondary limit with retry-after',
    status: 403,
    headers: { 'retry-after': '30' },
    message: 'You have exceeded a secondary rate limit',
    retry: true,
    waitMs: 30_000,
  },
  {
    name: '403 secondary limit without retry-after → a minute and up to half more (jitter 0.5)',
    status: 403,
    message: 'You have exceeded a secondary rate limit.',
    retry: true,
    waitMs: 75_000,
  },
  {
    name: '403 permission → no retry',
    status: 403,
    headers: { 'x-ratelimit-remaining': '900' },
    message: 'Resource not accessible by integration',
    retry: false,
  },
  { name: '401 → no retry', status: 401, message: 'Bad credentials', retry: false },
  { name: '404 → no retry', status: 404, retry: false },
  { name: '409 → no retry', status: 409, retry: false },
  { name: '422 → no retry', status: 422, retry: false },
  { name: '400 → no retry', status: 400, retry: false },
];

describe('retry matrix', () => {
  it.each(matrix)('$name', (row) => {
    const d = decideRetry({ status: row.status, headers: row.headers ?? {}, message: row.message }, 0, 0, settings);
    expect(d.retry).toBe(row.retry);
    if (d.retry) expect(d.waitMs).toBe(row.waitMs);
  });

  it('gives up on 5xx after maxRetries', () => {
    expect(decideRetry({ status: 502, headers: {} }, 3, 0, settings).retry).toBe(false);
    expect(decideRetry({ status: 502, headers: {} }, 2, 0, settings).retry).toBe(true);
  });

  it('gives up on rate limits after maxRateLimitRetries', () => {
    expect(decideRetry({ status: 429, headers: { 'retry-after': '1' } }, 0, 2, settings).retry).toBe(false);
  });

  it('backs off exponentially with jitter, capped', () => {
    const lo = { ...settings, random: () => 0 };
    const hi = { ...settings, random: () => 1 };
    expect([0, 1, 2, 3].map((a) => backoffMs(a, lo))).toEqual([500, 1000, 2000, 4000]);
    expect([0, 1, 2, 3].map((a) => backoffMs(a, hi))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(10, hi)).toBe(30_000);
  });

  it('scales prescribed waits for tests against the emulator', () => {
    const d = decideRetry({ status: 429, headers: { 'retry-after': '60' } }, 0, 0, { ...settings, timeScale: 0.01 });
    expect(d).toMatchObject({ retry: true, waitMs: 600 });
  });

  it('reads retry-after as seconds or an HTTP date', () => {
    expect(retryAfterMs('2', NOW)).toBe(2000);
    expect(retryAfterMs(new Date(NOW + 5000).toUTCString(), NOW)).toBe(5000);
    expect(retryAfterMs(undefined, NOW)).toBeUndefined();
  });
});

describe("repeated secondary limits: exponential back-off with jitter, capped by the run's maximum wait", () => {
  const secondary = { status: 403, headers: {}, message: 'You have exceeded a secondary rate limit.' };
  const sequence = (random: number, maxWaitMs: number | undefined, n = 5) =>
    Array.from({ length: n }, (_, attempt) =>
      decideRetry(secondary, 0, attempt, { ...settings, maxRateLimitRetries: n, random: () => random, maxWaitMs }),
    ).map((d) => (d.retry ? d.waitMs : undefined));

  it.each([
    { what: 'no jitter, no cap: 1, 2, 4, 8, 16 minutes', random: 0, cap: undefined, want: [60, 120, 240, 480, 960] },
    { what: 'full jitter adds half a step', random: 1, cap: undefined, want: [90, 180, 360, 720, 1440] },
    { what: "capped at the run's maximum wait (5 min)", random: 0.5, cap: 300_000, want: [75, 150, 300, 300, 300] },
    {
      what: 'a cap below a minute never shortens the first minute',
      random: 0,
      cap: 30_000,
      want: [60, 60, 60, 60, 60],
    },
  ])('$what', ({ random, cap, want }) => {
    expect(sequence(random, cap).map((ms) => ms! / 1000)).toEqual(want);
  });

  it('jitter spreads the waits of clients limited together', () => {
    const waits = [0.1, 0.4, 0.9].map((r) => secondaryBackoffMs(2, { secondaryFallbackMs: 60_000, random: () => r }));
    expect(new Set(waits).size).toBe(3);
    expect(waits.every((w) => w >= 240_000 && w <= 360_000)).toBe(true);
  });

  it('retry-after still wins over the back-off, and the retries stay bounded', () => {
    const withHeader = decideRetry({ ...secondary, headers: { 'retry-after': '7' } }, 0, 3, {
      ...settings,
      maxRateLimitRetries: 5,
    });
    expect(withHeader).toMatchObject({ retry: true, waitMs: 7000 });
    expect(decideRetry(secondary, 0, 2, settings)).toMatchObject({ retry: false });
  });
});
