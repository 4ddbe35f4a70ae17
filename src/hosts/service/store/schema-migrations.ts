// The service's own schema, as numbered migrations recorded in `repo_actions_schema_version` (issue 36 item 5). Each
// migration is safe online: tables and nullable columns added, indexes built CONCURRENTLY (outside a transaction, so
// inserts go on while a big table is indexed), an index replaced only by expand and contract (its successor built
// first, then it is dropped CONCURRENTLY, so the running replicas' queries keep an index), every statement on its own
// (never one implicit transaction that holds an ALTER's exclusive lock while an index builds), and a lock wait bounded
// by `lock_timeout`: an ALTER behind a long reader gives up and tries again instead of queueing every delivery's insert
// behind it. A build refuses a database whose recorded version is newer than the last migration it knows: a rolled-back
// binary must not write to a schema it does not understand. `repo-actions migrate` applies them before a rollout;
// `serve` applies whatever is pending at start (they are all online), one replica at a time. A running replica checked
// the version when it started, and keeps running on a newer schema until it is replaced.
import pg from 'pg';
import { runMigrations } from 'graphile-worker';
import { SCHEMA, T } from './delivery-log';
import { fairnessIndex } from './fairness';
import { PAUSES_SCHEMA } from './operator-controls';
import { workerPreset } from '../worker-preset';

export interface Migration {
  version: number;
  name: string;
  statements: string[];
}

/** A DDL text as its statements (ours hold no `;` but at their ends). */
export function statementsOf(ddl: string): string[] {
  return ddl
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Every migration, oldest first; a new one is appended with the next number, never edited once released. */
export const MIGRATIONS: readonly Migration[] = [
  // Version 1 is the schema as it stood before versioning: every statement `IF NOT EXISTS`, so on a database an
  // earlier build created it only checks.
  { version: 1, name: 'delivery log, replicas, probes, circuits, write history', statements: statementsOf(SCHEMA) },
  { version: 2, name: "operator's pauses", statements: statementsOf(PAUSES_SCHEMA) },
  // Expand, then contract: the new index is built (CONCURRENTLY) before the old one goes (CONCURRENTLY too). A
  // replica of the previous build still running reads the fairness count with the same predicate, so it is served
  // by the new index from the moment it is valid; until then by the old one.
  {
    version: 3,
    name: 'fairness index without sweep rows',
    statements: [...statementsOf(fairnessIndex(T)), `DROP INDEX CONCURRENTLY IF EXISTS ${T}_open_by_installation`],
  },
];

/** The newest schema this build knows. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

const VERSIONS = 'repo_actions_schema_version';
/** Serialises migrations between replicas (and `migrate`) starting at once. */
const SCHEMA_LOCK = 4_202_611_015;
/** How long one DDL statement waits for its table lock before it gives up and tries again. */
const LOCK_TIMEOUT_MS = 2_000;
/** Tries per statement (a lock still held after all of them fails the migration, with PostgreSQL's message). */
const LOCK_TRIES = 60;

export class SchemaTooNewError extends Error {
  constructor(readonly found: number) {
    super(
      `the database's schema is at version ${found}, newer than this build knows (${SCHEMA_VERSION}): a newer ` +
        `repo-actions upgraded it, and this one must not write to it. Run the newer build (or restore the database ` +
        `from a backup taken before the upgrade).`,
    );
    this.name = 'SchemaTooNewError';
  }
}

/** The recorded schema version (0: none recorded, a new database or one from before versioning). */
export async function schemaVersion(c: pg.ClientBase | pg.Pool): Promise<number> {
  const { rows } = await c.query<{ present: boolean }>(`SELECT to_regclass('${VERSIONS}') IS NOT NULL AS present`);
  if (!rows[0]?.present) return 0;
  const found = await c.query<{ v: number | null }>(`SELECT max(version) AS v FROM ${VERSIONS}`);
  return Number(found.rows[0]?.v ?? 0);
}

/** Throws `SchemaTooNewError` when the database is past this build. */
export async function refuseNewerSchema(c: pg.ClientBase | pg.Pool): Promise<number> {
  const found = await schemaVersion(c);
  if (found > SCHEMA_VERSION) throw new SchemaTooNewError(found);
  return found;
}

/** `CREATE INDEX IF NOT EXISTS name ON …` built CONCURRENTLY; other statements as they are. */
function online(statement: string): { sql: string; index?: string } {
  const m = /^CREATE INDEX IF NOT EXISTS (\w+) ON/.exec(statement);
  if (!m) return { sql: statement };
  return { sql: statement.replace(/^CREATE INDEX/, 'CREATE INDEX CONCURRENTLY'), index: m[1] };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function runOnline(c: pg.Client, statement: string): Promise<void> {
  const { sql, index } = online(statement);
  for (let attempt = 1; ; attempt++) {
    try {
      // A concurrent build cut off (a restart, a lock time-out) leaves an invalid index that IF NOT EXISTS would keep.
      if (index) {
        const invalid = await c.query(
          `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
           WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace AND NOT i.indisvalid`,
          [index],
        );
        if (invalid.rowCount) await c.query(`DROP INDEX CONCURRENTLY IF EXISTS ${index}`);
      }
      await c.query(sql);
      return;
    } catch (err) {
      // 55P03: lock_not_available (lock_timeout): let the writers through, then try again.
      if ((err as { code?: string }).code !== '55P03' || attempt >= LOCK_TRIES) throw err;
      await sleep(500);
    }
  }
}

export interface AppliedMigrations {
  from: number;
  to: number;
  applied: Migration[];
}

/**
 * Applies graphile-worker's migrations and then ours that the database lacks, on a connection of its own (no
 * statement time-out: an index on a big table takes its time; lock waits bounded as above). Refuses a newer schema.
 * `upTo`: stop after that version (a test making the database an older build left).
 */
export async function applyMigrations(
  url: string,
  pool: pg.Pool,
  onApplied: (m: Migration) => void = () => {},
  upTo = SCHEMA_VERSION,
): Promise<AppliedMigrations> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  await c.connect();
  try {
    const before = await refuseNewerSchema(c);
    if (before >= upTo) {
      await runMigrations({ pgPool: pool, logger: undefined, preset: workerPreset() });
      return { from: before, to: before, applied: [] };
    }
    await c.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
    try {
      const from = await refuseNewerSchema(c);
      await runMigrations({ pgPool: pool, logger: undefined, preset: workerPreset() });
      await c.query(`SET lock_timeout = ${LOCK_TIMEOUT_MS}; SET statement_timeout = 0`);
      await c.query(`CREATE TABLE IF NOT EXISTS ${VERSIONS} (version integer PRIMARY KEY, name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT clock_timestamp())`);
      const applied: Migration[] = [];
      for (const m of MIGRATIONS.filter((x) => x.version > from && x.version <= upTo)) {
        for (const statement of m.statements) await runOnline(c, statement);
        await c.query(`INSERT INTO ${VERSIONS} (version, name) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
          m.version,
          m.name,
        ]);
        applied.push(m);
        onApplied(m);
      }
      return { from, to: Math.max(from, upTo), applied };
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
    }
  } finally {
    await c.end().catch(() => {});
  }
}
