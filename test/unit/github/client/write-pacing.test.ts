// Writes as GitHub asks (src/github/client/pacer.ts): one at a time, a second apart once a plan holds more than a handful,
// the spacing doubling on any secondary signal and shrinking slowly after; and a plan's writes checked against the
// 500-an-hour window before its first write (src/github/client/budget.ts). A fake clock throughout.
import { describe, expect, it } from 'vitest';
import { BudgetTracker } from '../../../../src/github/client/budget';
import { BudgetError, WriteLimitError } from '../../../../src/github/client/errors';
import { DEFAULT_LIMITS, Pacer, WaitTooLongError } from '../../../../src/github/client/pacer';
import type { Attempt, Exchange, Verdict } from '../../../../src/github/client/stages/exchange';
import { changeSetCost, type ChangeSet } from '../../../../src/actions/commit-files/plan';
import { notePacing } from '../../../../src/github/client/stages/pacer';

function fakeClock(start = 1_000_000) {
  const clock = {
    t: start,
    sleeps: [] as number[],
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.t += ms;
    },
  };
  return clock;
}
const limits = { ...DEFAULT_LIMITS, concurrency: 8, timeScale: 1 };
const pacerOn = (clock = fakeClock(), timeScale = 1, history: number[] = []) =>
  new Pacer({ ...limits, timeScale }, clock, 120_000, history);

/** Sends `n` writes one after another, each answered `latency` ms after its admission; answers the send times. */
async function writes(pacer: Pacer, clock: ReturnType<typeof fakeClock>, n: number, latency = 50): Promise<number[]> {
  const sent: number[] = [];
  for (let i = 0; i < n; i++) {
    const slot = await pacer.acquire('POST');
    sent.push(clock.t);
    clock.t += latency;
    slot.release();
    pacer.noteAnswer(true, false);
  }
  return sent;
}

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]);

describe('writes one at a time', () => {
  it('a second write waits for the first one’s answer while reads go on', async () => {
    const clock = fakeClock();
    const pacer = pacerOn(clock);
    const first = await pacer.acquire('POST');
    let second = false;
    const next = pacer.acquire('PATCH').then((s) => ((second = true), s));
    const read = await pacer.acquire('GET');
    read.release();
    await new Promise((r) => setTimeout(r, 10));
    expect(second).toBe(false);
    first.release();
    (await next).release();
    expect(second).toBe(true);
  });

  it('a write holding the turn through its retries comes before any other write', async () => {
    const clock = fakeClock();
    const pacer = pacerOn(clock);
    const handOn = await pacer.takeWriteTurn();
    const order: string[] = [];
    const other = pacer.acquire('POST').then((s) => (order.push('other'), s));
    for (let attempt = 0; attempt < 3; attempt++) {
      const slot = await pacer.acquire('POST', 'held');
      order.push(`retry ${attempt}`);
      slot.release();
    }
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['retry 0', 'retry 1', 'retry 2']);
    handOn();
    (await other).release();
    expect(order.at(-1)).toBe('other');
  });

  it('asset uploads go beside each other (the caller chose how many), counted in the windows, never spaced', async () => {
    const clock = fakeClock();
    const pacer = pacerOn(clock);
    pacer.expectWrites(50);
    const held = await pacer.acquire('POST');
    const uploads = await Promise.all([1, 2, 3].map(() => pacer.acquire('POST', 'parallel')));
    expect(clock.t).toBe(1_000_000);
    for (const u of uploads) u.release();
    held.release();
    expect(pacer.history()).toHaveLength(4);
  });

  it('a failed wait hands the turn on (the next write is not stuck)', async () => {
    const clock = fakeClock();
    const pacer = new Pacer(limits, clock, 1_000);
    await writes(pacer, clock, 1);
    pacer.noteAnswer(true, true, 5_000); // a pause beyond the bound
    await expect(pacer.acquire('POST')).rejects.toBeInstanceOf(WaitTooLongError);
    clock.t += 5_000;
    (await pacer.acquire('POST')).release();
  });
});

