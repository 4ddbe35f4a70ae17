// The receiver comes first: while the store's writes are slow (one unanswered past the bound, or one answered slowly
// within the window), a job starts only when no other runs; quick writes, or none at all, let every job start.
// The clock is injected and the timers are vitest's fake ones: no real time passes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReceiverFirst } from '../../../../src/hosts/service/receiver-first';

let now = 0;
beforeEach(() => {
  vi.useFakeTimers();
  now = 0;
});
afterEach(() => vi.useRealTimers());

const gate = (heldBack = { n: 0 }) =>
  new ReceiverFirst({ slowMs: 25, windowMs: 1_000, pollMs: 20, now: () => now, onHeldBack: () => heldBack.n++ });

/** A write that took `ms` and ended now. */
function write(g: ReceiverFirst, ms: number): void {
  now -= ms;
  const end = g.begin();
  now += ms;
  end();
}

describe('slow writes', () => {
  it.each([
    { case: 'no write at all', writes: [], pendingFor: undefined, after: 0, slow: false },
    { case: 'quick writes', writes: [3, 10, 25], pendingFor: undefined, after: 0, slow: false },
    { case: 'one slow write in the window', writes: [3, 40, 5], pendingFor: undefined, after: 0, slow: true },
    { case: 'a slow write older than the window', writes: [40], pendingFor: undefined, after: 1_001, slow: false },
    { case: 'a write unanswered past the bound', writes: [], pendingFor: 26, after: 0, slow: true },
    { case: 'a write unanswered within the bound', writes: [], pendingFor: 24, after: 0, slow: false },
  ])('$case: slow is $slow', ({ writes, pendingFor, after, slow }) => {
    const g = gate();
    for (const ms of writes) write(g, ms);
    now += after;
    if (pendingFor !== undefined) {
      g.begin();
      now += pendingFor;
    }
    expect(g.slow()).toBe(slow);
  });
});

describe('admitting jobs', () => {
  it('starts every job at once while writes are quick', async () => {
    const g = gate();
    write(g, 5);
    const releases = await Promise.all([g.admit(), g.admit(), g.admit()]);
    expect(g.jobs).toBe(3);
    releases.forEach((r) => r());
    expect(g.jobs).toBe(0);
  });

  it('starts the first job even while writes are slow, and holds the next until it ends', async () => {
    const heldBack = { n: 0 };
    const g = gate(heldBack);
    write(g, 100);
    const first = await g.admit();
    let secondStarted = false;
    const second = g.admit().then((release) => {
      secondStarted = true;
      return release;
    });
    await vi.advanceTimersByTimeAsync(200);
    now += 200;
    expect(secondStarted).toBe(false);
    expect(heldBack.n).toBe(1);
    first();
    await vi.advanceTimersByTimeAsync(20);
    expect(secondStarted).toBe(true);
    (await second)();
    expect(g.jobs).toBe(0);
  });

  it('lets held jobs start once the slow write leaves the window', async () => {
    const g = gate();
    write(g, 100);
    const first = await g.admit();
    let started = 0;
    const waiting = [g.admit(), g.admit()].map((p) => p.then((r) => (started++, r)));
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(0);
    now += 1_001;
    await vi.advanceTimersByTimeAsync(20);
    expect(started).toBe(2);
    first();
    for (const r of await Promise.all(waiting)) r();
    expect(g.jobs).toBe(0);
  });

  it('lets one held job start at a time when the running one ends while writes stay slow', async () => {
    const g = gate();
    const pending = g.begin(); // never answered: writes stay slow
    now += 30;
    const first = await g.admit();
    let started = 0;
    const waiting = [g.admit(), g.admit()].map((p) => p.then((r) => (started++, r)));
    await vi.advanceTimersByTimeAsync(40);
    expect(started).toBe(0);
    first();
    await vi.advanceTimersByTimeAsync(40);
    expect(started).toBe(1);
    expect(g.jobs).toBe(1);
    pending();
    now += 1_001;
    await vi.advanceTimersByTimeAsync(20);
    expect(started).toBe(2);
    for (const r of await Promise.all(waiting)) r();
  });

  it('releases a job once however often its end is called', async () => {
    const g = gate();
    const release = await g.admit();
    release();
    release();
    expect(g.jobs).toBe(0);
  });
});
