import { describe, expect, it } from 'vitest';
import { BudgetTracker } from '../../../../../src/github/client/budget';
import { beforeSend, noteBudget } from '../../../../../src/github/client/stages/budget';
import { attempt, exchange } from './fixture';

const numbers = (remaining: number, reset = 2_000_000_000) => ({
  'x-ratelimit-limit': '5000',
  'x-ratelimit-remaining': String(remaining),
  'x-ratelimit-reset': String(reset),
  'x-ratelimit-resource': 'core',
});

function tracker(now = Date.now()) {
  const slept: number[] = [];
  const budget = new BudgetTracker({
    reserve: 0,
    maxWaitMs: 10_000,
    timeScale: 1,
    now: () => now,
    sleep: async (ms) => void slept.push(ms),
    fetchRateLimit: async () => ({ limit: 5000, remaining: 5000, used: 0, reset: 0 }),
  });
  return { budget, slept };
}

describe('budget stage', () => {
  it('answers below 500 move the budget, 5xx answers (an edge) and network failures do not', () => {
    const { budget } = tracker();
    noteBudget(attempt(200, { headers: numbers(4000) }), budget);
    expect(budget.state().remaining).toBe(4000);
    noteBudget(attempt(404, { headers: numbers(3999) }), budget);
    expect(budget.state().remaining).toBe(3999);
    noteBudget(attempt(502, { headers: numbers(0, 2_100_000_000) }), budget);
    noteBudget(attempt(undefined, { headers: numbers(0) }), budget);
    expect(budget.state()).toMatchObject({ remaining: 3999, reset: 2_000_000_000 });
  });

  it('waits for the reset before sending when the limit is known to be exhausted, not for /rate_limit', async () => {
    const now = Date.now();
    const { budget, slept } = tracker(now);
    noteBudget(attempt(200, { headers: numbers(0, Math.floor(now / 1000) + 5) }), budget);
    await beforeSend(exchange('GET /rate_limit'), budget);
    expect(slept).toEqual([]);
    await beforeSend(exchange('GET /user'), budget);
    expect(slept).toHaveLength(1);
    expect(slept[0]).toBeGreaterThan(4000);
  });
});
