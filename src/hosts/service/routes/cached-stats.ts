// The store's figures for /metrics, read at most once per `freshMs`: a scrape answers from the last reading and a
// stale one is refreshed in the background, so scrapes never queue behind the database and many scrapers cost one
// read. Past `staleMs` (or after a failed read) there is nothing to show but a new reading: the scrape waits for
// it (the route bounds the wait), so a database that went away shows as unknown gauges, never as old numbers.
import type { QueueStats } from '../store/types';

export interface StatsCacheOptions {
  read(): Promise<QueueStats>;
  /** A reading younger than this is served as it is. */
  freshMs: number;
  /** A reading older than this is never served. */
  staleMs: number;
  now?: () => number;
}

export function cachedStats(o: StatsCacheOptions): () => Promise<QueueStats> {
  const now = o.now ?? (() => performance.now());
  let last: { stats: QueueStats; at: number } | undefined;
  let reading: Promise<QueueStats> | undefined;

  const refresh = (): Promise<QueueStats> => {
    reading ??= o
      .read()
      .then(
        (stats) => {
          last = { stats, at: now() };
          return stats;
        },
        (err: unknown) => {
          last = undefined;
          throw err;
        },
      )
      .finally(() => (reading = undefined));
    return reading;
  };

  return async () => {
    const age = last ? now() - last.at : Infinity;
    if (last && age < o.freshMs) return last.stats;
    if (last && age < o.staleMs) {
      refresh().catch(() => {});
      return last.stats;
    }
    return refresh();
  };
}
