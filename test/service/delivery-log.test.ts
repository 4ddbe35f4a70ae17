// The delivery log on a real PostgreSQL: dedupe on the delivery id and on the body (a replay under a fresh id),
// a failed delivery queued again by its redelivery, an item's open deliveries taken by its one job, retries and
// `deliveries retry` keeping the attempt history, counts without scanning finished rows, pruning in batches with
// failed deliveries kept longer, items sharing a bounded set of named queues, and items left without a job queued
// again.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_TASK } from '../../src/hosts/service/store/delivery-log';
import { ITEM_QUEUES } from '../../src/hosts/service/store/item-jobs';
import { newClaim } from '../../src/hosts/service/store/run-claim';
import { openStore, type Store } from '../../src/hosts/service/store/open-store';
import type { NewDelivery, Settlement } from '../../src/hosts/service/store/types';
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

const delivery = (id: string, itemKey = 'octo/app#1', body = `{"id":"${id}"}`): NewDelivery => ({
  id,
  event: 'issues',
  action: 'opened',
  repository: 'octo/app',
  installation: 42,
  itemKey,
  headers: { 'x-github-event': 'issues' },
  body: Buffer.from(body),
  bodySha256: createHash('sha256').update(body).digest(),
});

async function jobsOf(itemKey: string) {
  const { rows } = await store.pool.query(
    `SELECT key, run_at, attempts, max_attempts FROM graphile_worker._private_jobs j
     JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE j.payload ->> 'item' = $1 AND t.identifier = $2`,
    [itemKey, ITEM_TASK],
  );
  return rows as { key: string | null; run_at: Date; attempts: number; max_attempts: number }[];
}

