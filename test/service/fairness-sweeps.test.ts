// Webhook fairness does not count sweep rows (issue 36, "Two lanes"): an installation whose nightly sweep has queued
// a row per repository still gets priority 0 for its next webhook delivery (as if the sweep were not there) and 1
// for the one after, so its webhooks are not pushed behind other installations' by its own sweep. No worker runs
// here: the jobs' priorities are read as the storing statement queued them. Between installations' sweeps, the lane
// takes turns: a slot that queues 60 repositories of one installation and 3 of another (with a webhook of the second
// open) gives each installation's Nth repository the same priority, so the small sweep is not behind the large one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryLog } from '../../src/hosts/service/store/delivery-log';
import { SWEEP_PRIORITY } from '../../src/hosts/service/store/item-jobs';
import { sweepSlot } from '../../src/hosts/service/sweeps';
import { openStore, type Store } from '../../src/hosts/service/store/open-store';
import type { NewDelivery } from '../../src/hosts/service/store/types';
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

  it("takes turns between installations' sweeps: a small sweep is never behind a large one's whole sweep", async () => {
    // A webhook of the small installation is open (it counted against its sweep rows before).
    expect(await log.accept(webhook('w-small', 30, 9))).toBe('accepted');
    const repositories = [
      ...Array.from({ length: 60 }, (_, r) => ({ repository: `big/repo${r}`, installation: 20 })),
      ...['small/a', 'small/b', 'small/c'].map((repository) => ({ repository, installation: 30 })),
    ];
    const lines: string[] = [];
    const queued = await sweepSlot({
      slot: Date.UTC(2026, 10, 29, 3, 0),
      deliveries: log,
      source: () => Promise.resolve(repositories),
      log: { debug() {}, info: (l) => lines.push(l), warning() {} },
    });
    expect(queued).toBe(63);
    const small = await Promise.all(['small/a', 'small/b', 'small/c'].map((r) => priorityOf(`${r}#sweep`)));
    expect(small).toEqual([SWEEP_PRIORITY, SWEEP_PRIORITY + 1, SWEEP_PRIORITY + 2]);
    const big = await Promise.all([0, 1, 2, 59].map((r) => priorityOf(`big/repo${r}#sweep`)));
    expect(big).toEqual([SWEEP_PRIORITY, SWEEP_PRIORITY + 1, SWEEP_PRIORITY + 2, SWEEP_PRIORITY + 59]);
    // Still behind every webhook's.
    expect(await priorityOf('octo/app#9')).toBeLessThan(SWEEP_PRIORITY);
  }, 60_000);
});
