// The job queue: graphile-worker on the service's PostgreSQL. One job per issue or pull request: the job key
// collapses the deliveries that arrive while it waits into one run, and the item's named queue (one of a fixed set
// the items share, `store/item-jobs.ts`) runs one job per item at a time without holding a worker slot while another
// job of that item runs. New jobs wake the workers by LISTEN/NOTIFY; a sweep schedule is a crontab entry, run once
// per slot across replicas.
//
// graphile-worker keeps a job locked for 4 hours when the process running it dies. Each replica therefore records
// its worker pool's id with a heartbeat, and every replica unlocks the jobs of pools whose heartbeat stopped for
// `leaseMs` (`forceUnlockWorkers`), so a killed replica's work resumes within a lease. A pool replaced while its
// jobs still run (it failed when the database went away, see below) is beaten for until they end: its jobs are
// alive, and taking them back would run an item twice at once. A run taken over all the same (its replica froze for
// a lease) can neither write nor settle any more (`store/run-claim.ts`).
//
// A worker pool can also stay up but never fetch a job again: graphile-worker 0.17 looks up its task ids once per
// runner (an `INSERT … ON CONFLICT DO NOTHING` into `_private_tasks`, `taskIdentifiers.js`) and keeps the promise,
// rejected too; a runner started while the database refused writes (read-only, full disk) fails every fetch from
// then on. So when fetching has failed for `FETCH_STUCK_MS` while this replica's own heartbeat writes succeed, the
// runner is replaced by a new one (a fresh lookup).
import {
  Logger as WorkerLogger,
  makeWorkerUtils,
  parseCronItems,
  run,
  type Runner,
  type Task,
  type WorkerUtils,
  type WorkerEvents,
} from 'graphile-worker';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { Logger } from '../../github/client/types';
import { messageOf } from '../../kernel/words';
import { ITEM_TASK } from './store/delivery-log';
import { workerPreset } from './worker-preset';

export const SWEEP_TASK = 'repo_actions_sweep';

/** Fetching jobs failing this long while the database takes writes means the runner is stuck (see above). */
const FETCH_STUCK_MS = 10_000;

export interface QueueOptions {
  pool: pg.Pool;
  concurrency: number;
  /** A dead replica's jobs return after this long (default 30 s). */
  leaseMs: number;
  /** Called on each heartbeat (the delivery log queues jobs for items left without one). */
  onHeartbeat?: () => Promise<void>;
  /** Runs an item's job (its deliveries are read from the delivery log). */
  /** `stop` is aborted when the shutdown timeout passes with the job still running. */
  runItem(itemKey: string, stop?: AbortSignal): Promise<void>;
  /** Waits until an item's job may start; resolves with the function that ends it (`receiver-first.ts`). */
  admit?: () => Promise<() => void>;
  /** Runs a sweep slot (`--sweep-cron`, five fields, UTC); `slot` is the scheduled minute (ms epoch). */
  sweep?: { cron: string; run(slot: number): Promise<void> };
  log: Logger;
}

function workerLogger(log: Logger): WorkerLogger {
  return new WorkerLogger(() => (level, message) => {
    const name = String(level);
    if (name === 'error' || name === 'warning') log.warning(`queue: ${message}`);
    else if (name === 'debug') log.debug(`queue: ${message}`);
  });
}

export class Queue {
  private runner: Runner | undefined;
  private utils: WorkerUtils | undefined;
  private poolId: string | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private active = 0;
  /** Jobs running in this replica by the pool that locked them (a replaced pool's jobs may still run). */
  private readonly runningByPool = new Map<string, number>();
  private stopping = false;
  /** Aborted when `stop` times out: the running jobs' signal (`item-job.ts`). */
  private readonly halt = new AbortController();
  /** The current runner's fetch health: since when every fetch failed, and how to replace the runner. */
  private fetch: { failingSince?: number; restart?: (why: string) => void } = {};
  /**
   * Others' stale heartbeats prove nothing while this replica could not beat either (the database was away or
   * frozen for everyone): when this replica's own beats did not land for a lease, other pools' jobs are taken back
   * only once it has beaten again for a whole lease, so a job still running elsewhere is never run twice at once.
   */
  private trustStalenessAfter = 0;
  private lastBeatAt: number | undefined;

