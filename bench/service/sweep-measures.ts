// The sweep row's arithmetic (bench/scenarios/webhooks-service-sweep.ts), kept pure so it is tested on its own:
// the cron expression that fires once at a chosen minute (graphile-worker's crontab runs whole minutes, UTC, and
// the row needs exactly one slot), the most events inside any window of a given length (GitHub's secondary limits
// are sliding windows: 80 content-creating requests a minute, 500 an hour), and latency percentiles.
import { percentile } from '../standalone';

const MINUTE_MS = 60_000;

/** The first whole minute (epoch ms) at least `leadMs` after `now`. */
export function slotAfter(now: number, leadMs: number): number {
  return Math.ceil((now + leadMs) / MINUTE_MS) * MINUTE_MS;
}

/**
 * A five-field cron expression (UTC) matching only the minute of `slot` (its day of week left `*`: with a day of
 * month given, cron's "either day" rule would otherwise match every such weekday). It matches again a year later
 * at the earliest, so within a row it fires once.
 */
export function cronAt(slot: number): string {
  const d = new Date(slot);
  return `${d.getUTCMinutes()} ${d.getUTCHours()} ${d.getUTCDate()} ${d.getUTCMonth() + 1} *`;
}

/** The most of `times` (epoch ms, any order) inside any half-open window [t, t + windowMs). */
export function maxInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end] - sorted[start] >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

export interface Latency {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** Count, p50, p99 (nearest rank) and max of `values` (NaN for none). */
export function latencyOf(values: number[]): Latency {
  return {
    count: values.length,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : NaN,
  };
}
