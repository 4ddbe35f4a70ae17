import { describe, expect, it } from 'vitest';
import { runClosedLoop, runOpenLoop, scheduleOffsets, summarize } from '../../../bench/open-loop';

describe('open-loop schedule', () => {
  it('spaces sends evenly at the rate over the duration', () => {
    expect(scheduleOffsets(4, 1000)).toEqual([0, 250, 500, 750]);
    expect(scheduleOffsets(200, 60_000)).toHaveLength(12_000);
    expect(scheduleOffsets(200, 60_000)[11_999]).toBeCloseTo(59_995);
    expect(scheduleOffsets(0, 1000)).toEqual([]);
    expect(scheduleOffsets(10, 0)).toEqual([]);
  });

  it('times each answer from its scheduled send, not from when the previous one finished', async () => {
    // A fake clock: sends are due at 0, 1 and 2 ms; the first answer comes at 100 and the clock stays there, so
    // the later sends leave late (never waiting) and their latency still counts from when they were due.
    let clock = 0;
    const answers = await runOpenLoop(
      1000,
      3,
      async () => {
        clock = 100;
        return { status: 202 };
      },
      () => clock,
    );
    expect(answers).toEqual([
      { status: 202, latencyMs: 100, lateMs: 0 },
      { status: 202, latencyMs: 99, lateMs: 99 },
      { status: 202, latencyMs: 98, lateMs: 98 },
    ]);
  });

  it('keeps why a connection failed, whether send resolves with it or rejects', async () => {
    let clock = 0;
    const answers = await runOpenLoop(
      1000,
      2,
      async (i) => {
        clock = 10;
        if (i === 0) return { status: 0, error: 'ECONNRESET' };
        throw new Error('boom');
      },
      () => clock,
    );
    expect(answers).toEqual([
      { status: 0, latencyMs: 10, lateMs: 0, error: 'ECONNRESET' },
      { status: 0, latencyMs: 9, lateMs: 9, error: 'Error: boom' },
    ]);
  });

  it('counts 202s, non-2xx answers and connection failures apart; latency only over answers', () => {
    const s = summarize([
      { status: 202, latencyMs: 10, lateMs: 0 },
      { status: 202, latencyMs: 20, lateMs: 3 },
      { status: 200, latencyMs: 25, lateMs: 0 },
      { status: 503, latencyMs: 30, lateMs: 1 },
      { status: 0, latencyMs: 4000, lateMs: 2, error: 'ECONNRESET' },
      { status: 0, latencyMs: 4000, lateMs: 0, error: 'ECONNRESET' },
    ]);
    expect(s).toEqual({
      sent: 6,
      accepted: 2,
      non2xx: 1,
      connectionFailures: 2,
      statuses: { '0': 2, '200': 1, '202': 2, '503': 1 },
      errors: { ECONNRESET: 2 },
      p50: 20,
      p99: 30,
      max: 30,
      lateMaxMs: 3,
    });
  });

  it('summarizes no answers without inventing numbers', () => {
    const s = summarize([]);
    expect(s).toMatchObject({ sent: 0, accepted: 0, connectionFailures: 0, lateMaxMs: 0 });
    expect(s.p99).toBeNaN();
    expect(s.max).toBeNaN();
  });
});

describe('closed loop', () => {
  it('keeps at most `senders` requests in flight and answers in request order', async () => {
    let inFlight = 0;
    let most = 0;
    const answers = await runClosedLoop(3, 10, async (i) => {
      most = Math.max(most, ++inFlight);
      await Promise.resolve();
      inFlight--;
      return { status: i === 4 ? 503 : 202 };
    });
    expect(most).toBe(3);
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 503, 202, 202, 202, 202, 202]);
    expect(answers.every((a) => a.lateMs === 0)).toBe(true);
  });
});