describe('spacing', () => {
  it.each([
    // [case, planned writes, writes sent, expected gaps between send times (50 ms answers)]
    ['a handful without a plan goes at once', 0, 5, [50, 50, 50, 50]],
    ['past the handful, a second after the previous answer', 0, 7, [50, 50, 50, 50, 1050, 1050]],
    ['a plan of a handful goes at once', 5, 5, [50, 50, 50, 50]],
    ['a plan of more than a handful is spaced from the first write', 6, 4, [1050, 1050, 1050]],
  ])('%s', async (_case, planned, n, expected) => {
    const clock = fakeClock();
    const pacer = pacerOn(clock);
    if (planned) pacer.expectWrites(planned);
    expect(gaps(await writes(pacer, clock, n))).toEqual(expected);
  });

  it('scales the spacing with the time scale (tests against the emulator)', async () => {
    const clock = fakeClock();
    const pacer = pacerOn(clock, 0.01);
    pacer.expectWrites(100);
    expect(gaps(await writes(pacer, clock, 3, 1))).toEqual([11, 11]);
  });

  it('writes of earlier steps within the minute count toward the handful', async () => {
    const clock = fakeClock();
    const pacer = pacerOn(clock, 1, [clock.t - 30_000, clock.t - 20_000, clock.t - 10_000, clock.t - 5_000]);
    // The first goes at once (the fifth of the minute), the second is the sixth: spaced.
    expect(gaps(await writes(pacer, clock, 3))).toEqual([1050, 1050]);
  });

  it('a read is never spaced', async () => {
    const clock = fakeClock();
    const pacer = pacerOn(clock);
    pacer.expectWrites(10);
    await writes(pacer, clock, 2);
    const before = clock.t;
    for (let i = 0; i < 20; i++) (await pacer.acquire('GET')).release();
    expect(clock.t).toBe(before);
  });
});

describe('adaptive back-off', () => {
  it.each([
    // [case, answers in order (s: secondary on a write, r: secondary on a read, w: write ok, g: read ok), spacing after]
    ['one secondary signal doubles it', 's', 2000],
    ['each repeat doubles again', 'sss', 8000],
    ['up to the cap', 'ssssssss', 32_000],
    ['a read refused counts too', 'r', 2000],
    ['a write answered takes a tenth off', 'sw', 1800],
    ['shrinks slowly: seven writes from 2 s', 'swwwwwww', 1000],
    ['six writes are not enough', 'swwwwww', 2000 * 0.9 ** 6],
    ['never below the base', 'wwww', 1000],
    ['reads answered do not shrink it', 'sgggg', 2000],
  ])('%s', (_case, answers, spacing) => {
    const pacer = pacerOn();
    for (const a of answers) pacer.noteAnswer(a === 's' || a === 'w', a === 's' || a === 'r');
    expect(pacer.writeSpacingMs).toBeCloseTo(spacing, 6);
  });

  it('after a signal even a small run is spaced by the grown spacing, and the pause holds every write', async () => {
    const clock = fakeClock();
    const pacer = pacerOn(clock);
    await writes(pacer, clock, 1);
    pacer.noteAnswer(true, true, 3_000);
    const start = clock.t;
    const slot = await pacer.acquire('POST');
    expect(clock.t - start).toBe(3_000); // the pause (longer than the 2 s spacing from the last answer)
    slot.release();
    const next = clock.t;
    (await pacer.acquire('POST')).release();
    expect(clock.t - next).toBe(2_000);
  });

  it('notePacing reads the answer: 403/429 secondary, 422 too quickly and a GraphQL 200 with it grow the spacing', () => {
    const ex = (write: boolean) => ({ write, free: false }) as Exchange;
    const retry: Verdict = { kind: 'retry', waitMs: 1_500, reason: 'x', rateLimited: true };
    const ok: Verdict = { kind: 'fail', error: new Error('x') };
    const cases: [Attempt, Verdict, number][] = [
      [{ status: 403, headers: { 'retry-after': '1' }, startedAt: 0, data: {} }, retry, 2000],
      [{ status: 429, headers: {}, startedAt: 0, data: {} }, retry, 2000],
      [
        { status: 403, headers: {}, startedAt: 0, data: { message: 'You have exceeded a secondary rate limit' } },
        retry,
        2000,
      ],
      [
        { status: 422, headers: {}, startedAt: 0, data: { errors: [{ message: 'was submitted too quickly' }] } },
        retry,
        2000,
      ],
      [
        {
          status: 200,
          headers: {},
          startedAt: 0,
          response: { status: 200, headers: {}, url: '', data: { errors: [{ message: 'was submitted too quickly' }] } },
        },
        retry,
        2000,
      ],
      [{ status: 403, headers: {}, startedAt: 0, data: { message: 'Resource not accessible' } }, ok, 1000],
      [{ status: 422, headers: {}, startedAt: 0, data: { message: 'Validation Failed' } }, ok, 1000],
      [{ headers: {}, startedAt: 0, failure: new Error('reset') }, ok, 1000],
    ];
    for (const [attempt, verdict, spacing] of cases) {
      const pacer = pacerOn();
      notePacing(pacer, ex(true), attempt, verdict);
      expect(pacer.writeSpacingMs, JSON.stringify(attempt)).toBe(spacing);
    }
  });
});

