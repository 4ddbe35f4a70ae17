// The shared store on PostgreSQL (`--database` / DATABASE_URL): any number of `serve` replicas. Jobs are claimed
// with `FOR UPDATE SKIP LOCKED` and a lease in the database's time; a replica that dies stops renewing, and its
// jobs are claimed again by another once the lease expires. Work on one issue or pull request is serialised
// across replicas by an advisory lock on hashtextextended('owner/name#n', 0), held on a pooled connection for
// the job's duration (a dead replica's connection closes and the lock goes with it).
import pg from 'pg';
import { claimedJob, summaryOf } from './sqlite-store';
import type { AcceptOutcome, DeliveryStore, NewDelivery, QueueStats, ReleaseItem } from './types';

const NOW = '(extract(epoch from clock_timestamp()) * 1000)::bigint';
/** Serialises schema creation between replicas starting at once. */
const SCHEMA_LOCK = 4_202_611_015;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS repo_actions_deliveries (
  id text PRIMARY KEY,
  event text NOT NULL,
  action text,
  repository text,
  installation bigint,
  item_key text,
  headers jsonb NOT NULL,
  body bytea NOT NULL,
  received_at bigint NOT NULL,
  state text NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  due_at bigint NOT NULL,
  lease_owner text,
  lease_until bigint,
  last_error text,
  finished_at bigint
);
CREATE INDEX IF NOT EXISTS repo_actions_deliveries_due ON repo_actions_deliveries (state, due_at);
CREATE TABLE IF NOT EXISTS repo_actions_schedules (name text PRIMARY KEY, last_slot bigint NOT NULL);
`;

const T = 'repo_actions_deliveries';

export interface PostgresStoreOptions {
  connectionString: string;
  /** Connections at most (default 10; item locks hold one each while their job runs). */
  maxConnections?: number;
}

export async function openPostgresStore(options: PostgresStoreOptions): Promise<DeliveryStore> {
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.maxConnections ?? 10 });
  // The receiver's inserts get connections of their own: the workers' claims, renewals and item locks (a lock holds
  // its connection while the job runs) never make a delivery wait for its 202.
  const ingest = new pg.Pool({ connectionString: options.connectionString, max: 4 });
  // An idle connection that breaks (the server restarts) must not crash the process.
  pool.on('error', () => {});
  ingest.on('error', () => {});
  try {
    const c = await pool.connect();
    try {
      await c.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
      await c.query(SCHEMA);
      await c.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
    } finally {
      c.release();
    }
  } catch (err) {
    await Promise.all([pool.end().catch(() => {}), ingest.end().catch(() => {})]);
    throw err;
  }
  const columns = 'id, event, action, repository, state, attempts, received_at, due_at, last_error';

  return {
    kind: 'postgres',
    async accept(d: NewDelivery): Promise<AcceptOutcome> {
      // One statement: insert, or re-queue a failed delivery, or nothing (a duplicate).
      const { rows } = await ingest.query<{ inserted: boolean }>(
        `INSERT INTO ${T} AS d (id, event, action, repository, installation, item_key, headers, body, received_at, state, due_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ${NOW}, 'queued', ${NOW})
         ON CONFLICT (id) DO UPDATE SET state = 'queued', attempts = 0, due_at = ${NOW}, lease_owner = NULL
           WHERE d.state = 'failed'
         RETURNING (xmax = 0) AS inserted`,
        [
          d.id,
          d.event,
          d.action ?? null,
          d.repository ?? null,
          d.installation ?? null,
          d.itemKey ?? null,
          d.headers,
          d.body,
        ],
      );
      if (rows.length === 0) return 'duplicate';
      return rows[0].inserted ? 'accepted' : 'requeued';
    },
    async claim(owner, limit, leaseMs) {
      const { rows } = await pool.query(
        `WITH picked AS (
           SELECT id FROM ${T}
           WHERE (state = 'queued' AND due_at <= ${NOW}) OR (state = 'running' AND lease_until < ${NOW})
           ORDER BY due_at, received_at LIMIT $2 FOR UPDATE SKIP LOCKED)
         UPDATE ${T} d SET state = 'running', lease_owner = $1, lease_until = ${NOW} + $3, attempts = d.attempts + 1
         FROM picked WHERE d.id = picked.id
         RETURNING d.id, d.event, d.repository, d.installation, d.item_key, d.headers::text AS headers, d.body, d.attempts, d.received_at`,
        [owner, limit, leaseMs],
      );
      return rows.map(claimedJob);
    },
    async renew(owner, ids, leaseMs) {
      if (ids.length === 0) return [];
      const { rows } = await pool.query<{ id: string }>(
        `UPDATE ${T} SET lease_until = ${NOW} + $3 WHERE id = ANY($1) AND lease_owner = $2 AND state = 'running' RETURNING id`,
        [ids, owner, leaseMs],
      );
      const held = new Set(rows.map((r) => r.id));
      return ids.filter((id) => !held.has(id));
    },
    async complete(owner, id) {
      await pool.query(
        `UPDATE ${T} SET state = 'done', finished_at = ${NOW}, lease_owner = NULL, last_error = NULL
         WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
        [id, owner],
      );
    },
    async fail(owner, id, error, retryInMs) {
      await pool.query(
        `UPDATE ${T} SET state = $3, due_at = ${NOW} + COALESCE($4::bigint, 0), last_error = $5, lease_owner = NULL,
           finished_at = CASE WHEN $3 = 'failed' THEN ${NOW} END
         WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
        [id, owner, retryInMs === undefined ? 'failed' : 'queued', retryInMs ?? null, error],
      );
    },
    async release(owner, id) {
      await pool.query(
        `UPDATE ${T} SET state = 'queued', attempts = attempts - 1, lease_owner = NULL
         WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
        [id, owner],
      );
    },
    async lockItem(key: string): Promise<ReleaseItem> {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
      return async () => {
        try {
          await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]);
          client.release();
        } catch (err) {
          client.release(err as Error); // a broken connection is closed, and its locks with it
        }
      };
    },
    async list({ state, limit = 100 }) {
      const { rows } = state
        ? await pool.query(`SELECT ${columns} FROM ${T} WHERE state = $1 ORDER BY received_at DESC LIMIT $2`, [
            state,
            limit,
          ])
        : await pool.query(`SELECT ${columns} FROM ${T} ORDER BY received_at DESC LIMIT $1`, [limit]);
      return rows.map(summaryOf);
    },
    async retry(id) {
      const sql = `UPDATE ${T} SET state = 'queued', attempts = 0, due_at = ${NOW}, lease_owner = NULL WHERE state = 'failed'`;
      const result = id === undefined ? await pool.query(sql) : await pool.query(`${sql} AND id = $1`, [id]);
      return result.rowCount ?? 0;
    },
    async stats(): Promise<QueueStats> {
      const { rows } = await pool.query(
        `SELECT count(*) FILTER (WHERE state IN ('queued', 'running')) AS depth,
                min(received_at) FILTER (WHERE state IN ('queued', 'running')) AS oldest,
                count(*) FILTER (WHERE state = 'failed') AS failed, ${NOW} AS now FROM ${T}`,
      );
      const row = rows[0] as { depth: string; oldest: string | null; failed: string; now: string };
      return {
        depth: Number(row.depth),
        oldestAgeMs: row.oldest === null ? 0 : Math.max(0, Number(row.now) - Number(row.oldest)),
        failed: Number(row.failed),
      };
    },
    async prune(before) {
      const result = await pool.query(`DELETE FROM ${T} WHERE received_at < $1 AND state IN ('done', 'failed')`, [
        before,
      ]);
      return result.rowCount ?? 0;
    },
    async claimSchedule(name, slot) {
      const result = await pool.query(
        `INSERT INTO repo_actions_schedules AS s (name, last_slot) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET last_slot = $2 WHERE s.last_slot < $2`,
        [name, slot],
      );
      return result.rowCount === 1;
    },
    async knownRepositories() {
      const { rows } = await pool.query<{ repository: string; installation: string | null }>(
        `SELECT repository, max(installation) AS installation FROM ${T}
         WHERE repository IS NOT NULL AND id NOT LIKE 'sweep:%' GROUP BY repository ORDER BY repository`,
      );
      return rows.map((r) => ({
        repository: r.repository,
        installation: r.installation === null ? undefined : Number(r.installation),
      }));
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await Promise.all([pool.end(), ingest.end()]);
    },
  };
}
