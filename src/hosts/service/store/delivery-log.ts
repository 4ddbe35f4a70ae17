// The delivery log on PostgreSQL: one row per delivery (dedupe on X-GitHub-Delivery, and on the body's SHA-256
// against replays under a fresh id), indexed by time for pruning and by item for the open ones. The pending work
// itself lives in graphile-worker's jobs: storing deliveries and queueing their items' jobs happen in one statement
// (`graphile_worker.add_jobs`, the item as job key), so a 202 always means "stored and queued".
// Small columns come first and the payload last, so reading states never walks the payload's pages.
//
// The jobs themselves (their named queues, keys and priorities) are written in `item-jobs.ts`.
import { CIRCUITS_SCHEMA } from './circuits';
import { fairnessGroupOf, fairPriority, fairnessIndexV1 } from './fairness';
import { GroupCommit } from './group-commit';
import { ITEM_TASK, SWEEP_PRIORITY, addJob, jobSpec } from './item-jobs';
import { deliveryBaseOf, ms, type DeliveryRow } from './delivery-row';
import { DELIVERIES, type RunClaim } from './run-claim';
import { sealedBy, sealOf } from './seal';
import { WRITES_SCHEMA } from './write-history';
import type pg from 'pg';
import type {
  AcceptOutcome,
  AttemptRecord,
  DeliveryState,
  DeliverySummary,
  NewDelivery,
  QueueStats,
  Settlement,
  TakenDelivery,
} from './types';

export const T = DELIVERIES;
export { ITEM_TASK, itemQueueSql } from './item-jobs';
/** Deliveries without an item (none today) share this queue. */
const NO_ITEM = '*';
/** Deliveries written by one statement at most (`group-commit.ts`). */
const ACCEPT_BATCH = 32;
/** A delivery waiting this long for a connection is not written: its 503 went out (the receiver's limit is 5 s). */
const INGEST_WAIT_MS = 5_000;
/** Deliveries of a state are counted exactly up to this many; past it, estimated (`stats`). */
const COUNTED = 10_000;

