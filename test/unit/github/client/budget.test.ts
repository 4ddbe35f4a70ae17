import { describe, expect, it } from 'vitest';
import { BudgetTracker } from '../../../../src/github/client/budget';
import { BudgetError } from '../../../../src/github/client/errors';

const NOW = 1_700_000_000_000;
function tracker(reserve = 50, maxWaitMs = 0) {
  return new BudgetTracker({
    reserve,
    maxWaitMs,
    timeScale: 1,
    now: () => NOW,
    sleep: async () => {},
    fetchRateLimit: async () => ({ limit: 1000, remaining: 1000, used: 0, reset: NOW / 1000 + 3600 }),
  });
}
const h = (remaining: number, reset = NOW / 1000 + 600, resource = 'core') => ({
  'x-ratelimit-limit': '1000',
  'x-ratelimit-remaining': String(remaining),
  'x-ratelimit-used': String(1000 - remaining),
  'x-ratelimit-reset': String(reset),
  'x-ratelimit-resource': resource,
});

describe('budget arithmetic', () => {
  it('says when waiting for the reset would not help', async () => {
    const b = tracker(990);
    b.update(h(1000));
    await expect(b.ensure(20)).rejects.toThrow(/even a full budget \(1000\) minus the reserve cannot pay for it/);
  });

  it.each([
    [100, 50, 50, true],
    [100, 50, 51, false],
    [60, 0, 60, true],
    [10, 50, 1, false],
  ])('remaining %i, reserve %i: can afford %i → %s', (remaining, reserve, cost, ok) => {
    const b = tracker(reserve);
    b.update(h(remaining));
    expect(b.canAfford({ requests: cost, writes: cost })).toBe(ok);
  });

  it('keeps the smaller remaining of one window when responses arrive out of order', () => {
    const b = tracker();
    b.update(h(900));
    b.update(h(905));
    expect(b.state().remaining).toBe(900);
    b.update(h(899, NOW / 1000 + 598)); // a slightly earlier reset (clock jitter) is the same window
    expect(b.state().remaining).toBe(899);
  });

  it('takes the numbers of a new window', () => {
    const b = tracker();
    b.update(h(3));
    b.update(h(999, NOW / 1000 + 4200));
    expect(b.state().remaining).toBe(999);
  });

  it('ignores other resources (search, graphql)', () => {
    const b = tracker();
    b.update(h(900));
    b.update(h(5, NOW / 1000 + 60, 'search'));
    expect(b.state().remaining).toBe(900);
  });

  it('refuses with the numbers and the reset time', async () => {
    const b = tracker(50);
    b.update(h(70, NOW / 1000 + 1200));
    const err = await b.ensure({ requests: 23, writes: 22 }, 'label-sync on octo/app').catch((e) => e);
    expect(err).toBeInstanceOf(BudgetError);
    expect(err.message).toContain(
      'Budget too small for label-sync on octo/app: it needs 23 requests, 70 remain and 50 are kept in reserve (20 usable); ' +
        `the limit resets at ${new Date(NOW + 1_200_000).toISOString()}`,
    );
    expect(err.message).toMatch(/Nothing was written\.$/);
    expect([err.needed, err.remaining, err.reserve]).toEqual([23, 70, 50]);
  });
});

describe('no primary limit (GitHub Enterprise Server with rate limiting off)', () => {
  function unlimitedTracker(told: string[]) {
    return new BudgetTracker({
      reserve: 50,
      maxWaitMs: 0,
      timeScale: 1,
      now: () => NOW,
      sleep: async () => {
        throw new Error('must not wait');
      },
      fetchRateLimit: async () => undefined,
      onUnlimited: () => told.push('unlimited'),
    });
  }

  it('a 404 from /rate_limit makes every plan affordable, and says so once', async () => {
    const told: string[] = [];
    const b = unlimitedTracker(told);
    await b.ensure({ requests: 1_000_000, writes: 5000 }, 'a huge plan');
    await b.ensure(10);
    expect(b.canAfford(10 ** 9)).toBe(true);
    expect(b.state()).toMatchObject({ known: true, unlimited: true, remaining: Number.POSITIVE_INFINITY });
    expect(told).toEqual(['unlimited']);
    await b.beforeRequest();
  });

  it('answers without x-ratelimit-* headers leave the state as it was', async () => {
    const b = unlimitedTracker([]);
    b.update({ etag: 'W/"x"' });
    expect(b.state().known).toBe(false);
    await b.ensure(5);
    b.update({ etag: 'W/"y"' });
    expect(b.state().unlimited).toBe(true);
  });
});
