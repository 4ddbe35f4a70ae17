// Progress lines for long work (an upload of a large asset, a sweep over thousands of items, a merge relabelling
// many issues): one line every N items (or every given fraction of the total) or every T seconds, whichever comes
// first, and never more than one line per step. Bytes are shown in binary units (the kernel's formatBytes, sizes.ts: MiB) with the
// rate since the start.
import type { Clock } from '../github/client/clock';
import { formatBytes, formatRate } from './sizes';
import { plural } from './words';

export interface ProgressOptions {
  /** What is being done, at the start of each line: `Uploading app.tgz`, `Stale sweep`. */
  label: string;
  /** How many units in all, when known (enables percentages and `everyFraction`). */
  total?: number;
  /** `items` (counted with `noun`) or `bytes` (shown in MiB with MiB/s). Default `items`. */
  unit?: 'items' | 'bytes';
  /** The singular noun for items (`issue`, `label`); default `item`. */
  noun?: string;
  /** Report after this many units since the last line. */
  everyUnits?: number;
  /** Report after this fraction of `total` since the last line (0.1: every 10%). */
  everyFraction?: number;
  /** Report when this long has passed since the last line (default 30 s). */
  everyMs?: number;
  /** More to say at the end of each line (`2 operations so far`). */
  detail?: () => string;
  clock: Pick<Clock, 'now'>;
  log: (line: string) => void;
}

export class Progress {
  private done = 0;
  private reportedAt = 0;
  private reportedUnits = 0;
  private readonly startedAt: number;
  private finished = false;

  constructor(private readonly options: ProgressOptions) {
    this.startedAt = options.clock.now();
    this.reportedAt = this.startedAt;
  }

  /** Counts `units` more done, and reports when a threshold is crossed. */
  advance(units = 1): void {
    if (this.finished || units <= 0) return;
    this.done += units;
    const now = this.options.clock.now();
    const since = this.done - this.reportedUnits;
    const { everyUnits, everyFraction, total } = this.options;
    const everyMs = this.options.everyMs ?? 30_000;
    const byUnits = everyUnits !== undefined && since >= everyUnits;
    const byFraction =
      everyFraction !== undefined && total !== undefined && total > 0 && since >= everyFraction * total;
    const byTime = now - this.reportedAt >= everyMs;
    const complete = total !== undefined && this.done >= total;
    if ((byUnits || byFraction || byTime) && !complete) this.report(now);
  }

  /** The closing line (once), with the final count and, for bytes, the average rate. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.report(this.options.clock.now(), true);
  }

  /** The line that would be printed now (for tests and summaries). */
  line(now = this.options.clock.now(), final = false): string {
    const { label, total } = this.options;
    const bytes = this.options.unit === 'bytes';
    const noun = this.options.noun ?? 'item';
    let amount: string;
    if (bytes) amount = `${formatBytes(this.done)}${total !== undefined ? ` of ${formatBytes(total)}` : ''}`;
    else amount = total !== undefined ? `${this.done} of ${plural(total, noun)}` : plural(this.done, noun);
    const percent = total ? ` (${Math.floor((Math.min(this.done, total) / total) * 100)}%)` : '';
    const rate = bytes ? `, ${this.rate(now)}` : '';
    const detail = this.options.detail ? `; ${this.options.detail()}` : '';
    return `${label}: ${final ? 'done, ' : ''}${amount}${percent}${rate}${detail}`;
  }

  private report(now: number, final = false): void {
    this.options.log(this.line(now, final));
    this.reportedAt = now;
    this.reportedUnits = this.done;
  }

  private rate(now: number): string {
    const seconds = Math.max(now - this.startedAt, 1) / 1000;
    return formatRate(this.done / seconds);
  }
}

/** Progress settings: uploads every 10% or 30 s, sweeps every 100 items or 30 s. */
export const UPLOAD_PROGRESS = { unit: 'bytes', everyFraction: 0.1, everyMs: 30_000 } as const;
export const SWEEP_PROGRESS = { unit: 'items', everyUnits: 100, everyMs: 30_000 } as const;
export const MERGE_PROGRESS = { unit: 'items', everyUnits: 100, everyMs: 30_000, noun: 'relabelled item' } as const;