/** The schema as it stood before versioning: migration 1 (`schema-migrations.ts`); later changes are migrations. */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS ${T} (
  id text PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  state text NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
  event text NOT NULL,
  action text,
  repository text,
  installation bigint,
  item_key text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  history jsonb NOT NULL DEFAULT '[]',
  finished_at timestamptz,
  body_sha256 bytea,
  headers jsonb NOT NULL,
  body bytea NOT NULL
);
ALTER TABLE ${T} ADD COLUMN IF NOT EXISTS seal text;
ALTER TABLE ${T} ADD COLUMN IF NOT EXISTS run_token text;
CREATE INDEX IF NOT EXISTS ${T}_received ON ${T} (received_at);
CREATE INDEX IF NOT EXISTS ${T}_open ON ${T} (item_key) WHERE state IN ('queued', 'running');
CREATE INDEX IF NOT EXISTS ${T}_open_by_time ON ${T} (state, received_at) WHERE state IN ('queued', 'running');
CREATE INDEX IF NOT EXISTS ${T}_failed ON ${T} (received_at) WHERE state = 'failed';
CREATE INDEX IF NOT EXISTS ${T}_body ON ${T} (body_sha256) WHERE body_sha256 IS NOT NULL;
${fairnessIndexV1(T)}
CREATE TABLE IF NOT EXISTS repo_actions_replicas (pool_id text PRIMARY KEY, seen_at timestamptz NOT NULL);
CREATE TABLE IF NOT EXISTS repo_actions_probe (id int PRIMARY KEY, at timestamptz NOT NULL);
CREATE TABLE IF NOT EXISTS repo_actions_space_probe (at timestamptz NOT NULL);
${CIRCUITS_SCHEMA}
${WRITES_SCHEMA}
`;

function summaryOf(r: Record<string, unknown>): DeliverySummary {
  return {
    id: String(r.id),
    event: String(r.event),
    action: (r.action as string | null) ?? undefined,
    repository: (r.repository as string | null) ?? undefined,
    state: r.state as DeliveryState,
    attempts: Number(r.attempts),
    receivedAt: ms(r.received_at as Date),
    lastError: (r.last_error as string | null) ?? undefined,
    history: (r.history as AttemptRecord[]) ?? [],
  };
}

interface TakenRow extends DeliveryRow {
  item_key: string;
  headers: Record<string, string>;
  body: Buffer;
  seal: string | null;
}

export class DeliveryLog {
  /** `ingest` serves the receiver (short time-outs, never behind the workers); `work` everything else. */
  /**
   * `sealKey` (the webhook secret): rows are sealed when accepted and checked when taken (`seal.ts`). During a
   * rotation several: rows are sealed with the first and a seal under any of them is accepted, so rows stored before
   * the rotation are still run, and sealed again with the first when taken; a redelivery of a failed one too.
   */
  constructor(
    private readonly ingest: pg.Pool,
    private readonly work: pg.Pool,
    sealKeys?: string | readonly string[],
    /** How long a delivery may wait for its statement (default: the receiver's 5 s limit). */
    writeWaitMs = INGEST_WAIT_MS,
  ) {
    const keys = (typeof sealKeys === 'string' ? [sealKeys] : (sealKeys ?? [])).filter((k) => k !== '');
    this.sealKey = keys[0];
    this.openKeys = keys;
    this.writes = new GroupCommit({
      write: (ds) => this.acceptMany(ds),
      // A statement does not see its own rows: the same id or body twice would both pass the dedupe checks.
      conflictKeys: (d) => (d.bodySha256 ? [`id:${d.id}`, `body:${d.bodySha256.toString('hex')}`] : [`id:${d.id}`]),
      slots: ingest.options.max ?? 4,
      maxBatch: ACCEPT_BATCH,
      maxWaitMs: writeWaitMs,
    });
  }

  private readonly sealKey: string | undefined;
  private readonly openKeys: readonly string[];

  /** Deliveries arriving while the receiver's connections are busy are written together (`group-commit.ts`). */
  private readonly writes: GroupCommit<NewDelivery, AcceptOutcome>;

  /**
   * When the database last answered one of this log's statements (`performance.now()` time; the log is made once the
   * store opened, which is an answer too): the receiver tells a slow database from one that is away by it.
   */
  lastAnswerAt = performance.now();

  private answered<R>(result: Promise<R>): Promise<R> {
    return result.then((value) => {
      this.lastAnswerAt = performance.now();
      return value;
    });
  }

  /** Stores the delivery and queues its item's job (one statement, shared with the deliveries arriving with it). */
  accept(d: NewDelivery): Promise<AcceptOutcome> {
    return this.writes.write(d);
  }

  /**
   * Stores deliveries and queues their items' jobs in one statement: a row is new (accepted), a failed one taken
   * again (requeued), or already there under its id or its body (duplicate: no row comes back for it).
   */
  async acceptMany(ds: NewDelivery[]): Promise<AcceptOutcome[]> {
    const column = <V>(f: (d: NewDelivery) => V) => ds.map(f);
    const { rows } = await this.answered(
      this.ingest.query<{ id: string; inserted: boolean }>({
        // Named: each connection parses and plans it once, not once per delivery.
        name: 'repo_actions_accept',
        text: `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::bytea[],
                              $8::text[], $9::bytea[], $10::float8[], $11::text[], $12::int[]) WITH ORDINALITY
           AS i(id, event, action, repository, installation, item_key, body_sha256, headers, body, run_after_ms, seal,
                sweep_turn, n)),
       stored AS (
         INSERT INTO ${T} AS d (id, state, event, action, repository, installation, item_key, body_sha256, headers, body, seal)
         SELECT i.id, 'queued', i.event, i.action, i.repository, i.installation, i.item_key, i.body_sha256,
                i.headers::jsonb, i.body, i.seal
         FROM input i
         WHERE i.body_sha256 IS NULL OR NOT EXISTS (SELECT 1 FROM ${T} WHERE body_sha256 = i.body_sha256 AND id <> i.id)
         ON CONFLICT (id) DO UPDATE SET state = 'queued', attempts = 0, last_error = NULL, seal = excluded.seal
           WHERE d.state = 'failed'
         RETURNING d.id, (xmax = 0) AS inserted, d.item_key, d.installation, d.repository),
       -- One job per item however many of its deliveries came together (a job key may appear once in add_jobs),
       -- ranked in arrival order among this statement's items of its fairness group (the count cannot see them).
       first_of_item AS (
         SELECT DISTINCT ON (stored.item_key) stored.item_key, stored.installation, stored.repository,
                input.run_after_ms, input.sweep_turn, input.n
         FROM stored JOIN input USING (id) ORDER BY stored.item_key, input.run_after_ms, input.n),
       items AS (
         SELECT f.*, row_number() OVER (PARTITION BY ${fairnessGroupOf('f')} ORDER BY f.n) - 1 AS batch_rank
         FROM first_of_item f),
       specs AS MATERIALIZED (
         SELECT ARRAY(SELECT ${jobSpec('items.item_key', 'now() + make_interval(secs => items.run_after_ms / 1000)', `COALESCE(items.sweep_turn, ${fairPriority(T, 'items', 'items.batch_rank')})`)}
                      FROM items) AS list),
       queued AS (
         SELECT CASE WHEN cardinality(list) = 0 THEN 0
                ELSE (SELECT count(*) FROM graphile_worker.add_jobs(list, job_key_preserve_run_at := true)) END AS jobs
         FROM specs)
       SELECT stored.id, stored.inserted FROM stored, queued`,
        values: [
          column((d) => d.id),
          column((d) => d.event),
          column((d) => d.action ?? null),
          column((d) => d.repository ?? null),
          column((d) => d.installation ?? null),
          column((d) => d.itemKey ?? NO_ITEM),
          column((d) => d.bodySha256 ?? null),
          column((d) => JSON.stringify(d.headers)),
          column((d) => d.body),
          column((d) => d.runAfterMs ?? 0),
          column((d) =>
            this.sealKey
              ? sealOf(this.sealKey, { id: d.id, event: d.event, itemKey: d.itemKey ?? NO_ITEM, body: d.body })
              : null,
          ),
          column((d) => (d.sweepTurn === undefined ? null : Math.min(d.sweepTurn, SWEEP_PRIORITY - 1))),
        ],
      }),
    );
    const outcome = new Map(rows.map((r) => [r.id, r.inserted ? ('accepted' as const) : ('requeued' as const)]));
    return ds.map((d) => outcome.get(d.id) ?? 'duplicate');
  }

  /**
   * Takes the item's open deliveries for the run holding `claim` (stamped with its token, `run-claim.ts`). The queue
   * runs one job per item at a time, so a delivery still `running` here was left by a run that died or was taken
   * over: it is taken again, and that run can no longer settle it or write for it.
   */
  async take(claim: RunClaim): Promise<TakenDelivery[]> {
    const { rows } = await this.answered(
      this.work.query<TakenRow>(
        `UPDATE ${T} SET state = 'running', attempts = attempts + 1, run_token = $2
       WHERE item_key = $1 AND state IN ('queued', 'running')
       RETURNING id, event, repository, installation, item_key, headers, body, seal, attempts, received_at`,
        [claim.itemKey, claim.token],
      ),
    );
    const resealed: { id: string; seal: string }[] = [];
    const taken = rows.map((r) => {
      const sealable = { id: r.id, event: r.event, itemKey: r.item_key, body: r.body };
      const by = this.openKeys.length === 0 ? 0 : sealedBy(this.openKeys, sealable, r.seal);
      // Vouched for by a key being rotated out (or an earlier version's): sealed again under the current key.
      if (by > 0) resealed.push({ id: r.id, seal: sealOf(this.openKeys[0], sealable) });
      return { ...deliveryBaseOf(r), itemKey: r.item_key, headers: r.headers, body: r.body, sealed: by >= 0 };
    });
    if (resealed.length > 0)
      await this.answered(
        this.work.query(
          `UPDATE ${T} d SET seal = r.seal FROM unnest($1::text[], $2::text[]) AS r(id, seal)
         WHERE d.id = r.id AND d.run_token = $3`,
          [resealed.map((r) => r.id), resealed.map((r) => r.seal), claim.token],
        ),
      );
    return taken.sort((a, b) => a.receivedAt - b.receivedAt || (a.id < b.id ? -1 : 1));
  }

  /**
   * Records how deliveries ended; a retry queues the item's job again after the delay. Only the deliveries `claim`
   * still holds change (a run taken over settles nothing); resolves with how many did.
   */
  async settle(claim: RunClaim, s: Settlement): Promise<number> {
    if (s.ids.length === 0) return 0;
    const itemKey = claim.itemKey;
    const record =
      s.state === 'done'
        ? { outcome: s.note ?? 'done' }
        : {
            outcome: s.state === 'queued' ? (s.paused ? 'paused' : s.waited ? 'waited' : 'retry') : 'failed',
            error: s.error.slice(0, 2000),
          };
    const entry = JSON.stringify([record]);
    const error = s.state === 'done' ? null : record.error;
    const held = `id = ANY($1) AND state = 'running' AND run_token = $2`;
    if (s.state === 'queued') {
      // A wait for GitHub gives back the attempt `take` counted: waiting is never the delivery's failure.
      const { rows } = await this.work.query<{ n: string }>(
        `WITH settled AS (
           UPDATE ${T} SET state = 'queued', last_error = $3, attempts = greatest(0, attempts - $7::int),
             history = history || jsonb_build_array(jsonb_build_object('at', clock_timestamp()) || ($4::jsonb -> 0))
           WHERE ${held} RETURNING 1),
         queued AS (
           SELECT (${addJob('$5::text', `now() + make_interval(secs => $6::float8 / 1000)`)}).id
           WHERE EXISTS (SELECT 1 FROM settled))
         SELECT (SELECT count(*) FROM settled) AS n, (SELECT count(*) FROM queued) AS q`,
        [s.ids, claim.token, error, entry, itemKey, s.retryInMs, s.waited || s.paused ? 1 : 0],
      );
      return Number(rows[0]?.n ?? 0);
    }
    const { rowCount } = await this.work.query(
      `UPDATE ${T} SET state = $3, last_error = $4, finished_at = clock_timestamp(),
         history = history || jsonb_build_array(jsonb_build_object('at', clock_timestamp()) || ($5::jsonb -> 0))
       WHERE ${held}`,
      [s.ids, claim.token, s.state, error, entry],
    );
    return rowCount ?? 0;
  }

  async list({ state, limit = 100 }: { state?: DeliveryState; limit?: number }): Promise<DeliverySummary[]> {
    const columns = 'id, event, action, repository, state, attempts, received_at, last_error, history';
    const { rows } = state
      ? await this.work.query(`SELECT ${columns} FROM ${T} WHERE state = $1 ORDER BY received_at DESC LIMIT $2`, [
          state,
          limit,
        ])
      : await this.work.query(`SELECT ${columns} FROM ${T} ORDER BY received_at DESC LIMIT $1`, [limit]);
    return rows.map(summaryOf);
  }

  /** Queues failed deliveries again (one id, or every failed one); their attempt history stays. */
  async retry(id?: string): Promise<number> {
    const { rows } = await this.work.query<{ n: string }>(
      `WITH again AS (
         UPDATE ${T} SET state = 'queued', attempts = 0, finished_at = NULL,
           history = history || jsonb_build_array(jsonb_build_object('at', clock_timestamp(), 'outcome', 'requeued'))
         WHERE state = 'failed' AND ($1::text IS NULL OR id = $1) RETURNING item_key),
       items AS (SELECT DISTINCT item_key FROM again)
       SELECT (SELECT count(*) FROM again) AS n, (SELECT count(*) FROM items, LATERAL (SELECT ${addJob('items.item_key')}) j) AS jobs`,
      [id ?? null],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Never a scan: each state is counted through a partial index up to `COUNTED` rows (queued, running, failed), the
   * oldest open delivery is one probe of the open deliveries' index by time, and past the cap a count is PostgreSQL's
   * own estimate (`pg_class.reltuples` of the table and of the open deliveries' index, kept by autovacuum's
   * ANALYZE). Done ones are the table's estimate less the others, counted while the table is small.
   */
  async stats(): Promise<QueueStats> {
    const capped = (state: string) => `(SELECT count(*) FROM (SELECT 1 FROM ${T} WHERE state = '${state}' LIMIT $1) c)`;
    const oldest = (state: string) => `(SELECT min(received_at) FROM ${T} WHERE state = '${state}')`;
    const reltuples = (relation: string) => `(SELECT reltuples FROM pg_class WHERE oid = to_regclass('${relation}'))`;
    const { rows } = await this.answered(
      this.work.query({
        name: 'repo_actions_stats',
        text: `SELECT ${capped('queued')} AS queued, ${capped('running')} AS running, ${capped('failed')} AS failed,
         COALESCE(extract(epoch from clock_timestamp() - LEAST(${oldest('queued')}, ${oldest('running')})) * 1000, 0)
           AS oldest,
         ${reltuples(T)} AS estimate, ${reltuples(`${T}_open_by_time`)} AS open_estimate`,
        values: [COUNTED],
      }),
    );
    const r = rows[0] as Record<string, string>;
    let [queued, running] = [Number(r.queued), Number(r.running)];
    const failed = Number(r.failed);
    // reltuples is -1 until the first ANALYZE (a new, small table).
    const openEstimate = Math.round(Number(r.open_estimate ?? -1));
    if (queued >= COUNTED) queued = Math.max(queued, openEstimate - running);
    if (running >= COUNTED) running = Math.max(running, openEstimate - queued);
    const estimate = Number(r.estimate ?? -1);
    let done = Math.max(0, Math.round(estimate) - queued - running - failed);
    if (estimate < COUNTED) {
      const counted = await this.work.query<{ n: string }>({
        name: 'repo_actions_stats_done',
        text: `SELECT count(*) AS n FROM (SELECT 1 FROM ${T} WHERE state = 'done' LIMIT $1) d`,
        values: [COUNTED],
      });
      done = Math.max(done, Number(counted.rows[0].n));
    }
    return { queued, running, oldestAgeMs: Math.max(0, Math.round(Number(r.oldest))), failed, done };
  }

  /** Forgets done deliveries older than `doneBefore` and failed ones older than `failedBefore`, in batches. */
  async prune(doneBefore: number, failedBefore: number, batch = 1000): Promise<number> {
    let removed = 0;
    for (const [state, before] of [
      ['done', doneBefore],
      ['failed', failedBefore],
    ] as const) {
      for (;;) {
        const result = await this.work.query(
          `DELETE FROM ${T} WHERE id IN (
             SELECT id FROM ${T} WHERE received_at < to_timestamp($1::float8 / 1000) AND state = $2 LIMIT $3)`,
          [before, state, batch],
        );
        removed += result.rowCount ?? 0;
        if ((result.rowCount ?? 0) < batch) break;
      }
    }
    return removed;
  }

  /**
   * Queues a job for every item whose queued deliveries have no job that will run them. `add_job` leaves an
   * item without a pending job when its running job is locked between the key check and the insert (a race inside
   * the library's job-key handling); and a job whose process died is not rerun once a newer one replaced its key.
   * Finished-off jobs of that kind (key cleared, attempts spent, unlocked) are removed.
   */
  async requeueOrphans(olderThanMs: number): Promise<number> {
    const { rows } = await this.answered(
      this.work.query<{ n: string }>(
        `WITH orphans AS (
         SELECT DISTINCT d.item_key FROM ${T} d
         WHERE d.state IN ('queued', 'running') AND d.received_at < clock_timestamp() - make_interval(secs => $1::float8 / 1000)
           AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs j WHERE j.key = d.item_key AND j.attempts < j.max_attempts)
           AND d.item_key NOT IN (SELECT j.payload ->> 'item' FROM graphile_worker._private_jobs j
                                  WHERE j.locked_at IS NOT NULL AND j.payload ->> 'item' IS NOT NULL))
       SELECT count(*) AS n FROM orphans, LATERAL (SELECT ${addJob('orphans.item_key')}) j`,
        [olderThanMs],
      ),
    );
    await this.work.query(
      `SELECT graphile_worker.complete_jobs(array_agg(id)) FROM graphile_worker.jobs
       WHERE task_identifier = '${ITEM_TASK}' AND key IS NULL AND locked_at IS NULL AND attempts >= max_attempts
         AND last_error IS NULL HAVING count(*) > 0`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Throws unless a write commits: an unreachable, frozen, full or read-only database is not ready. Updating a row
   * fits in its page even on a full disk, so the probe also writes a page to a new file: TRUNCATE gives the table a
   * fresh (empty) file, and the insert must extend it, which fails with "No space left on device" (SQLSTATE 53100)
   * on a full disk. The statements run as one implicit transaction (simple query protocol, no parameters).
   */
  async probe(): Promise<void> {
    await this.answered(
      this.ingest.query(
        `INSERT INTO repo_actions_probe (id, at) VALUES (1, clock_timestamp())
         ON CONFLICT (id) DO UPDATE SET at = excluded.at;
       TRUNCATE repo_actions_space_probe;
       INSERT INTO repo_actions_space_probe (at) VALUES (clock_timestamp());`,
      ),
    );
  }
}
