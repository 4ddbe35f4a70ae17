// Migration 3 (issue 36 item 5), a real online migration: the fairness count's partial index rebuilt to match the
// count exactly (sweep rows left out), CONCURRENTLY, and the old index dropped CONCURRENTLY after it (expand, then
// contract). On a version-2 database holding rows, `migrate` runs while deliveries keep being stored: none waits
// long or fails (no 503), none is lost, the version is recorded, and the jobs' fairness priorities are the same as
// before. The planner reads the new index for the count (EXPLAIN over 40,000 rows; the old index served it before).
// A concurrent build cut off (its backend cancelled mid-build) leaves an INVALID index that the next `migrate` drops
// and builds again. (The previous build's own bundle refusing the version-3 database is shown by the service-upgrade
// bench row, which has the repository's history; a clone for the tests may have none. schema-migrations.test.ts
// shows this build refusing a newer schema.)
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryLog, T } from '../../src/hosts/service/store/delivery-log';
import { fairPriority } from '../../src/hosts/service/store/fairness';
import { SCHEMA_VERSION, applyMigrations, schemaVersion } from '../../src/hosts/service/store/schema-migrations';
import type { NewDelivery } from '../../src/hosts/service/store/types';
import { startPostgres, type Postgres } from '../../harness/service';

const NEW_INDEX = `${T}_open_webhooks_by_installation`;
const OLD_INDEX = `${T}_open_by_installation`;

let postgres: Postgres;
let admin: pg.Client;
beforeAll(async () => {
  postgres = await startPostgres();
  admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
}, 60_000);
afterAll(async () => {
  await admin?.end();
  await postgres?.stop();
});

/** A database of its own on the test's server, at schema version 2 (what the previous build left). */
async function versionTwo(name: string): Promise<{ url: string; pool: pg.Pool }> {
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgres.url);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 }).on('error', () => {});
  expect((await applyMigrations(url.toString(), pool, undefined, 2)).to).toBe(2);
  return { url: url.toString(), pool };
}

/**
 * 40,000 finished deliveries over 50 installations, 300 open webhook deliveries, and installation 7's sweep of
 * 2,000 open rows: a table where reading every open row or every row costs what an index spares.
 */
async function fill(pool: pg.Pool): Promise<void> {
  await pool.query(
    `INSERT INTO ${T} (id, state, event, repository, installation, item_key, headers, body, finished_at)
     SELECT 'done-' || g, 'done', 'issues', 'octo/r', g % 50, 'octo/r#' || (g % 500), '{}', '\\x7b7d', now()
     FROM generate_series(1, 40000) g`,
  );
  await pool.query(
    `INSERT INTO ${T} (id, state, event, repository, installation, item_key, headers, body)
     SELECT 'open-' || g, 'queued', 'issues', 'octo/r', g % 30, 'octo/r#' || (1000 + g), '{}', '\\x7b7d'
     FROM generate_series(1, 300) g`,
  );
  await pool.query(
    `INSERT INTO ${T} (id, state, event, repository, installation, item_key, headers, body)
     SELECT 'sweep-' || g, 'queued', 'sweep', 'octo/s' || g, 7, 'octo/s' || g || '#sweep', '{}', '\\x7b7d'
     FROM generate_series(1, 2000) g`,
  );
  await pool.query(`ANALYZE ${T}`);
}

const delivery = (id: string, installation: number, itemKey: string): NewDelivery => ({
  id,
  event: 'issues',
  action: 'opened',
  repository: itemKey.split('#')[0],
  installation,
  itemKey,
  headers: {},
  body: Buffer.from(`{"id":"${id}"}`),
});

/**
 * The priorities the fairness count gives: installation `a` with 3 open webhook deliveries and 500 open sweep rows
 * gets a burst of 5 (on 5 items), then installation `b` (nothing open) one delivery.
 */