  constructor(private readonly o: QueueOptions) {}

  /** Jobs running in this replica now. */
  get running(): number {
    return this.active;
  }

  async start(): Promise<void> {
    const { o } = this;
    const logger = workerLogger(o.log);
    const itemTask: Task = async (payload, helpers) => {
      const item = (payload as { item?: unknown }).item;
      if (typeof item !== 'string') return;
      const pool = helpers.job.locked_by ?? this.poolId;
      const release = (await o.admit?.()) ?? (() => {});
      this.active++;
      if (pool) this.runningByPool.set(pool, (this.runningByPool.get(pool) ?? 0) + 1);
      try {
        await o.runItem(item, this.halt.signal);
      } finally {
        this.active--;
        if (pool) {
          const left = (this.runningByPool.get(pool) ?? 1) - 1;
          if (left > 0) this.runningByPool.set(pool, left);
          else this.runningByPool.delete(pool);
        }
        release();
      }
    };
    const sweepTask: Task = async (payload) => {
      const ts = (payload as { _cron?: { ts?: string } })._cron?.ts;
      await o.sweep?.run(ts ? Date.parse(ts) : Date.now());
    };
    this.utils = await makeWorkerUtils({ pgPool: o.pool, logger, preset: workerPreset() });
    const startRunner = async (): Promise<void> => {
      const events: WorkerEvents = new EventEmitter();
      const failure: { restart?: (why: string) => void } = {};
      events.on('pool:create', ({ workerPool }) => (this.poolId = workerPool.id));
      // A pool that failed stops beating at once, so its locked jobs are taken back after one lease.
      events.on('pool:fatalError', ({ error }) => failure.restart?.(messageOf(error)));
      events.on('pool:gracefulShutdown', ({ message }) => failure.restart?.(message));
      events.on('pool:listen:error', ({ error }) => o.log.warning(`queue: listening failed: ${messageOf(error)}`));
      const fetch: Queue['fetch'] = {};
      this.fetch = fetch;
      events.on('worker:getJob:error', () => (fetch.failingSince ??= Date.now()));
      events.on('worker:getJob:empty', () => (fetch.failingSince = undefined));
      events.on('job:start', () => (fetch.failingSince = undefined));
      const runner = await run({
        events,
        pgPool: o.pool,
        concurrency: o.concurrency,
        noHandleSignals: true,
        pollInterval: 2_000,
        logger,
        // Every setting explicit (worker-preset.ts). Batched releases: a release that fails (the database went away
        // mid-job) stops this worker pool with an error instead of an unhandled rejection; the pool is then started
        // again below.
        preset: workerPreset({ completeJobBatchDelay: 0, failJobBatchDelay: 0 }),
        taskList: { [ITEM_TASK]: itemTask, [SWEEP_TASK]: sweepTask },
        // Given explicitly, so no crontab file is ever read from the working directory.
        parsedCronItems: parseCronItems(
          o.sweep
            ? [
                {
                  task: SWEEP_TASK,
                  match: o.sweep.cron,
                  identifier: 'repo_actions_sweep',
                  options: { backfillPeriod: 0 },
                },
              ]
            : [],
        ),
      });
      this.runner = runner;
      const restart = async (why: string) => {
        if (this.stopping || this.runner !== runner) return;
        this.runner = undefined;
        this.poolId = undefined;
        void Promise.resolve(runner.stop()).catch(() => {});
        o.log.warning(`queue: the worker pool stopped (${why}); starting a new one.`);
        for (let attempt = 1; !this.stopping; attempt++) {
          await new Promise((r) => setTimeout(r, Math.min(10_000, 500 * attempt)));
          if (this.stopping) return;
          try {
            await startRunner();
            return;
          } catch (err) {
            o.log.warning(`queue: cannot start a worker pool yet: ${messageOf(err)}`);
          }
        }
      };
      failure.restart = (why) => void restart(why);
      fetch.restart = failure.restart;
      Promise.resolve(runner.promise).then(
        () => void restart('it ended'),
        (err: unknown) => void restart(messageOf(err)),
      );
    };
    await startRunner();
    // Queue rows no job refers to any more (an older version named a queue per item) are dropped once per start.
    void this.utils.cleanup({ tasks: ['GC_JOB_QUEUES'] }).catch((err: unknown) => {
      o.log.warning(`queue: cannot drop unused queues: ${messageOf(err)}`);
    });
    await this.beat();
    this.heartbeat = setInterval(() => void this.beat(), Math.max(200, Math.floor(o.leaseMs / 3)));
    this.heartbeat.unref();
  }

