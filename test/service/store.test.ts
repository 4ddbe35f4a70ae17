// The store's contract, run on both engines (PostgreSQL and the embedded node:sqlite store): dedupe on the
// delivery id, a failed delivery queued again by a redelivery, claims with leases (an expired lease is taken
// over, a lost lease cannot complete), one job per item at a time, retry of failed jobs, retention, and
// sweep slots claimed by exactly one of two schedulers.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../src/webhooks/store/postgres-store';
import { openSqliteStore } from '../../src/webhooks/store/sqlite-store';
import type { DeliveryStore, NewDelivery } from '../../src/webhooks/store/types';
import { parseCron, cronMatches, sweepTick } from '../../src/webhooks/sweeps';
import { startPostgres, tempDir, type Postgres } from './harness';

let postgres: Postgres;
const dirs: string[] = [];
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

let schema = 0;
/** Two handles on one store (two replicas of PostgreSQL; the embedded store is one process, one handle). */
async function open(engine: string): Promise<[DeliveryStore, DeliveryStore, () => Promise<void>]> {
  if (engine === 'postgres') {
    // A database per test: a fresh schema.
    const db = `t${++schema}_${Date.now()}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${db}`);
    await admin.end();
    const url = postgres.url.replace(/\/service$/, `/${db}`);
    const a = await openPostgresStore({ connectionString: url });
    const b = await openPostgresStore({ connectionString: url });
    return [a, b, async () => void (await Promise.all([a.close(), b.close()]))];
  }
  const dir = tempDir('store-test');
  dirs.push(dir);
  const a = openSqliteStore({ dataDir: dir });
  return [a, a, () => a.close()];
}

const delivery = (id: string, itemKey = 'octo/app#1'): NewDelivery => ({
  id,
  event: 'issues',
  action: 'opened',
  repository: 'octo/app',
  installation: 42,
  itemKey,
  headers: { 'x-github-event': 'issues' },
  body: Buffer.from(`{"id":"${id}"}`),
});