describe('the delivery log', () => {
  it('stores a delivery once, refuses a replay of its body under another id, and queues one job per item', async () => {
    expect(await store.log.accept(delivery('a1', 'octo/app#10'))).toBe('accepted');
    expect(await store.log.accept(delivery('a1', 'octo/app#10'))).toBe('duplicate');
    expect(await store.log.accept(delivery('a2', 'octo/app#10', '{"id":"a1"}'))).toBe('duplicate');
    expect(await store.log.accept(delivery('a3', 'octo/app#10'))).toBe('accepted');
    const jobs = await jobsOf('octo/app#10');
    expect(jobs).toHaveLength(1); // both deliveries wait in one job
    expect(jobs[0].key).toBe('octo/app#10');
    expect((await store.log.list({ limit: 10 })).map((d) => d.id)).toEqual(expect.arrayContaining(['a1', 'a3']));
    expect((await store.log.list({ limit: 10 })).map((d) => d.id)).not.toContain('a2');
  });

  it("takes an item's open deliveries, retries them after a delay, and keeps the history across `retry`", async () => {
    await store.log.accept(delivery('b1', 'octo/app#20'));
    await store.log.accept(delivery('b2', 'octo/app#20'));
    const dead = newClaim('octo/app#20');
    const taken = await store.log.take(dead);
    expect(taken.map((d) => [d.id, d.attempts])).toEqual([
      ['b1', 1],
      ['b2', 1],
    ]);
    const run = newClaim('octo/app#20');
    expect(await store.log.take(run)).toHaveLength(2); // a dead job's deliveries are taken again
    // The run taken over settles nothing: the deliveries are the new run's.
    expect(await store.log.settle(dead, { state: 'done', ids: ['b1', 'b2'] })).toBe(0);
    // The job that took them ends (here: removed, as when it completes); its retry is a new job, due later.
    await store.pool.query(`DELETE FROM graphile_worker._private_jobs WHERE key = 'octo/app#20'`);
    const retry: Settlement = { state: 'queued', ids: ['b1', 'b2'], error: 'HTTP 500', retryInMs: 60_000 };
    expect(await store.log.settle(run, retry)).toBe(2);
    const [job] = (await jobsOf('octo/app#20')).filter((j) => j.key !== null);
    expect(job.run_at.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Settled once: a second settlement by the same run changes nothing.
    expect(await store.log.settle(run, retry)).toBe(0);
    const again = newClaim('octo/app#20');
    await store.log.take(again);
    await store.log.settle(again, { state: 'failed', ids: ['b1', 'b2'], error: 'HTTP 500 again' });
    expect((await store.log.stats()).failed).toBeGreaterThanOrEqual(2);
    expect(await store.log.retry('b1')).toBe(1);
    const [b1] = (await store.log.list({ limit: 50 })).filter((d) => d.id === 'b1');
    expect(b1.state).toBe('queued');
    expect(b1.attempts).toBe(0);
    expect(b1.history.map((h) => h.outcome)).toEqual(['retry', 'failed', 'requeued']);
    expect(b1.history[0].error).toBe('HTTP 500');
    // A redelivery by GitHub of the failed b2 queues it again, too.
    expect(await store.log.accept(delivery('b2', 'octo/app#20'))).toBe('requeued');
  });

  it('counts open deliveries by state and prunes done ones in batches, keeping failed ones longer', async () => {
    for (let i = 0; i < 25; i++) await store.log.accept(delivery(`c${i}`, `octo/app#${100 + i}`));
    for (let i = 0; i < 25; i++) {
      const claim = newClaim(`octo/app#${100 + i}`);
      const [d] = await store.log.take(claim);
      await store.log.settle(
        claim,
        i < 20 ? { state: 'done', ids: [d.id] } : { state: 'failed', ids: [d.id], error: 'x' },
      );
    }
    const stats = await store.log.stats();
    expect(stats.running).toBe(0);
    const now = Date.now() + 1_000;
    // Done before `now` go (in batches of 7); failed stay until their own, older cut-off passes.
    const removed = await store.log.prune(now, now - 86_400_000, 7);
    expect(removed).toBeGreaterThanOrEqual(20);
    const left = await store.log.list({ limit: 500 });
    expect(left.filter((d) => d.state === 'done')).toEqual([]);
    expect(left.filter((d) => d.id.startsWith('c') && d.state === 'failed')).toHaveLength(5);
    expect(await store.log.prune(now, now, 7)).toBeGreaterThanOrEqual(5);
  });

  it("puts each item's jobs in one of the shared named queues, the same whichever statement adds them", async () => {
    const items = Array.from({ length: 300 }, (_, i) => `octo/app#${1000 + i}`);
    await Promise.all(items.map((item, i) => store.log.accept(delivery(`q${i}`, item))));
    const queueOf = async (item: string) =>
      (
        await store.pool.query<{ queue: string }>(
          `SELECT q.queue_name AS queue FROM graphile_worker._private_jobs j
           JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id WHERE j.key = $1`,
          [item],
        )
      ).rows.map((r) => r.queue);
    const queues = new Map<string, string>();
    for (const item of items) {
      const [queue, ...more] = await queueOf(item);
      expect(more).toEqual([]);
      queues.set(item, queue);
    }
    const names = new Set(queues.values());
    expect([...names].every((q) => /^repo_actions_item:\d+$/.test(q))).toBe(true);
    expect(names.size).toBeLessThanOrEqual(ITEM_QUEUES);
    expect(names.size).toBeGreaterThan(ITEM_QUEUES / 2); // spread over the queues, not piled on a few
    // A retry (another statement) queues the item's job in the same queue.
    const claim = newClaim(items[0]);
    const [taken] = await store.log.take(claim);
    await store.pool.query('DELETE FROM graphile_worker._private_jobs WHERE key = $1', [items[0]]);
    await store.log.settle(claim, { state: 'queued', ids: [taken.id], error: 'HTTP 502', retryInMs: 60_000 });
    expect(await queueOf(items[0])).toEqual([queues.get(items[0])]);
  });

  it('queues a job again for an item whose queued deliveries lost theirs', async () => {
    await store.log.accept(delivery('e1', 'octo/app#300'));
    await store.pool.query(`DELETE FROM graphile_worker._private_jobs WHERE key = 'octo/app#300'`); // the lost job
    expect(await jobsOf('octo/app#300')).toEqual([]);
    await new Promise((r) => setTimeout(r, 60));
    expect(await store.log.requeueOrphans(50)).toBeGreaterThanOrEqual(1);
    expect(await jobsOf('octo/app#300')).toHaveLength(1);
    expect(await store.log.requeueOrphans(50)).toBe(0);
  });
});
