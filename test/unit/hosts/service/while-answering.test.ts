// A delivery's write is bounded by the database's silence: refused at the quiet time unless the database answered
// just before, kept while it answers (slowly), refused once it falls silent or at the limit in any case.
// Fake timers and an injected clock: no real time passes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whileAnswering } from '../../../../src/hosts/service/with-timeout';

let now = 0;
beforeEach(() => {
  vi.useFakeTimers();
  now = 0;
});
afterEach(() => vi.useRealTimers());

/** Advances the fake timers and the injected clock together, `step` ms at a time, calling `each` after each step. */
async function advance(ms: number, each: () => void = () => {}, step = 10): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    now += step;
    await vi.advanceTimersByTimeAsync(step);
    each();
  }
}

const never = () => new Promise<string>(() => {});

describe('a write bounded by the database answering', () => {
  it.each([
    {
      case: 'the database answers nothing',
      answersEveryMs: undefined,
      settlesAtMs: 1_000_000,
      outcome: 'refused',
      atMs: 900,
    },
    {
      case: 'the database answers, the write ends at 3 s',
      answersEveryMs: 200,
      settlesAtMs: 3_000,
      outcome: 'stored',
      atMs: 3_000,
    },
    {
      case: 'the database answers, the write never ends',
      answersEveryMs: 200,
      settlesAtMs: 1_000_000,
      outcome: 'refused',
      atMs: 5_000,
    },
    { case: 'a quick write', answersEveryMs: undefined, settlesAtMs: 20, outcome: 'stored', atMs: 20 },
  ])('$case: $outcome at $atMs ms', async ({ answersEveryMs, settlesAtMs, outcome, atMs }) => {
    let lastAnswerAt = 0;
    let settle: (v: string) => void = () => {};
    const write = settlesAtMs < 1_000_000 ? new Promise<string>((r) => (settle = r)) : never();
    let result: { outcome: string; atMs: number } | undefined;
    whileAnswering(
      write,
      { quietMs: 900, limitMs: 5_000, lastAnswerAt: () => lastAnswerAt, now: () => now },
      'away',
    ).then(
      () => (result = { outcome: 'stored', atMs: now }),
      () => (result = { outcome: 'refused', atMs: now }),
    );
    await advance(6_000, () => {
      if (answersEveryMs && now % answersEveryMs === 0) lastAnswerAt = now;
      if (now === settlesAtMs) settle('ok');
    });
    expect(result?.outcome).toBe(outcome);
    // At the bound itself (the clock moves in steps of 10 ms).
    expect(result!.atMs).toBeGreaterThanOrEqual(atMs);
    expect(result!.atMs).toBeLessThanOrEqual(atMs + 10);
  });

  it('refuses a gap after the last answer when the database falls silent mid-write', async () => {
    let lastAnswerAt = 0;
    let refusedAt: number | undefined;
    whileAnswering(
      never(),
      { quietMs: 900, limitMs: 5_000, lastAnswerAt: () => lastAnswerAt, now: () => now },
      'away',
    ).catch(() => (refusedAt = now));
    await advance(2_000, () => {
      if (now <= 1_500 && now % 100 === 0) lastAnswerAt = now; // answers until 1.5 s, then silence
    });
    await advance(1_000);
    expect(refusedAt).toBeGreaterThanOrEqual(1_750);
    expect(refusedAt).toBeLessThanOrEqual(1_760);
  });
});
