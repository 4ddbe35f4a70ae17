// Takes jobs from the store and runs them: at most `concurrency` at once, each under a lease renewed while it
// runs and under its item's lock (one job per issue or pull request at a time, across replicas). A failed
// attempt is queued again after an exponential back-off with jitter; after `maxAttempts` it is kept as failed
// with its error. Draining stops claiming; running jobs get until the shutdown timeout, and whatever is
// unfinished stays in the store (its lease expires and another replica, or this one restarted, takes it).
import type { Clock } from '../client/clock';
import type { Logger } from '../client/types';
import { messageOf } from '../core/words';
import type { ServiceMetrics } from './metrics';
import type { ClaimedJob, DeliveryStore } from './store/types';

export type JobResult = { status: 'done' } | { status: 'retry' | 'failed'; error: string };

export interface WorkerOptions {
  store: DeliveryStore;
  /** This replica's name in leases. */
  owner: string;
  concurrency: number;
  leaseMs: number;
  maxAttempts: number;
  /** The first retry's delay (ms); each next one doubles, up to `maxRetryDelayMs`. */
  retryBaseMs: number;
  maxRetryDelayMs?: number;
  /** How often the store is asked for due jobs when nothing woke the worker (default 250 ms). */
  pollMs?: number;
  process(job: ClaimedJob): Promise<JobResult>;
  log: Logger;
  metrics?: ServiceMetrics;
  clock: Clock;
}

/** Exponential back-off with full jitter in [delay/2, delay]. */
export function retryDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(delay / 2 + (random() * delay) / 2);
}

export class Worker {
  private readonly active = new Map<string, Promise<void>>();
  private stopping = false;
  private loopDone: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private renewTimer: NodeJS.Timeout | undefined;

  constructor(private readonly o: WorkerOptions) {}

  get running(): number {
    return this.active.size;
  }

  start(): void {
    this.loopDone ??= this.loop();
    this.renewTimer = setInterval(() => void this.renew(), Math.max(50, Math.floor(this.o.leaseMs / 3)));
    this.renewTimer.unref();
  }

  /** A delivery was stored: look for work now rather than at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Stops claiming; resolves true when the running jobs finished within `timeoutMs`. */
  async stop(timeoutMs: number): Promise<boolean> {
    this.stopping = true;
    this.wake();
    await this.loopDone;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((r) => (timer = setTimeout(() => r(false), timeoutMs)));
    const finished = await Promise.race([Promise.all([...this.active.values()]).then(() => true as const), timedOut]);
    clearTimeout(timer);
    if (finished) clearInterval(this.renewTimer);
    return finished;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      const free = this.o.concurrency - this.active.size;
      let claimed: ClaimedJob[] = [];
      if (free > 0) {
        try {
          claimed = await this.o.store.claim(this.o.owner, free, this.o.leaseMs);
        } catch (err) {
          this.o.log.warning(`Cannot claim jobs: ${messageOf(err)}`);
        }
      }
      for (const job of claimed) {
        const running = this.run(job).finally(() => {
          this.active.delete(job.id);
          this.wake();
        });
        this.active.set(job.id, running);
      }
      if (claimed.length > 0 && claimed.length === free) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.o.pollMs ?? 250);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wakeUp = done;
      });
      this.wakeUp = undefined;
    }
  }

  private async renew(): Promise<void> {
    const ids = [...this.active.keys()];
    if (ids.length === 0) return;
    try {
      const lost = await this.o.store.renew(this.o.owner, ids, this.o.leaseMs);
      for (const id of lost) this.o.log.warning(`Lost the lease of ${id}: another replica may run it again.`);
    } catch (err) {
      this.o.log.warning(`Cannot renew leases: ${messageOf(err)}`);
    }
  }

  private async run(job: ClaimedJob): Promise<void> {
    const { store, owner } = this.o;
    try {
      if (job.attempts > this.o.maxAttempts) {
        // Claimed again after a process died while running it, once too often: a job that kills its worker.
        await store.fail(
          owner,
          job.id,
          `gave up after ${job.attempts - 1} attempts (the process stopped while running it)`,
          undefined,
        );
        this.o.metrics?.failed.inc({ event: job.event });
        return;
      }
      const started = this.o.clock.now();
      const release = job.itemKey ? await store.lockItem(job.itemKey) : undefined;
      let result: JobResult;
      try {
        result = await this.o.process(job);
      } catch (err) {
        result = { status: 'retry', error: messageOf(err) };
      } finally {
        await release?.();
      }
      this.o.metrics?.processing.observe((this.o.clock.now() - started) / 1000);
      if (result.status === 'done') {
        await store.complete(owner, job.id);
        this.o.metrics?.processed.inc({ event: job.event });
      } else if (result.status === 'failed' || job.attempts >= this.o.maxAttempts) {
        await store.fail(owner, job.id, result.error, undefined);
        this.o.metrics?.failed.inc({ event: job.event });
        this.o.log.warning(`${job.id} failed for good after ${job.attempts} attempts: ${result.error}`);
      } else {
        const delay = retryDelay(job.attempts, this.o.retryBaseMs, this.o.maxRetryDelayMs ?? 300_000);
        await store.fail(owner, job.id, result.error, delay);
        this.o.metrics?.retried.inc({ event: job.event });
        this.o.log.info(
          `${job.id} attempt ${job.attempts} failed, retrying in ${Math.round(delay)} ms: ${result.error}`,
        );
      }
    } catch (err) {
      // The store is unreachable: the lease expires and the job runs again.
      this.o.log.warning(`${job.id}: cannot record the outcome: ${messageOf(err)}`);
    }
  }
}