  /** Records this pool as alive and unlocks the jobs of pools that stopped beating. */
  private async beat(): Promise<void> {
    const { pool, leaseMs, log } = this.o;
    try {
      const mine = [...new Set([...(this.poolId ? [this.poolId] : []), ...this.runningByPool.keys()])];
      if (mine.length)
        await pool.query(
          `INSERT INTO repo_actions_replicas (pool_id, seen_at) SELECT id, clock_timestamp() FROM unnest($1::text[]) id
           ON CONFLICT (pool_id) DO UPDATE SET seen_at = excluded.seen_at`,
          [mine],
        );
      // The write above committed, so the database takes writes: a runner whose fetches still all fail is stuck.
      const { failingSince, restart } = this.fetch;
      if (this.poolId && failingSince !== undefined && Date.now() - failingSince >= FETCH_STUCK_MS)
        restart?.(`fetching jobs has failed for ${Math.round((Date.now() - failingSince) / 1000)} s`);
      const beatAt = Date.now();
      if (this.lastBeatAt !== undefined && beatAt - this.lastBeatAt > leaseMs)
        this.trustStalenessAfter = beatAt + leaseMs;
      this.lastBeatAt = Math.max(this.lastBeatAt ?? 0, beatAt);
      const { rows } = await pool.query<{ locked_by: string }>(
        `SELECT DISTINCT locked_by FROM graphile_worker.jobs
         WHERE locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => $1::float8 / 1000)
           AND locked_by NOT IN (SELECT pool_id FROM repo_actions_replicas
                                 WHERE seen_at > now() - make_interval(secs => $1::float8 / 1000))`,
        [leaseMs],
      );
      const dead =
        Date.now() < this.trustStalenessAfter ? [] : rows.map((r) => r.locked_by).filter((id) => !mine.includes(id));
      if (dead.length && this.utils) {
        await this.utils.forceUnlockWorkers(dead);
        log.info(`Took back the jobs of stopped replicas (${dead.join(', ')}).`);
      }
      await pool.query(`DELETE FROM repo_actions_replicas WHERE seen_at < now() - interval '1 day'`);
      await this.o.onHeartbeat?.();
    } catch (err) {
      log.warning(`queue: heartbeat failed: ${messageOf(err)}`);
    }
  }

  /** Stops taking jobs; running ones get `timeoutMs`. Resolves true when they finished in time. */
  async stop(timeoutMs: number): Promise<boolean> {
    this.stopping = true;
    clearInterval(this.heartbeat);
    const runner = this.runner;
    this.runner = undefined;
    if (!runner) return true;
    let timer: NodeJS.Timeout | undefined;
    const stopped = runner.stop().then(
      () => true,
      () => false,
    );
    const finished = await Promise.race([
      stopped,
      new Promise<boolean>((r) => (timer = setTimeout(() => r(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    // Jobs still running past the timeout are aborted (their API calls end): they stay stored for the next start,
    // and must not go on writing meanwhile.
    if (!finished || this.active > 0) this.halt.abort(new Error(`the shutdown timeout (${timeoutMs} ms) passed`));
    if (finished && this.poolId)
      await this.o.pool.query('DELETE FROM repo_actions_replicas WHERE pool_id = $1', [this.poolId]).catch(() => {});
    await Promise.resolve(this.utils?.release()).catch(() => {});
    return finished && this.active === 0;
  }
}