async function burstPriorities(pool: pg.Pool, log: DeliveryLog, a: number, b: number): Promise<number[]> {
  await pool.query(
    `INSERT INTO ${T} (id, state, event, repository, installation, item_key, headers, body)
     SELECT 'pre-' || $1::text || '-' || g, 'queued', CASE WHEN g <= 3 THEN 'issues' ELSE 'sweep' END, 'octo/p' || g,
            $1::bigint,
            'octo/p' || g || CASE WHEN g <= 3 THEN '#1' ELSE '#sweep' END, '{}', '\\x7b7d'
     FROM generate_series(1, 503) g`,
    [a],
  );
  const keys: string[] = [];
  for (let i = 1; i <= 5; i++) {
    keys.push(`octo/burst${a}#${i}`);
    expect(await log.accept(delivery(`burst-${a}-${i}`, a, keys[keys.length - 1]))).toBe('accepted');
  }
  keys.push(`octo/quiet${b}#1`);
  expect(await log.accept(delivery(`quiet-${b}`, b, keys[keys.length - 1]))).toBe('accepted');
  const { rows } = await pool.query<{ key: string; priority: number }>(
    `SELECT key, priority FROM graphile_worker.jobs WHERE key = ANY($1::text[])`,
    [keys],
  );
  const byKey = new Map(rows.map((r) => [r.key, r.priority]));
  return keys.map((k) => byKey.get(k) ?? -1);
}

/** The deliveries' indexes the plan of the fairness count reads, and whether it scans the deliveries table whole. */
async function countPlan(pool: pg.Pool, legacy = false): Promise<{ indexes: string[]; seqScan: boolean }> {
  let count = fairPriority(T, 'r');
  // The count as builds before the sweep lane wrote it (sweep rows counted): the query old code would still send.
  if (legacy) count = count.replace(`AND o.item_key NOT LIKE '%#sweep'`, '');
  const { rows } = await pool.query<{ 'QUERY PLAN': unknown[] }>(
    `EXPLAIN (FORMAT JSON) SELECT ${count} AS p
     FROM (VALUES (7::bigint, 'octo/app'::text, 'octo/app#1'::text)) r(installation, repository, item_key)`,
  );
  const indexes: string[] = [];
  let seqScan = false;
  const walk = (node: Record<string, unknown>) => {
    const index = node['Index Name'];
    if (typeof index === 'string' && index.startsWith(`${T}_`)) indexes.push(index);
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === T) seqScan = true;
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((rows[0]['QUERY PLAN'][0] as { Plan: Record<string, unknown> }).Plan);
  return { indexes, seqScan };
}

async function indexState(pool: pg.Pool, name: string): Promise<{ valid: boolean; def: string } | undefined> {
  const { rows } = await pool.query<{ valid: boolean; def: string }>(
    `SELECT i.indisvalid AS valid, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
     JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1`,
    [name],
  );
  return rows[0];
}

