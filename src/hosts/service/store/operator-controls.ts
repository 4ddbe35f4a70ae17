// What an operator does to the work in the store (`repo-actions deliveries pause|resume|cancel|retry`): pauses live in
// a table, so every replica sees them and they outlast restarts. A paused scope (everything, an installation, a
// repository, an event, or the sweeps) keeps its deliveries queued: an item's job that takes them defers them like
// an open circuit (`item-job.ts`), no attempt spent, and `resume` brings the deferred jobs forward to now. `cancel`
// ends deliveries as done, with a `cancelled` history entry (a run still holding one settles and writes nothing
// more: its claim asks for `running`, `run-claim.ts`). `retry` queues failed deliveries again, chosen by a filter.
// Every change says how many rows it touched, and doing it twice changes nothing the second time.
import type pg from 'pg';
import { addJob } from './item-jobs';
import { DELIVERIES as T } from './run-claim';
import type { DeliveryState } from './types';

export const PAUSES = 'repo_actions_pauses';

export const PAUSES_SCHEMA = `
CREATE TABLE IF NOT EXISTS ${PAUSES} (
  scope text PRIMARY KEY,
  paused_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  reason text
);`;

/** A paused job looks again this long after it was deferred, in case a `resume` missed it (it races the deferral). */
export const PAUSE_RECHECK_MS = 600_000;

/** What a pause covers: every delivery, or those of an installation, a repository, an event, or the sweeps. */
export type PauseScope =
  | { kind: 'all' }
  | { kind: 'installation'; installation: number }
  | { kind: 'repository'; repository: string }
  | { kind: 'event'; event: string }
  | { kind: 'sweeps' };

/** The scope's key in the table: `all`, `installation:N`, `repository:owner/name` (lower case), `event:E`, `sweeps`. */
export function scopeKey(s: PauseScope): string {
  switch (s.kind) {
    case 'installation':
      return `installation:${s.installation}`;
    case 'repository':
      return `repository:${s.repository.toLowerCase()}`;
    case 'event':
      return `event:${s.event}`;
    default:
      return s.kind;
  }
}

/** The fields of a delivery a pause is matched against. */
export interface Pausable {
  event: string;
  repository?: string;
  installation?: number;
  itemKey?: string;
}

const isSweep = (itemKey: string | undefined) => itemKey?.endsWith('#sweep') ?? false;

/** The pause among `paused` (scope keys) that holds `d`, if any. */
export function pauseOf(paused: ReadonlySet<string>, d: Pausable): string | undefined {
  const keys = [
    'all',
    d.installation === undefined ? undefined : `installation:${d.installation}`,
    d.repository === undefined ? undefined : `repository:${d.repository.toLowerCase()}`,
    `event:${d.event}`,
    isSweep(d.itemKey) ? 'sweeps' : undefined,
  ];
  return keys.find((k) => k !== undefined && paused.has(k));
}

/** Which deliveries `cancel` and `retry` act on; every field given must match (none given: every delivery). */
export interface DeliveryFilter {
  id?: string;
  installation?: number;
  repository?: string;
  event?: string;
  /** Only sweep deliveries (`true`). */
  sweeps?: boolean;
  /** Received at or after (epoch ms). */
  since?: number;
  /** Received before (epoch ms). */
  until?: number;
  states: DeliveryState[];
}

/** The filter as a WHERE clause over `${T}`, its values from `$1` on (never spliced into the text). */
function filterSql(f: DeliveryFilter): { where: string; values: unknown[] } {
  return {
    where: `($1::text IS NULL OR id = $1) AND ($2::bigint IS NULL OR installation = $2)
      AND ($3::text IS NULL OR lower(repository) = lower($3)) AND ($4::text IS NULL OR event = $4)
      AND (NOT $5::boolean OR right(item_key, 6) = '#sweep')
      AND ($6::float8 IS NULL OR received_at >= to_timestamp($6::float8 / 1000))
      AND ($7::float8 IS NULL OR received_at < to_timestamp($7::float8 / 1000))
      AND state = ANY($8::text[])`,
    values: [
      f.id ?? null,
      f.installation ?? null,
      f.repository ?? null,
      f.event ?? null,
      f.sweeps ?? false,
      f.since ?? null,
      f.until ?? null,
      f.states,
    ],
  };
}

