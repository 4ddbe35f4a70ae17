import { describe, expect, it } from 'vitest';
import { backoffMs, decideRetry, retryAfterMs, type RetrySettings } from '../../../src/client/retry';

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

// One row per line of the seed's retry matrix (and the cases around it).
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
    name: '403 secondary limit without retry-after → a minute',
    status: 403,
    message: 'You have exceeded a secondary rate limit.',
    retry: true,
    waitMs: 60_000,
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
