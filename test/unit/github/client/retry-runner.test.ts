import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/github/client/errors';
import { createRetry } from '../../../../src/github/client/retry-runner';
import { NetworkError } from '../../../../src/github/client/transport-errors';

const settings = {
  maxRetries: 2,
  maxRateLimitRetries: 1,
  baseDelayMs: 100,
  maxDelayMs: 1000,
  secondaryFallbackMs: 60_000,
  timeScale: 1,
  now: () => 0,
  random: () => 0,
};

function retry(maxWaitMs = 10_000) {
  const slept: number[] = [];
  return { slept, r: createRetry(settings, maxWaitMs, async (ms) => void slept.push(ms)) };
}

const serverError = () =>
  new ApiError({ status: 502, method: 'POST', url: 'https://api.test/x', message: 'Bad Gateway' });

describe('client.retry', () => {
  it('decides by the matrix: 5xx and network failures back off, 4xx are final, permanent failures final', () => {
    const { r } = retry();
    expect(r.decide(serverError(), 0)).toMatchObject({ retry: true, waitMs: 50 });
    expect(r.decide(serverError(), 2)).toMatchObject({ retry: false });
    expect(r.decide(new ApiError({ status: 404, method: 'GET', url: 'https://api.test/x' }), 0).retry).toBe(false);
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(r.decide(new NetworkError('GET', 'https://api.test/x', 'refused', true, refused), 0).retry).toBe(false);
    expect(r.decide(new Error('not from the API'), 0).retry).toBe(false);
    expect(r.backoff(1)).toBe(100);
  });

  it('run() repeats until success, sleeping the back-off between tries', async () => {
    const { r, slept } = retry();
    let tries = 0;
    const value = await r.run(async (n) => {
      tries++;
      if (n < 2) throw serverError();
      return 'done';
    });
    expect(value).toBe('done');
    expect(tries).toBe(3);
    expect(slept).toEqual([50, 100]);
  });

  it('run() asks beforeRetry first, which may find the work done', async () => {
    const { r, slept } = retry();
    const value = await r.run(
      async () => {
        throw serverError();
      },
      { beforeRetry: async () => ({ result: 'found it' }) },
    );
    expect(value).toBe('found it');
    expect(slept).toEqual([]);
  });

  it('run() throws the last error when the matrix stops or the wait is too long', async () => {
    const { r } = retry();
    await expect(r.run(async () => Promise.reject(serverError()))).rejects.toThrow(/Bad Gateway/);
    const limited = new ApiError({
      status: 429,
      method: 'GET',
      url: 'https://api.test/x',
      headers: { 'retry-after': '60' },
    });
    await expect(retry(1000).r.run(async () => Promise.reject(limited))).rejects.toBe(limited);
  });
});
