import { describe, expect, it } from 'vitest';
import { runOpenLoop, scheduleOffsets, summarize } from '../../../bench/open-loop';

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
        return 202;
      },
      () => clock,
    );
    expect(answers).toEqual([
      { status: 202, latencyMs: 100 },
      { status: 202, latencyMs: 99 },
      { status: 202, latencyMs: 98 },
    ]);
  });

  it('summarizes statuses and percentiles, counting failed connections as non-2xx', () => {
    const s = summarize([
      { status: 202, latencyMs: 10 },
      { status: 202, latencyMs: 20 },
      { status: 503, latencyMs: 30 },
      { status: 0, latencyMs: 40 },
    ]);
    expect(s).toEqual({ sent: 4, non2xx: 2, statuses: { '0': 1, '202': 2, '503': 1 }, p50: 20, p99: 40, max: 40 });
  });
});
