import { describe, expect, it } from 'vitest';
import { cachedStats } from '../../../../../src/hosts/service/routes/cached-stats';
import type { QueueStats } from '../../../../../src/hosts/service/store/types';

const stats = (queued: number): QueueStats => ({ queued, running: 0, oldestAgeMs: 0, failed: 0, done: 0 });

function harness() {
  let clock = 0;
  let reads = 0;
  const pending: { resolve: (s: QueueStats) => void; reject: (e: Error) => void }[] = [];
  const get = cachedStats({
    read: () => {
      reads++;
      return new Promise((resolve, reject) => pending.push({ resolve, reject }));
    },
    freshMs: 1_000,
    staleMs: 10_000,
    now: () => clock,
  });
  return {
    get,
    pending,
    reads: () => reads,
    advance: (ms: number) => (clock += ms),
  };
}

describe('cached store figures for /metrics', () => {
  it('reads once for scrapes within the fresh time, however many', async () => {
    const h = harness();
    const first = Promise.all([h.get(), h.get()]);
    h.pending[0].resolve(stats(5));
    expect(await first).toEqual([stats(5), stats(5)]);
    h.advance(999);
    expect(await h.get()).toEqual(stats(5));
    expect(h.reads()).toBe(1);
  });

  it('answers a stale reading at once and refreshes it in the background', async () => {
    const h = harness();
    const first = h.get();
    h.pending[0].resolve(stats(5));
    await first;
    h.advance(1_500);
    expect(await h.get()).toEqual(stats(5));
    expect(h.reads()).toBe(2);
    h.pending[1].resolve(stats(7));
    await Promise.resolve();
    await Promise.resolve();
    expect(await h.get()).toEqual(stats(7));
    expect(h.reads()).toBe(2);
  });

  it('never shows a reading older than the stale bound: the scrape waits for a new one', async () => {
    const h = harness();
    const first = h.get();
    h.pending[0].resolve(stats(5));
    await first;
    h.advance(10_000);
    const scrape = h.get();
    expect(h.reads()).toBe(2);
    h.pending[1].resolve(stats(9));
    expect(await scrape).toEqual(stats(9));
  });

  it('forgets the reading when a read fails, so a database that went away shows as unknown', async () => {
    const h = harness();
    const first = h.get();
    h.pending[0].resolve(stats(5));
    await first;
    h.advance(2_000);
    expect(await h.get()).toEqual(stats(5)); // stale, refresh under way
    h.pending[1].reject(new Error('connection refused'));
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    const next = h.get();
    expect(h.reads()).toBe(3);
    h.pending[2].reject(new Error('connection refused'));
    await expect(next).rejects.toThrow('connection refused');
  });
});
