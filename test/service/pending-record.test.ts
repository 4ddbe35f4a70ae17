// Which record holds the service's pending work (docs/service.md, "Where pending work is kept"): the delivery log
// says which deliveries are open and counts each one's attempts; graphile-worker's job is the item's schedule and
// lock. graphile-worker's own rules decide that split. They are pinned here on a real PostgreSQL, so an upgrade that
// changes one fails this file and the split is weighed again:
// 1. A job key collects array payloads (add_jobs appends them: a "batch job"), so a job could name its deliveries…
// 2. …but every delivery added resets the job's attempts to 0, so a delivery failing on a busy item would never run
//    out of attempts, and one count cannot say whose attempts they were.
// 3. A failed job runs again exp(min(attempts, 10)) seconds later, whatever the service's retry settings, and a
//    failure always spends an attempt (a wait for GitHub's limits must spend none).
// 4. A job that is running is never updated: a delivery arriving meanwhile makes a new job under the key, and the
//    running one keeps the payload it started with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Logger, runOnce } from 'graphile-worker';
import { openStore, type Store } from '../../src/hosts/service/store/open-store';
import { workerPreset } from '../../src/hosts/service/worker-preset';
import { startPostgres, type Postgres } from '../../harness/service';

let postgres: Postgres;
let store: Store;
beforeAll(async () => {
  postgres = await startPostgres();
  store = await openStore({ database: postgres.url, dataDir: postgres.dataDir });
}, 60_000);
afterAll(async () => {
  await store?.close();
  await postgres?.stop();
});

const TASK = 'pending_record_evidence';

async function add(key: string, payload: unknown[]): Promise<void> {
  await store.pool.query(
    `SELECT graphile_worker.add_job($1, $2::json, job_key := $3, job_key_mode := 'preserve_run_at', max_attempts := 25)`,
    [TASK, JSON.stringify(payload), key],
  );
}

interface JobRow {
  id: string;
  key: string | null;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  seconds_to_run: number;
}

async function jobs(where: string, params: unknown[]): Promise<JobRow[]> {
  const { rows } = await store.pool.query<JobRow>(
    `SELECT id, key, payload, attempts, max_attempts, extract(epoch FROM run_at - now())::float AS seconds_to_run
       FROM graphile_worker._private_jobs WHERE ${where} ORDER BY id`,
    params,
  );
  return rows;
}

describe("graphile-worker's rules that keep pending deliveries in the delivery log", () => {
  it('1 and 2: a key collects array payloads, and each addition resets the attempts to 0', async () => {
    await add('octo/app#1', ['d1']);
    await store.pool.query(`UPDATE graphile_worker._private_jobs SET attempts = 3 WHERE key = 'octo/app#1'`);
    await add('octo/app#1', ['d2']);
    const [job] = await jobs('key = $1', ['octo/app#1']);
    expect(job!.payload).toEqual(['d1', 'd2']);
    expect(job!.attempts).toBe(0);
  });

  it('3: a failure spends an attempt and waits exp(min(attempts, 10)) seconds, set by no option', async () => {
    await add('octo/app#3', ['d3']);
    await runOnce({
      pgPool: store.pool,
      logger: new Logger(() => () => {}),
      preset: workerPreset({ failJobBatchDelay: 0, completeJobBatchDelay: 0 }),
      taskList: {
        [TASK]: () => {
          throw new Error('a failure of the delivery itself');
        },
      },
    });
    const [job] = await jobs('key = $1', ['octo/app#3']);
    expect(job!.attempts).toBe(1);
    // e¹ ≈ 2.72 s from the failure (the query runs a moment after it).
    expect(job!.seconds_to_run).toBeGreaterThan(1.5);
    expect(job!.seconds_to_run).toBeLessThanOrEqual(Math.E + 0.01);
  });

  it('4: a running job is never updated; a delivery arriving meanwhile makes a new job', async () => {
    await add('octo/app#4', ['d4']);
    await store.pool.query(
      `UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'a worker' WHERE key = 'octo/app#4'`,
    );
    const [running] = await jobs('key = $1', ['octo/app#4']);
    await add('octo/app#4', ['d5']);
    const [before] = await jobs('id = $1', [running!.id]);
    expect(before).toMatchObject({ key: null, payload: ['d4'] });
    // Its key cleared and its attempts used up: it is never retried, whatever its run does.
    expect(before!.attempts).toBe(before!.max_attempts);
    const [next] = await jobs('key = $1', ['octo/app#4']);
    expect(next!.id).not.toBe(running!.id);
    expect(next!.payload).toEqual(['d5']);
  });
});
