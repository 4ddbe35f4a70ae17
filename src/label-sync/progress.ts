// A progress line for long merges (thousands of issues relabelled under the secondary limits take minutes): one every
// 100 issues, or every 30 seconds when they come slower.
import type { Clock } from '../client/clock';
import type { ActionLog } from '../core/run';

const EVERY_ITEMS = 100;
const EVERY_MS = 30_000;

export class Progress {
  private done = 0;
  private last: number;

  constructor(
    private readonly log: Pick<ActionLog, 'info'>,
    private readonly clock: Clock,
    private readonly what: (done: number) => string,
  ) {
    this.last = clock.now();
  }

  /** Counts one item; logs when 100 more are done or 30 seconds (of API time) have passed since the last line. */
  tick(): void {
    this.done++;
    const now = this.clock.now();
    if (this.done % EVERY_ITEMS === 0 || now - this.last >= EVERY_MS * this.clock.scale) {
      this.last = now;
      this.log.info(this.what(this.done));
    }
  }
}
