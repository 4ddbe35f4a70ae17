// Schema versioning (issue 36 item 5): `repo-actions migrate` applies graphile-worker's migrations and ours and
// records the version (`--status` says what is pending; a second run applies nothing); a database created by a build
// from before versioning is brought up to date with its rows kept; a database newer than this build is refused by
// `migrate`, `deliveries` and `serve` with a clear message; and a migration never queues the deliveries' inserts
// behind its locks: with a long reader holding the deliveries table, an ALTER gives up after its lock time-out and
// tries again, so an insert waits at most about that long (not the reader's 6 s), and indexes are built CONCURRENTLY.
import pg from 'pg';
import { runMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA } from '../../src/hosts/service/store/delivery-log';
import { openStore } from '../../src/hosts/service/store/open-store';
import {
  MIGRATIONS,
  SCHEMA_VERSION,
  applyMigrations,
  schemaVersion,
  statementsOf,
} from '../../src/hosts/service/store/schema-migrations';
import { workerPreset } from '../../src/hosts/service/worker-preset';
import { runCli, startPostgres, type Postgres } from '../../harness/service';

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

/** A database of its own on the test's server. */
async function database(name: string): Promise<string> {
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgres.url);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const insertDelivery = (c: pg.Client, id: string) =>
  c.query(
    `INSERT INTO repo_actions_deliveries (id, state, event, item_key, headers, body)
     VALUES ($1, 'done', 'issues', 'octo/app#1', '{}', '\\x7b7d')`,
    [id],
  );

