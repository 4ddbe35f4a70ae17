// Webhook fairness does not count sweep rows (issue 36, "Two lanes"): an installation whose nightly sweep has queued
// a row per repository still gets priority 0 for its next webhook delivery (as if the sweep were not there) and 1
// for the one after, so its webhooks are not pushed behind other installations' by its own sweep. No worker runs
// here: the jobs' priorities are read as the storing statement queued them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryLog } from '../../src/webhooks/store/delivery-log';
import { openStore, type Store } from '../../src/webhooks/store/open-store';
import type { NewDelivery } from '../../src/webhooks/store/types';
import { startPostgres, type Postgres } from '../../harness/service';

let postgres: Postgres;
let store: Store;
let log: DeliveryLog;
beforeAll(async () => {
  postgres = await startPostgres();
  store = await openStore({ database: postgres.url, dataDir: postgres.dataDir, sealKey: 'seal' });
  log = new DeliveryLog(store.pool, store.pool, 'seal', 60_000);
}, 60_000);
afterAll(async () => {
  await store?.close();
  await postgres?.stop();
});

const webhook = (id: string, installation: number, number: number): NewDelivery => ({
  id,
  event: 'issues',
  action: 'opened',
  repository: 'octo/app',
  installation,
  itemKey: `octo/app#${number}`,
  headers: {},
  body: Buffer.from(JSON.stringify({ id, installation: { id: installation } })),
});

const sweep = (installation: number, repository: string): NewDelivery => ({
  id: `sweep:${repository}:1`,
  event: 'schedule',
  repository,
  installation,
  itemKey: `${repository}#sweep`,
  headers: {},
  body: Buffer.from(JSON.stringify({ repository: { full_name: repository } })),
});

async function priorityOf(itemKey: string): Promise<number> {
  const { rows } = await store.pool.query<{ priority: number }>(
    'SELECT priority FROM graphile_worker.jobs WHERE key = $1',
    [itemKey],
  );
  expect(rows).toHaveLength(1);
  return Number(rows[0].priority);
}

describe('fairness and sweeps', () => {
  it("counts an installation's open webhook deliveries only, never its sweep rows", async () => {
    for (let r = 0; r < 50; r++) expect(await log.accept(sweep(7, `octo/repo${r}`))).toBe('accepted');
    expect(await log.accept(webhook('w-1', 7, 1))).toBe('accepted');
    expect(await priorityOf('octo/app#1')).toBe(0);
    expect(await log.accept(webhook('w-2', 7, 2))).toBe('accepted');
    expect(await priorityOf('octo/app#2')).toBe(1);
    // Another installation without a sweep is counted the same way.
    expect(await log.accept(webhook('w-3', 8, 3))).toBe('accepted');
    expect(await priorityOf('octo/app#3')).toBe(0);
    // The sweep rows themselves stay behind every webhook (their lane).
    const sweeps = await store.pool.query<{ priority: number }>(
      "SELECT min(priority) AS priority FROM graphile_worker.jobs WHERE key LIKE '%#sweep'",
    );
    expect(Number(sweeps.rows[0].priority)).toBeGreaterThan(1);
  }, 60_000);
});
