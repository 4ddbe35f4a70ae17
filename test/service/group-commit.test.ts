// The receiver's group commit on a real PostgreSQL: deliveries arriving together are written by shared statements,
// and the outcomes are those of one statement per delivery — each id stored once, a body replayed under another id
// a duplicate, one job per item, every row sealed — and one delivery PostgreSQL refuses fails only itself.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryLog, ITEM_TASK, T } from '../../src/hosts/service/store/delivery-log';
import { openStore, type Store } from '../../src/hosts/service/store/open-store';
import type { AcceptOutcome, NewDelivery } from '../../src/hosts/service/store/types';
import { startPostgres, type Postgres } from '../../harness/service';

let postgres: Postgres;
let store: Store;
/**
 * On the workers' pool (30 s statements) with a minute's wait: the outcomes, not the receiver's time-outs, are what
 * is checked here.
 */
let log: DeliveryLog;
beforeAll(async () => {
  postgres = await startPostgres();
  store = await openStore({ database: postgres.url, dataDir: postgres.dataDir, sealKey: 'secret' });
  log = new DeliveryLog(store.pool, store.pool, 'secret', 60_000);
}, 60_000);
afterAll(async () => {
  await store?.close();
  await postgres?.stop();
});

const delivery = (id: string, issue: number, body = `{"id":"${id}"}`, repository = 'octo/app'): NewDelivery => ({
  id,
  event: 'issues',
  action: 'edited',
  repository,
  installation: 42,
  itemKey: `octo/app#${issue}`,
  headers: { 'x-github-event': 'issues' },
  body: Buffer.from(body),
  bodySha256: createHash('sha256').update(body).digest(),
});

const count = async (sql: string, values: unknown[] = []) =>
  Number((await store.pool.query<{ n: string }>(sql, values)).rows[0].n);

describe('group commit of deliveries', () => {
  it('gives 300 deliveries sent at once the outcomes one statement each would give', async () => {
    const sent: NewDelivery[] = [];
    for (let i = 0; i < 200; i++) sent.push(delivery(`g-${i}`, i % 20));
    // The same ids again, and the bodies of the first 50 under new ids: all duplicates.
    for (let i = 0; i < 50; i++) sent.push(delivery(`g-${i}`, i % 20));
    for (let i = 0; i < 50; i++) sent.push(delivery(`replay-${i}`, i % 20, `{"id":"g-${i}"}`));
    const outcomes = await Promise.all(sent.map((d) => log.accept(d)));
    const tally = (o: AcceptOutcome) => outcomes.filter((x) => x === o).length;
    expect({ accepted: tally('accepted'), duplicate: tally('duplicate'), requeued: tally('requeued') }).toEqual({
      accepted: 200,
      duplicate: 100,
      requeued: 0,
    });
    expect(outcomes.slice(0, 200).every((o) => o === 'accepted')).toBe(true);
    expect(await count(`SELECT count(*) AS n FROM ${T} WHERE id LIKE 'g-%'`)).toBe(200);
    expect(await count(`SELECT count(*) AS n FROM ${T} WHERE id LIKE 'replay-%'`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM ${T} WHERE id LIKE 'g-%' AND seal IS NULL`)).toBe(0);
    // One pending job per item, whatever the batches.
    expect(
      await count(
        `SELECT count(*) AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
         WHERE t.identifier = $1 AND j.payload ->> 'item' LIKE 'octo/app#%'`,
        [ITEM_TASK],
      ),
    ).toBe(20);
  });

  it('fails only the delivery PostgreSQL refuses, not the others written with it', async () => {
    // A NUL character is not valid in PostgreSQL text: its statement fails.
    const poisoned = delivery('p-bad', 90, '{"id":"p-bad"}', 'octo/app\u0000');
    const others = Array.from({ length: 30 }, (_, i) => delivery(`p-${i}`, 91 + (i % 3)));
    const results = await Promise.allSettled(
      [...others.slice(0, 15), poisoned, ...others.slice(15)].map((d) => log.accept(d)),
    );
    const rejected = results.flatMap((r, i) => (r.status === 'rejected' ? [i] : []));
    expect(rejected).toEqual([15]);
    expect(await count(`SELECT count(*) AS n FROM ${T} WHERE id LIKE 'p-%'`)).toBe(30);
  });
});
