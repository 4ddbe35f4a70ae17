// The sweep row's arithmetic (bench/service/sweep-measures.ts): the slot it schedules, the cron expression firing at
// that minute only (checked with the service's own cron parser), the sliding-window maximum the write limits are
// judged by, and the latency summary.
import { describe, expect, it } from 'vitest';
import { cronAt, latencyOf, maxInWindow, slotAfter } from '../../../bench/service/sweep-measures';
import { parseCron } from '../../../src/hosts/service/sweeps';

const at = (iso: string) => Date.parse(iso);

describe('the sweep slot', () => {
  it('is the first whole minute at least the lead away', () => {
    expect(slotAfter(at('2026-11-29T03:10:15Z'), 30_000)).toBe(at('2026-11-29T03:11:00Z'));
    expect(slotAfter(at('2026-11-29T03:10:45Z'), 30_000)).toBe(at('2026-11-29T03:12:00Z'));
    expect(slotAfter(at('2026-11-29T03:10:30Z'), 30_000)).toBe(at('2026-11-29T03:11:00Z'));
  });

  it('is named by a cron expression matching that minute and no other of the year', () => {
    const slot = at('2026-12-31T23:59:00Z');
    const cron = parseCron(cronAt(slot));
    expect(cronAt(slot)).toBe('59 23 31 12 *');
    const matches = (t: number) => {
      const d = new Date(t);
      const [minute, hour, day, month, weekday] = cron.fields;
      return (
        minute.has(d.getUTCMinutes()) &&
        hour.has(d.getUTCHours()) &&
        day.has(d.getUTCDate()) &&
        month.has(d.getUTCMonth() + 1) &&
        weekday.has(d.getUTCDay())
      );
    };
    expect(cron.eitherDay).toBe(false);
    expect(matches(slot)).toBe(true);
    for (const other of [slot - 60_000, slot + 60_000, slot - 86_400_000, slot - 7 * 86_400_000])
      expect(matches(other)).toBe(false);
  });
});

describe('the most events in any window', () => {
  it('slides over the events in any order, the window half-open', () => {
    expect(maxInWindow([], 60_000)).toBe(0);
    expect(maxInWindow([5], 60_000)).toBe(1);
    // 0, 59_999 share a window; 60_000 starts the next one.
    expect(maxInWindow([60_000, 0, 59_999], 60_000)).toBe(2);
    // The densest window is not aligned to a boundary: 50 s .. 109 s holds four.
    expect(maxInWindow([0, 50_000, 70_000, 90_000, 109_000, 200_000], 60_000)).toBe(4);
    expect(maxInWindow([1, 1, 1], 1)).toBe(3);
  });
});

describe('the latency summary', () => {
  it('gives count, nearest-rank percentiles and max', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(latencyOf(values)).toEqual({ count: 100, p50: 50, p99: 99, max: 100 });
    const none = latencyOf([]);
    expect(none.count).toBe(0);
    expect(Number.isNaN(none.p99) && Number.isNaN(none.max)).toBe(true);
  });
});