describe.each(['postgres', 'embedded'])('the %s store', (engine) => {
  it('dedupes on the delivery id and queues a redelivery of a failed delivery again', async () => {
    const [a, b, close] = await open(engine);
    try {
      expect(await a.accept(delivery('d1'))).toBe('accepted');
      expect(await b.accept(delivery('d1'))).toBe('duplicate');
      const [job] = await a.claim('r1', 10, 30_000);
      expect(job).toMatchObject({ id: 'd1', attempts: 1, installation: 42, itemKey: 'octo/app#1' });
      expect(job.body.toString()).toBe('{"id":"d1"}');
      expect(await b.accept(delivery('d1'))).toBe('duplicate'); // running
      await a.fail('r1', 'd1', 'boom', undefined);
      expect((await a.list({ state: 'failed' })).map((d) => [d.id, d.lastError])).toEqual([['d1', 'boom']]);
      expect(await b.accept(delivery('d1'))).toBe('requeued');
      const [again] = await b.claim('r2', 10, 30_000);
      expect(again).toMatchObject({ id: 'd1', attempts: 1 });
      await b.complete('r2', 'd1');
      expect(await a.accept(delivery('d1'))).toBe('duplicate');
      expect(await a.stats()).toEqual({ depth: 0, oldestAgeMs: 0, failed: 0 });
    } finally {
      await close();
    }
  });

  it('leases: no double claim, an expired lease is taken over, and the old holder can no longer finish', async () => {
    const [a, b, close] = await open(engine);
    try {
      for (const id of ['j1', 'j2', 'j3']) await a.accept(delivery(id, `octo/app#${id}`));
      const [first, second] = await Promise.all([a.claim('r1', 2, 150), b.claim('r2', 2, 150)]);
      expect([...first, ...second].map((j) => j.id).sort()).toEqual(['j1', 'j2', 'j3']);
      const heldByR1 = first.map((j) => j.id);
      expect(await b.claim('r2', 5, 150)).toEqual([]);
      await new Promise((r) => setTimeout(r, 250));
      const takenOver = await b.claim('r3', 5, 30_000);
      expect(takenOver.map((j) => j.id).sort()).toEqual(['j1', 'j2', 'j3']);
      expect(takenOver.every((j) => j.attempts === 2)).toBe(true);
      expect(await a.renew('r1', heldByR1, 30_000)).toEqual(heldByR1);
      await a.complete('r1', heldByR1[0]); // not its job any more: nothing changes
      expect((await a.list({ state: 'running' })).length).toBe(3);
      await b.release('r3', 'j1');
      expect((await a.list({ state: 'queued' })).map((d) => [d.id, d.attempts])).toEqual([['j1', 1]]);
    } finally {
      await close();
    }
  });

  it('runs one job per item at a time', async () => {
    const [a, b, close] = await open(engine);
    try {
      const order: string[] = [];
      const run = async (store: DeliveryStore, name: string) => {
        const release = await store.lockItem('octo/app#7');
        order.push(`${name} start`);
        await new Promise((r) => setTimeout(r, 100));
        order.push(`${name} end`);
        await release();
      };
      await Promise.all([run(a, 'a'), run(b, 'b')]);
      expect(order.map((s) => s.split(' ')[1])).toEqual(['start', 'end', 'start', 'end']);
      const other = await b.lockItem('octo/app#8'); // another item is free meanwhile
      await other();
    } finally {
      await close();
    }
  });

  it('retries failed jobs (one or all) and forgets finished deliveries after the retention time', async () => {
    const [a, , close] = await open(engine);
    try {
      for (const id of ['f1', 'f2', 'ok']) await a.accept(delivery(id, id));
      for (const job of await a.claim('r', 5, 30_000))
        if (job.id === 'ok') await a.complete('r', job.id);
        else await a.fail('r', job.id, `${job.id} broke`, undefined);
      expect(await a.retry('nope')).toBe(0);
      expect(await a.retry('f1')).toBe(1);
      expect(await a.retry()).toBe(1);
      expect((await a.list({ state: 'queued' })).map((d) => d.id).sort()).toEqual(['f1', 'f2']);
      expect(await a.prune(Date.now() + 1000)).toBe(1); // only the finished one
      expect(await a.accept(delivery('ok'))).toBe('accepted'); // forgotten: a new delivery
      expect(await a.knownRepositories()).toEqual([{ repository: 'octo/app', installation: 42 }]);
    } finally {
      await close();
    }
  });

  it('gives each sweep slot to exactly one of two schedulers, one deduplicated job per repository', async () => {
    const [a, b, close] = await open(engine);
    try {
      await a.accept(delivery('seen'));
      const cron = parseCron('*/5 * * * *');
      const now = () => Date.parse('2026-11-24T10:05:30Z');
      const log = { debug() {}, info() {}, warning() {} };
      const queued = await Promise.all([
        sweepTick({ cron, store: a, log, now }),
        sweepTick({ cron, store: b, log, now }),
      ]);
      expect(queued.sort()).toEqual([0, 1]);
      expect(await sweepTick({ cron, store: b, log, now })).toBe(0); // the same slot again
      const jobs = await a.list({ state: 'queued' });
      expect(jobs.map((j) => [j.id, j.event])).toContainEqual([
        `sweep:octo/app:${Date.parse('2026-11-24T10:05:00Z')}`,
        'schedule',
      ]);
      expect(await sweepTick({ cron, store: a, log, now: () => Date.parse('2026-11-24T10:07:00Z') })).toBe(0);
    } finally {
      await close();
    }
  });
});

describe('cron', () => {
  it('parses five UTC fields and matches minutes', () => {
    const weekdays = parseCron('30 3 * * 1-5');
    expect(cronMatches(weekdays, new Date('2026-11-24T03:30:00Z'))).toBe(true); // a Tuesday
    expect(cronMatches(weekdays, new Date('2026-11-29T03:30:00Z'))).toBe(false); // a Sunday
    expect(cronMatches(parseCron('0 0 1 * 0'), new Date('2026-11-29T00:00:00Z'))).toBe(true); // day or weekday
    expect(() => parseCron('61 * * * *')).toThrow(/minute/);
    expect(() => parseCron('* * *')).toThrow(/five fields/);
  });
});
