// Each identity's content-creating requests, in PostgreSQL (issue 39 item 7): GitHub's secondary limits belong to
// the identity (an App installation), not to a token or a process, so every replica, and every client of an
// installation across its hourly token refreshes, asks here before a write (`WriteHistory`, github/client/types.ts).
// A write is admitted when the identity's writes of the last minute and hour stay under the lane's limits and the
// previous write is at least `spacingMs` old (GitHub's best practices: "wait at least one second between each"
// mutative request); otherwise the answer is how long to wait. One transaction per write, serialised per identity by
// an advisory lock (the counts are read after it is held, so two replicas never both take the last place).
//
// Two lanes share the identity's history: webhooks may use GitHub's whole budget (80 a minute, 500 an hour), sweeps
// only SWEEP_SHARE of it, so a sweep never spends what the installation's webhooks need.
//
// A write of a job's run is also checked against the run's claim on its deliveries (`run-claim.ts`), in the same
// statement: a run taken over while it waited (its replica frozen, or the database restarted under it) has its write
// refused before it is sent. The database may be slow or away for as long as it likes: the claim is read when the
// statement runs, so no deadline is needed.
import type pg from 'pg';
import type { WriteHistory } from '../../../github/client/types';
import { ClaimLostError, currentClaim, DELIVERIES } from './run-claim';
import { inTransaction } from './transaction';

export const WRITES = 'repo_actions_writes';

export const WRITES_SCHEMA = `
CREATE TABLE IF NOT EXISTS ${WRITES} (identity text NOT NULL, at timestamptz NOT NULL);
CREATE INDEX IF NOT EXISTS ${WRITES}_by_identity ON ${WRITES} (identity, at);`;

/** The advisory lock namespace of the write history (the identity's hash is the second key). */
const WRITES_LOCK = 420_261_101;

export type Lane = 'webhook' | 'sweep';

export interface WriteLimits {
  perMinute: number;
  perHour: number;
  /** The least time between two writes of the identity. */
  spacingMs: number;
  /** Scales the windows and the spacing (tests against the emulator). */
  timeScale: number;
}

/** GitHub's published content-creation limits (docs: "Rate limits for the REST API", secondary rate limits). */
export const GITHUB_WRITE_LIMITS: WriteLimits = { perMinute: 80, perHour: 500, spacingMs: 1_000, timeScale: 1 };
/** The share of the identity's budget a sweep may use; the rest is kept for its webhooks. */
export const SWEEP_SHARE = 0.75;

/** A lane's limits: the whole budget for webhooks, SWEEP_SHARE of it for sweeps. */
export function laneLimits(limits: WriteLimits, lane: Lane): WriteLimits {
  if (lane === 'webhook') return limits;
  return {
    ...limits,
    perMinute: Math.max(1, Math.floor(limits.perMinute * SWEEP_SHARE)),
    perHour: Math.max(1, Math.floor(limits.perHour * SWEEP_SHARE)),
  };
}

export class SharedWrites {
  constructor(
    private readonly pool: pg.Pool,
    private readonly limits: WriteLimits = GITHUB_WRITE_LIMITS,
  ) {}

  /** The history the clients acting as `identity` in `lane` ask before each write. */
  for(identity: string, lane: Lane): WriteHistory {
    const limits = laneLimits(this.limits, lane);
    return { admit: () => this.admit(identity, limits) };
  }

  /**
   * Records a write of `identity` and resolves 0 when it fits, else the ms to wait (nothing recorded). Throws
   * ClaimLostError, recording nothing, when the run sending it no longer holds its deliveries.
   */
  async admit(identity: string, limits: WriteLimits): Promise<number> {
    const minute = 60_000 * limits.timeScale;
    const hour = 3_600_000 * limits.timeScale;
    const spacing = limits.spacingMs * limits.timeScale;
    const claim = currentClaim();
    return inTransaction(this.pool, 'BEGIN', async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [WRITES_LOCK, identity]);
      const ms = (at: string) => `extract(epoch from ${at}) * 1000`;
      const nth = (windowMs: string, n: string) =>
        `(SELECT ${ms('at')} FROM ${WRITES} WHERE identity = $1
          AND at > clock_timestamp() - make_interval(secs => ${windowMs}::float8 / 1000)
          ORDER BY at DESC OFFSET ${n}::int - 1 LIMIT 1)`;
      const { rows } = await client.query<{
        now: number;
        minute_edge: number | null;
        hour_edge: number | null;
        last: number | null;
        claimed: boolean;
      }>(
        `SELECT ${ms('clock_timestamp()')} AS now, ${nth('$2', '$3')} AS minute_edge, ${nth('$4', '$5')} AS hour_edge,
           (SELECT ${ms('max(at)')} FROM ${WRITES} WHERE identity = $1) AS last,
           ($6::text IS NULL OR EXISTS (SELECT 1 FROM ${DELIVERIES} WHERE item_key = $6 AND run_token = $7
                                        AND state = 'running')) AS claimed`,
        [identity, minute, limits.perMinute, hour, limits.perHour, claim?.itemKey ?? null, claim?.token ?? null],
      );
      const r = rows[0];
      if (!r.claimed) throw new ClaimLostError(claim!);
      const now = Number(r.now);
      const waitMs = Math.max(
        0,
        r.minute_edge === null ? 0 : Number(r.minute_edge) + minute - now,
        r.hour_edge === null ? 0 : Number(r.hour_edge) + hour - now,
        r.last === null ? 0 : Number(r.last) + spacing - now,
      );
      if (waitMs <= 0) {
        await client.query(`INSERT INTO ${WRITES} (identity, at) VALUES ($1, clock_timestamp())`, [identity]);
        // What no window looks at any more goes (the index keeps this to the identity's oldest rows).
        await client.query(
          `DELETE FROM ${WRITES} WHERE identity = $1 AND at < clock_timestamp() - make_interval(secs => $2::float8 / 1000)`,
          [identity, 2 * hour],
        );
      }
      return Math.ceil(waitMs);
    });
  }
}