describe('migration 3: the fairness index without sweep rows', () => {
  it('is applied online while deliveries are stored: none refused or lost, fairness unchanged', async () => {
    const { url, pool } = await versionTwo('upgrade');
    const log = new DeliveryLog(pool, pool);
    try {
      await fill(pool);
      expect(await countPlan(pool)).toEqual({ indexes: [OLD_INDEX], seqScan: false });
      const before = await burstPriorities(pool, log, 100, 101);
      // A's 3 open webhook deliveries count, its 500 sweep rows do not; B's first delivery goes first.
      expect(before).toEqual([3, 4, 5, 6, 7, 0]);

      // Deliveries stored without pause (4 at a time) from before `migrate` starts until after it ends.
      let migrating = true;
      const waits: number[] = [];
      const stored: string[] = [];
      let sent = 0;
      const receive = async () => {
        while (migrating) {
          const n = sent++;
          const id = `live-${n}`;
          const started = Date.now();
          const outcome = await log.accept(delivery(id, 300 + (n % 5), `octo/live#${n}`));
          waits.push(Date.now() - started);
          if (outcome === 'accepted') stored.push(id);
        }
      };
      const receivers = Array.from({ length: 4 }, receive);
      await new Promise((r) => setTimeout(r, 300));
      const started = Date.now();
      const result = await applyMigrations(url, pool);
      const migrateMs = Date.now() - started;
      await new Promise((r) => setTimeout(r, 300));
      migrating = false;
      await Promise.all(receivers);

      expect(result).toMatchObject({ from: 2, to: 3 });
      expect(result.applied.map((m) => m.version)).toEqual([3]);
      expect(await schemaVersion(pool)).toBe(SCHEMA_VERSION);
      expect(SCHEMA_VERSION).toBe(3);
      // Every delivery was stored (each accept resolved: none refused), and every one is there.
      expect(stored).toHaveLength(sent);
      const there = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${T} WHERE id LIKE 'live-%'`);
      expect(there.rows[0].n).toBe(sent);
      expect(sent).toBeGreaterThan(20);
      // Never behind a lock: CONCURRENTLY takes none that an insert waits for.
      expect(Math.max(...waits), `migrate took ${migrateMs} ms, ${sent} stored`).toBeLessThan(2_600);

      // Expand, then contract: the new index is valid and the count's own, the old one is gone.
      expect(await indexState(pool, NEW_INDEX)).toMatchObject({ valid: true });
      expect((await indexState(pool, NEW_INDEX))?.def).toContain(`item_key !~~ '%#sweep'::text`);
      expect(await indexState(pool, OLD_INDEX)).toBeUndefined();
      await pool.query(`ANALYZE ${T}`);
      expect(await countPlan(pool)).toEqual({ indexes: [NEW_INDEX], seqScan: false });

      expect(await burstPriorities(pool, log, 200, 201)).toEqual(before);
    } finally {
      await pool.end();
    }
  }, 120_000);

  it("gives an older build's count (sweep rows counted) an index of open deliveries, no table scan", async () => {
    const { url, pool } = await versionTwo('legacy_count');
    try {
      await fill(pool);
      await applyMigrations(url, pool);
      await pool.query(`ANALYZE ${T}`);
      const plan = await countPlan(pool, true);
      expect(plan.seqScan).toBe(false);
      expect(plan.indexes.length).toBeGreaterThan(0);
      expect(plan.indexes.every((i) => i.startsWith(`${T}_open`))).toBe(true);
    } finally {
      await pool.end();
    }
  }, 60_000);

  it('cleans up a concurrent build cut off mid-way and builds it again on the next migrate', async () => {
    const { url, pool } = await versionTwo('interrupted');
    const writer = new pg.Client({ connectionString: url });
    try {
      await fill(pool);
      // An open write: CREATE INDEX CONCURRENTLY, its index already in the catalogue (INVALID), waits for it.
      await writer.connect();
      await writer.query('BEGIN');
      await writer.query(
        `INSERT INTO ${T} (id, state, event, item_key, headers, body)
         VALUES ('w', 'queued', 'issues', 'octo/w#1', '{}', '\\x7b7d')`,
      );
      const migrating = applyMigrations(url, pool).then(
        () => undefined,
        (err: Error) => err,
      );
      let pid: number | undefined;
      for (let i = 0; i < 200 && pid === undefined; i++) {
        const { rows } = await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE query LIKE 'CREATE INDEX CONCURRENTLY%' AND wait_event_type = 'Lock'`,
        );
        pid = rows[0]?.pid;
        if (pid === undefined) await new Promise((r) => setTimeout(r, 50));
      }
      expect(pid).toBeDefined();
      await admin.query('SELECT pg_cancel_backend($1)', [pid]);
      const failure = await migrating;
      expect(failure?.message).toContain('canceling statement');
      await writer.query('COMMIT');

      // What the cut-off build left: the new index INVALID, the version still 2, the old index kept.
      expect(await indexState(pool, NEW_INDEX)).toMatchObject({ valid: false });
      expect(await schemaVersion(pool)).toBe(2);
      expect(await indexState(pool, OLD_INDEX)).toMatchObject({ valid: true });

      const again = await applyMigrations(url, pool);
      expect(again.applied.map((m) => m.version)).toEqual([3]);
      expect(await indexState(pool, NEW_INDEX)).toMatchObject({ valid: true });
      expect(await indexState(pool, OLD_INDEX)).toBeUndefined();
      expect((await pool.query(`SELECT 1 FROM pg_index WHERE NOT indisvalid`)).rowCount).toBe(0);
    } finally {
      await writer.end().catch(() => {});
      await pool.end();
    }
  }, 60_000);
});
