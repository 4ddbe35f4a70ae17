// Progress of a large upload in the log: every 10% or every 30 s, whichever comes first, with the rate in MB/s.
import type { Clock } from '../client/clock';
import type { Logger } from '../client/types';

/** Uploads from this size on report their progress. */
export const PROGRESS_MIN_BYTES = 8 * 1024 * 1024;
const STEP = 0.1;
const INTERVAL_MS = 30_000;

export type ProgressCallback = (bytes: number) => void;

/** A callback for the bytes sent so far, or undefined for a file too small to report. */
export function progressReporter(
  file: { name: string; size: number },
  clock: Pick<Clock, 'now'>,
  log: Pick<Logger, 'info'>,
): ProgressCallback | undefined {
  if (file.size < PROGRESS_MIN_BYTES) return undefined;
  const start = clock.now();
  let nextFraction = STEP;
  let lastReport = start;
  return (bytes) => {
    const now = clock.now();
    const fraction = bytes / file.size;
    if (fraction < nextFraction && now - lastReport < INTERVAL_MS) return;
    while (nextFraction <= fraction) nextFraction += STEP;
    lastReport = now;
    const seconds = Math.max(0.001, (now - start) / 1000);
    const rate = bytes / 1e6 / seconds;
    log.info(
      `Uploading "${file.name}": ${Math.floor(fraction * 100)}% (${(bytes / 1e6).toFixed(1)} of ` +
        `${(file.size / 1e6).toFixed(1)} MB, ${rate.toFixed(1)} MB/s).`,
    );
  };
}
