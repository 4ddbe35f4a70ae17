// A circuit per installation, in PostgreSQL so every replica sees it: when a job meets one of GitHub's limits or an
// outage (`failure-kind.ts`), the circuit opens until the cause clears — GitHub's reset or `retry-after` when it
// said one, else a probe interval that doubles on each repeat (30 s up to 5 min). While it is open the
// installation's jobs are deferred to its end without running (no request, no attempt spent). When it ends, the
// first job to start is its probe (the others keep waiting for `PROBE_HOLD_MS`); the probe's success closes the
// circuit and brings the waiting jobs forward to now (`graphile_worker.reschedule_jobs`), its failure opens it again.
// The pending work itself stays in graphile-worker's jobs (their `run_at`); this table only says why and until when.
import type pg from 'pg';
import { ITEM_TASK } from './item-jobs';

export const CIRCUITS = 'repo_actions_circuits';

export const CIRCUITS_SCHEMA = `
CREATE TABLE IF NOT EXISTS ${CIRCUITS} (
  scope text PRIMARY KEY,
  cause text NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  until timestamptz NOT NULL,
  trips integer NOT NULL DEFAULT 1,
  last_error text
);`;

/** The first probe interval when GitHub named no end, and the longest (it doubles on each repeat). */
export const PROBE_BASE_MS = 30_000;
export const PROBE_MAX_MS = 300_000;
/** While a probe runs, the other jobs wait this long before one of them probes again (a probe that died). */
export const PROBE_HOLD_MS = 60_000;

/** The scope of a delivery: its installation, or every delivery of the one static token. */
export function scopeOf(installation: number | undefined): string {
  return installation === undefined ? 'token' : String(installation);
}

/** A delivery row's scope, in SQL (`scopeOf`). */
const scopeSql = (row: string) => `COALESCE(${row}.installation::text, 'token')`;

export type Gate =
  /** No circuit: run. */
  | { state: 'closed' }
  /** This job probes whether the cause cleared. */
  | { state: 'probe'; cause: string }
  /** Defer the job to `untilMs`. */
  | { state: 'open'; cause: string; untilMs: number };

export interface CircuitState {
  scope: string;
  cause: string;
  openedAt: number;
  untilMs: number;
  trips: number;
  lastError?: string;
}

export interface CircuitTimes {
  probeBaseMs: number;
  probeMaxMs: number;
  probeHoldMs: number;
}

export class Circuits {
  private readonly times: CircuitTimes;

  constructor(
    private readonly pool: pg.Pool,
    /** The deliveries' table (waiting jobs are found through it). */
    private readonly deliveries: string,
    times: Partial<CircuitTimes> = {},
  ) {
    this.times = { probeBaseMs: PROBE_BASE_MS, probeMaxMs: PROBE_MAX_MS, probeHoldMs: PROBE_HOLD_MS, ...times };
  }

  /** Whether a job of `scope` may run now: closed, open until a time, or this job is the probe. */
  async gate(scope: string): Promise<Gate> {
    const { rows } = await this.pool.query<{ state: 'probe' | 'open'; cause: string; until: Date }>({
      name: 'repo_actions_circuit_gate',
      text: `WITH probe AS (
         UPDATE ${CIRCUITS} SET until = clock_timestamp() + make_interval(secs => $2::float8 / 1000)
         WHERE scope = $1 AND until <= clock_timestamp() RETURNING 'probe'::text AS state, cause, until)
       SELECT state, cause, until FROM probe
       UNION ALL
       SELECT 'open', cause, until FROM ${CIRCUITS}
       WHERE scope = $1 AND until > clock_timestamp() AND NOT EXISTS (SELECT 1 FROM probe)`,
      values: [scope, this.times.probeHoldMs],
    });
    const row = rows[0];
    if (!row) return { state: 'closed' };
    if (row.state === 'probe') return { state: 'probe', cause: row.cause };
    return { state: 'open', cause: row.cause, untilMs: row.until.getTime() };
  }

  /**
   * Opens (or extends) the circuit of `scope`: until `untilMs` when GitHub said, else the probe interval, doubled
   * for each time it opened again without closing. Never shortens an open circuit. Resolves with its end.
   */
  async trip(scope: string, cause: string, untilMs: number | undefined, error: string): Promise<number> {
    const { probeBaseMs, probeMaxMs } = this.times;
    const { rows } = await this.pool.query<{ until: Date }>({
      name: 'repo_actions_circuit_trip',
      text: `INSERT INTO ${CIRCUITS} AS c (scope, cause, until, last_error)
       VALUES ($1, $2, COALESCE(to_timestamp($3::float8 / 1000), clock_timestamp() + make_interval(secs => $4::float8 / 1000)), $6)
       ON CONFLICT (scope) DO UPDATE SET cause = excluded.cause, trips = c.trips + 1, last_error = excluded.last_error,
         until = GREATEST(c.until, COALESCE(to_timestamp($3::float8 / 1000),
           clock_timestamp() + make_interval(secs => LEAST($5::float8, $4::float8 * power(2, c.trips)) / 1000)))
       RETURNING until`,
      values: [scope, cause, untilMs ?? null, probeBaseMs, probeMaxMs, error.slice(0, 500)],
    });
    return rows[0].until.getTime();
  }

  /**
   * Closes the circuit of `scope` (its probe got an answer) and brings forward the jobs that waited for it. Resolves
   * with the number of jobs brought forward (0 when there was no circuit).
   */
  async close(scope: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>({
      name: 'repo_actions_circuit_close',
      text: `WITH gone AS (DELETE FROM ${CIRCUITS} WHERE scope = $1 RETURNING scope),
       waiting AS (
         SELECT j.id FROM graphile_worker.jobs j
         WHERE EXISTS (SELECT 1 FROM gone) AND j.task_identifier = '${ITEM_TASK}' AND j.locked_at IS NULL
           AND j.run_at > now()
           AND j.key IN (SELECT d.item_key FROM ${this.deliveries} d
                         WHERE d.state = 'queued' AND ${scopeSql('d')} = $1 AND d.history -> -1 ->> 'outcome' = 'waited'))
       SELECT (SELECT count(*) FROM waiting) AS n,
              (SELECT count(*) FROM graphile_worker.reschedule_jobs(ARRAY(SELECT id FROM waiting), run_at := now())) AS moved`,
      values: [scope],
    });
    return Number(rows[0]?.n ?? 0);
  }

  /** Every circuit, open or waiting for its probe (for /readyz, /metrics and `deliveries`). */
  list(): Promise<CircuitState[]> {
    return listCircuits(this.pool, 1000);
  }
}

/** The circuits, open or waiting for their probe, by scope: at most `limit` (the operator's page shows fewer). */
export async function listCircuits(pool: pg.Pool, limit: number): Promise<CircuitState[]> {
  const { rows } = await pool.query<{
    scope: string;
    cause: string;
    opened_at: Date;
    until: Date;
    trips: number;
    last_error: string | null;
  }>(`SELECT scope, cause, opened_at, until, trips, last_error FROM ${CIRCUITS} ORDER BY scope LIMIT $1`, [limit]);
  return rows.map((r) => ({
    scope: r.scope,
    cause: r.cause,
    openedAt: r.opened_at.getTime(),
    untilMs: r.until.getTime(),
    trips: Number(r.trips),
    lastError: r.last_error ?? undefined,
  }));
}