export interface PauseRow {
  scope: string;
  pausedAt: number;
  reason?: string;
}

export class OperatorControls {
  constructor(private readonly pool: pg.Pool) {}

  /** Pauses `scope`; false when it was paused already (the first pause's time and reason stay). */
  async pause(scope: PauseScope, reason?: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO ${PAUSES} (scope, reason) VALUES ($1, $2) ON CONFLICT (scope) DO NOTHING`,
      [scopeKey(scope), reason ?? null],
    );
    return (rowCount ?? 0) > 0;
  }

  /**
   * Lifts the pause of `scope` and brings forward the jobs it deferred (those whose deliveries' last entry is
   * `paused` and that no other pause still holds, checked when they run). Resolves with whether it was paused and how
   * many jobs were brought forward.
   */
  async resume(scope: PauseScope): Promise<{ resumed: boolean; jobs: number }> {
    const { rows } = await this.pool.query<{ resumed: boolean; jobs: string }>(
      `WITH gone AS (DELETE FROM ${PAUSES} WHERE scope = $1 RETURNING 1),
       waiting AS (
         SELECT j.id FROM graphile_worker.jobs j
         WHERE j.locked_at IS NULL AND j.run_at > now()
           AND j.key IN (SELECT d.item_key FROM ${T} d
                         WHERE d.state = 'queued' AND d.history -> -1 ->> 'outcome' = 'paused'))
       SELECT EXISTS (SELECT 1 FROM gone) AS resumed,
              (SELECT count(*) FROM graphile_worker.reschedule_jobs(ARRAY(SELECT id FROM waiting), run_at := now())) AS jobs`,
      [scopeKey(scope)],
    );
    return { resumed: rows[0]?.resumed ?? false, jobs: Number(rows[0]?.jobs ?? 0) };
  }

  /** Every pause in force (one row per scope; the table holds what operators typed, so it stays small). */
  async paused(): Promise<PauseRow[]> {
    const { rows } = await this.pool.query<{ scope: string; paused_at: Date; reason: string | null }>({
      name: 'repo_actions_pauses',
      text: `SELECT scope, paused_at, reason FROM ${PAUSES} ORDER BY scope LIMIT 10000`,
    });
    return rows.map((r) => ({ scope: r.scope, pausedAt: r.paused_at.getTime(), reason: r.reason ?? undefined }));
  }

  /** Ends the deliveries the filter picks as done, each with a `cancelled` history entry; resolves with their ids. */
  async cancel(filter: DeliveryFilter, reason?: string): Promise<string[]> {
    const { where, values } = filterSql(filter);
    const entry = { outcome: 'cancelled', ...(reason ? { error: reason.slice(0, 500) } : {}) };
    const { rows } = await this.pool.query<{ id: string }>(
      `UPDATE ${T} SET state = 'done', finished_at = clock_timestamp(), run_token = NULL,
         history = history || jsonb_build_array(jsonb_build_object('at', clock_timestamp()) || $9::jsonb)
       WHERE ${where} AND state <> 'done' RETURNING id`,
      [...values, JSON.stringify(entry)],
    );
    return rows.map((r) => r.id).sort();
  }

  /** Queues the failed deliveries the filter picks again (their history stays); resolves with their ids. */
  async retry(filter: Omit<DeliveryFilter, 'states'>): Promise<string[]> {
    const { where, values } = filterSql({ ...filter, states: ['failed'] });
    const { rows } = await this.pool.query<{ id: string; jobs: string }>(
      `WITH again AS (
         UPDATE ${T} SET state = 'queued', attempts = 0, finished_at = NULL,
           history = history || jsonb_build_array(jsonb_build_object('at', clock_timestamp(), 'outcome', 'requeued'))
         WHERE ${where} RETURNING id, item_key),
       items AS (SELECT DISTINCT item_key FROM again),
       jobs AS (SELECT count(*) AS n FROM items, LATERAL (SELECT ${addJob('items.item_key')}) j)
       SELECT again.id, jobs.n AS jobs FROM again, jobs`,
      values,
    );
    return rows.map((r) => r.id).sort();
  }
}