describe('schema versions', () => {
  it('are applied by `migrate`, recorded, and applied once', async () => {
    const url = await database('fresh');
    const status = await runCli(['migrate', '--status', '--database', url]);
    expect(status.stdout).toBe(
      [
        `Schema version 0 (this build knows ${SCHEMA_VERSION}).`,
        ...MIGRATIONS.map((m) => `  pending ${m.version}: ${m.name}`),
        '',
      ].join('\n'),
    );
    const first = await runCli(['migrate', '--database', url]);
    expect(first).toMatchObject({
      code: 0,
      stdout: [
        ...MIGRATIONS.map((m) => `Applied ${m.version}: ${m.name}`),
        `Schema at version ${SCHEMA_VERSION} (was 0).`,
        '',
      ].join('\n'),
    });
    const again = await runCli(['migrate', '--database', url]);
    expect(again.stdout).toBe(`Schema at version ${SCHEMA_VERSION}: up to date, nothing applied.\n`);
    await withClient(url, async (c) => {
      expect(await schemaVersion(c)).toBe(SCHEMA_VERSION);
      const { rows } = await c.query(`SELECT to_regclass('graphile_worker.jobs') IS NOT NULL AS worker,
        to_regclass('repo_actions_pauses') IS NOT NULL AS pauses`);
      expect(rows[0]).toEqual({ worker: true, pauses: true });
      // Every index is valid (built CONCURRENTLY, none left half-built).
      const invalid = await c.query(`SELECT 1 FROM pg_index WHERE NOT indisvalid`);
      expect(invalid.rowCount).toBe(0);
    });
  });

  it('brings a database from before versioning up to date, keeping its rows', async () => {
    const url = await database('legacy');
    const pool = new pg.Pool({ connectionString: url, max: 2 }).on('error', () => {});
    try {
      // What an earlier build left: the queue's schema and ours as one DDL text, a delivery stored.
      await runMigrations({ pgPool: pool, logger: undefined, preset: workerPreset() });
      await withClient(url, async (c) => {
        await c.query(SCHEMA);
        await insertDelivery(c, 'kept');
      });
    } finally {
      await pool.end();
    }
    const store = await openStore({ database: url, dataDir: postgres.dataDir });
    try {
      expect(await schemaVersion(store.pool)).toBe(SCHEMA_VERSION);
      expect((await store.log.list({})).map((d) => d.id)).toEqual(['kept']);
    } finally {
      await store.close();
    }
  });

  it('refuses a database newer than this build in migrate, deliveries and serve', async () => {
    const url = await database('newer');
    expect((await runCli(['migrate', '--database', url])).code).toBe(0);
    await withClient(url, (c) =>
      c.query(`INSERT INTO repo_actions_schema_version (version, name) VALUES ($1, 'from the future')`, [
        SCHEMA_VERSION + 1,
      ]),
    );
    const refusal = `the database's schema is at version ${SCHEMA_VERSION + 1}, newer than this build knows (${SCHEMA_VERSION})`;
    const migrate = await runCli(['migrate', '--database', url]);
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toContain(refusal);
    const deliveries = await runCli(['deliveries', '--database', url]);
    expect(deliveries.code).toBe(1);
    expect(deliveries.stderr).toContain(refusal);
    const serve = await runCli(
      ['serve', '--port', '0', '--database', url, '--secret-env', 'HOOK_SECRET', '--token-env', 'APP_TOKEN'],
      { HOOK_SECRET: 'newer secret', APP_TOKEN: 'ghs_newer' },
    );
    expect(serve.code).toBe(1);
    expect(serve.stdout + serve.stderr).toContain(refusal);
    // Nothing was written to it.
    await withClient(url, async (c) => expect(await schemaVersion(c)).toBe(SCHEMA_VERSION + 1));
  }, 90_000);

  it('never queues inserts behind a migration waiting for a long reader', async () => {
    const url = await database('online');
    const pool = new pg.Pool({ connectionString: url, max: 2 }).on('error', () => {});
    const reader = new pg.Client({ connectionString: url });
    const writer = new pg.Client({ connectionString: url });
    try {
      await applyMigrations(url, pool);
      // The schema must be applied again (as after an upgrade): its ALTER TABLEs need the deliveries' lock.
      await pool.query(`DELETE FROM repo_actions_schema_version`);
      await Promise.all([reader.connect(), writer.connect()]);
      await reader.query('BEGIN');
      await reader.query('SELECT count(*) FROM repo_actions_deliveries'); // holds ACCESS SHARE until COMMIT
      const migrating = applyMigrations(url, pool);
      await new Promise((r) => setTimeout(r, 500)); // the ALTER waits for the reader now
      const waits: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        await insertDelivery(writer, `during-${i}`);
        waits.push(Date.now() - started);
        await new Promise((r) => setTimeout(r, 1_000));
      }
      await new Promise((r) => setTimeout(r, 1_500));
      await reader.query('COMMIT'); // after about 6 s
      const result = await migrating;
      expect(result.applied.map((m) => m.version)).toEqual(MIGRATIONS.map((m) => m.version));
      // Without a lock time-out each insert would wait for the reader's commit, seconds later.
      expect(Math.max(...waits)).toBeLessThan(2_600);
      expect((await pool.query(`SELECT count(*)::int AS n FROM repo_actions_deliveries`)).rows[0].n).toBe(3);
    } finally {
      await Promise.all([reader.end().catch(() => {}), writer.end().catch(() => {})]);
      await pool.end();
    }
  }, 60_000);

  it('holds only additive, online statements (an index dropped only CONCURRENTLY, after its successor)', () => {
    const additive =
      /^(CREATE TABLE IF NOT EXISTS \w+ \(|CREATE INDEX IF NOT EXISTS \w+ ON \w+|ALTER TABLE \w+ ADD COLUMN IF NOT EXISTS \w+ \w+$|DROP INDEX CONCURRENTLY IF EXISTS \w+$)/;
    for (const m of MIGRATIONS) for (const s of m.statements) expect(s).toMatch(additive);
    // Expand, then contract: a migration that drops an index built its replacement first.
    for (const m of MIGRATIONS) {
      const dropAt = m.statements.findIndex((s) => s.startsWith('DROP INDEX'));
      if (dropAt >= 0) expect(m.statements.slice(0, dropAt).some((s) => s.startsWith('CREATE INDEX'))).toBe(true);
    }
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(statementsOf('CREATE TABLE IF NOT EXISTS a (x int);\nCREATE INDEX IF NOT EXISTS b ON a (x);')).toEqual([
      'CREATE TABLE IF NOT EXISTS a (x int)',
      'CREATE INDEX IF NOT EXISTS b ON a (x)',
    ]);
  });
});
