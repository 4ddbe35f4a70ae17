// Work accepted by the receiver is processed asynchronously, a bounded number at a time; drain() waits
// for everything queued (graceful shutdown). Answers come first: while `busy()` says deliveries are arriving,
// no new job starts (jobs already running go on), for at most `maxDeferMs` per job.

export interface QueueOptions {
  concurrency?: number;
  /** Jobs waiting at most; past it `push` refuses (the sender retries later). */
  maxPending?: number;
  onError?: (err: unknown, label: string) => void;
  /** Defer starting jobs while this is true (a burst of deliveries is being answered). */
  busy?: () => boolean;
  /** The longest a job waits for `busy` to clear (default 250 ms). */
  maxDeferMs?: number;
}

export class WorkQueue {
  private running = 0;
  private readonly pending: { label: string; job: () => Promise<void>; queuedAt: number }[] = [];
  private retry: NodeJS.Timeout | undefined;
  private readonly idle: (() => void)[] = [];
  private readonly concurrency: number;
  private readonly maxPending: number;
  processed = 0;
  failed = 0;

  constructor(private readonly options: QueueOptions = {}) {
    this.concurrency = options.concurrency ?? 4;
    this.maxPending = options.maxPending ?? 10_000;
  }

  /** False when the queue is full. */
  push(label: string, job: () => Promise<void>): boolean {
    if (this.pending.length >= this.maxPending) return false;
    this.pending.push({ label, job, queuedAt: Date.now() });
    this.pump();
    return true;
  }

  get size(): number {
    return this.pending.length + this.running;
  }

  drain(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private pump(): void {
    while (this.running < this.concurrency && this.pending.length > 0) {
      if (this.options.busy?.() && Date.now() - this.pending[0].queuedAt < (this.options.maxDeferMs ?? 250)) {
        this.retry ??= setTimeout(() => {
          this.retry = undefined;
          this.pump();
        }, 5);
        return;
      }
      const { label, job } = this.pending.shift()!;
      this.running++;
      job()
        .then(() => {
          this.processed++;
        })
        .catch((err) => {
          this.failed++;
          this.options.onError?.(err, label);
        })
        .finally(() => {
          this.running--;
          this.pump();
          if (this.size === 0) for (const resolve of this.idle.splice(0)) resolve();
        });
    }
  }
}