describe('a plan’s writes against 500 an hour', () => {
  const budget = (pacer: Pacer, clock: ReturnType<typeof fakeClock>, onPlan?: () => void) =>
    new BudgetTracker({
      reserve: 0,
      maxWaitMs: 120_000,
      timeScale: 1,
      now: clock.now,
      sleep: clock.sleep,
      fetchRateLimit: async () => undefined, // no primary limit: only the write windows decide
      writes: { planFit: (n) => pacer.planFit(n), expectWrites: (n) => pacer.expectWrites(n), onPlan },
    });

  it.each([
    // [case, writes in the last hour (ages in minutes), plan writes, fits]
    ['an empty hour takes 500', [], 500, true],
    ['501 never fit one hour', [], 501, false],
    ['490 blob uploads after 20 writes do not fit', Array(20).fill(30), 490, false],
    [
      'they fit when the 10 oldest leave the window within the wait bound',
      [...Array(10).fill(59), ...Array(10).fill(30)],
      490,
      true,
    ],
    ['the oldest leaving in 10 min is too late', [...Array(10).fill(50), ...Array(10).fill(30)], 490, false],
    ['writes older than an hour do not count', Array(100).fill(61), 500, true],
  ])('%s', async (_case, ages, planned, fits) => {
    const clock = fakeClock(10 * 3_600_000);
    const pacer = pacerOn(
      clock,
      1,
      (ages as number[]).map((m) => clock.t - m * 60_000),
    );
    const b = budget(pacer, clock);
    expect(b.canAfford({ requests: planned, writes: planned })).toBe(fits);
    const result = b.ensure({ requests: planned, writes: planned }, 'the commit').then(
      () => undefined,
      (e: unknown) => e,
    );
    if (fits) expect(await result).toBeUndefined();
    else {
      const err = await result;
      expect(err).toBeInstanceOf(WriteLimitError);
      expect(err).toBeInstanceOf(BudgetError);
      const inHour = (ages as number[]).filter((m) => m < 60).length;
      expect((err as Error).message).toContain(
        `Too many writes for the commit: it needs ${planned} content-creating requests; GitHub allows 500 an hour, ${inHour} were made in the last hour (${500 - inHour} left)`,
      );
      expect((err as Error).message).toMatch(
        planned > 500 ? /split the work into runs of at most 500/ : /leave the hour's window at/,
      );
      expect((err as Error).message).toMatch(/Nothing was written\.$/);
    }
  });

  it('announces the plan: a large one is spaced from its first write and told how long it takes at least', async () => {
    const clock = fakeClock();
    const pacer = pacerOn(clock);
    const told: number[] = [];
    const b = budget(pacer, clock, () => told.push(pacer.planFit(250).minMs));
    await b.ensure({ requests: 250, writes: 250 });
    expect(told).toEqual([249_000]); // 250 writes a second apart; 80 a minute would take 3 minutes + 1 write
    expect(pacer.planFit(250)).toMatchObject({ perMinute: 80, perHour: 500, inHour: 0, left: 500, waitMs: 0 });
    expect(pacer.planFit(400).minMs).toBe(399_000);
    expect(gaps(await writes(pacer, clock, 2))).toEqual([1050]);
  });

  it.each([
    [488, true], // 488 blobs + 1 tree + the commit + the ref = 491 writes
    [497, true], // 500 writes exactly
    [498, false],
  ])('a commit-files change of %i blob uploads fits the hour: %s', async (blobs, fits) => {
    const clock = fakeClock();
    const pacer = pacerOn(clock);
    const set = {
      changes: [{}],
      uploads: Array.from({ length: blobs }, () => ({})),
      batches: [[{}]],
    } as unknown as ChangeSet;
    const cost = changeSetCost(set);
    expect(cost.writes).toBe(blobs + 3);
    const result = await budget(pacer, clock)
      .ensure(cost, 'the commit')
      .then(
        () => 'written',
        (e: unknown) => e,
      );
    if (fits) expect(result).toBe('written');
    else expect(result).toBeInstanceOf(WriteLimitError);
  });
});
