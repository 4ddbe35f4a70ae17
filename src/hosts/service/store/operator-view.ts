// What the operator's page (`routes/operator-page.ts`) reads from the store, every query bounded by an index and a
// LIMIT so a page view costs the same with ten deliveries or ten million (finished rows are never scanned):
// - the oldest waiting deliveries: two probes of the open deliveries' index by state and time (`${T}_open_by_time`);
// - the latest failures with their last error: the failed deliveries' index by time (`${T}_failed`);
// - each installation's open deliveries by lane (webhook or sweep): at most OPEN_COUNTED rows of the open
//   deliveries' partial index, so a sweep of 2,000 repositories is counted and a backlog of millions is capped;
// - each installation's writes of the last minute and hour: the write history's (identity, at) index, per identity.
// The counts by state are the delivery log's own bounded `stats()`; circuits and pauses are small tables.
import type pg from 'pg';
import { listCircuits, type CircuitState } from './circuits';
import { deliveryBaseOf, type DeliveryRow } from './delivery-row';
import { OperatorControls, type PauseRow } from './operator-controls';
import { DELIVERIES as T } from './run-claim';
import type { DeliveryState } from './types';
import { WRITES } from './write-history';

/** Open deliveries counted per installation and lane at most (past it the page says "at least"). */
export const OPEN_COUNTED = 10_000;
/** Installations shown at most. */
const INSTALLATIONS_SHOWN = 200;

export interface WaitingDelivery {
  id: string;
  event: string;
  repository?: string;
  installation?: number;
  state: DeliveryState;
  attempts: number;
  receivedAt: number;
  /** The last history entry's outcome (`waited`, `paused`, `retry`, …), if any. */
  lastOutcome?: string;
  lastError?: string;
  sweep: boolean;
}

export interface InstallationView {
  /** The installation id, or `token` (deliveries without an App installation). */
  scope: string;
  openWebhooks: number;
  openSweeps: number;
  /** The identity's writes within the last minute and hour (scaled windows: `timeScale`), shared by both lanes. */
  writesLastMinute: number;
  writesLastHour: number;
  circuit?: CircuitState;
}

export interface OperatorSnapshot {
  oldest: WaitingDelivery[];
  failures: WaitingDelivery[];
  installations: InstallationView[];
  /** The open deliveries' count reached OPEN_COUNTED: the per-installation figures are lower bounds. */
  openCapped: boolean;
  pauses: PauseRow[];
}

interface Row extends DeliveryRow {
  state: DeliveryState;
  last_outcome: string | null;
  last_error: string | null;
  item_key: string;
}

const COLUMNS = `id, event, repository, installation, state, attempts, received_at, item_key,
  history -> -1 ->> 'outcome' AS last_outcome, left(last_error, 2000) AS last_error`;

function deliveryOf(r: Row): WaitingDelivery {
  return {
    ...deliveryBaseOf(r),
    state: r.state,
    lastOutcome: r.last_outcome ?? undefined,
    lastError: r.last_error ?? undefined,
    sweep: r.item_key.endsWith('#sweep'),
  };
}

export class OperatorView {
  constructor(
    private readonly pool: pg.Pool,
    /** The write history's windows are scaled by this (tests against the emulator; 1 in production). */
    private readonly timeScale = 1,
  ) {}

  /** `known`: more installations to show even with nothing open (this replica's rate-limit budgets). */
  async snapshot({ oldest = 10, failures = 50, known = [] as Iterable<string> } = {}): Promise<OperatorSnapshot> {
    const waiting = await this.pool.query<Row>({
      name: 'repo_actions_ops_oldest',
      text: `(SELECT ${COLUMNS} FROM ${T} WHERE state = 'queued' ORDER BY received_at LIMIT $1)
        UNION ALL (SELECT ${COLUMNS} FROM ${T} WHERE state = 'running' ORDER BY received_at LIMIT $1)
        ORDER BY received_at, id LIMIT $1`,
      values: [oldest],
    });
    const failed = await this.pool.query<Row>({
      name: 'repo_actions_ops_failed',
      text: `SELECT ${COLUMNS} FROM ${T} WHERE state = 'failed' ORDER BY received_at DESC LIMIT $1`,
      values: [failures],
    });
    const open = await this.pool.query<{ scope: string; sweep: boolean; n: string; total: string }>({
      name: 'repo_actions_ops_open',
      text: `SELECT scope, sweep, count(*) AS n, sum(count(*)) OVER () AS total FROM (
          SELECT COALESCE(installation::text, 'token') AS scope, right(item_key, 6) = '#sweep' AS sweep
          FROM ${T} WHERE state IN ('queued', 'running') LIMIT $1) o
        GROUP BY scope, sweep`,
      values: [OPEN_COUNTED],
    });
    const circuits = await listCircuits(this.pool, INSTALLATIONS_SHOWN);
    const pauses = await new OperatorControls(this.pool).paused();

    const byScope = new Map<string, InstallationView>();
    const view = (scope: string) => {
      let v = byScope.get(scope);
      if (!v) {
        v = { scope, openWebhooks: 0, openSweeps: 0, writesLastMinute: 0, writesLastHour: 0 };
        byScope.set(scope, v);
      }
      return v;
    };
    let total = 0;
    for (const r of open.rows) {
      if (r.sweep) view(r.scope).openSweeps = Number(r.n);
      else view(r.scope).openWebhooks = Number(r.n);
      total = Number(r.total);
    }
    for (const c of circuits) view(c.scope).circuit = c;
    for (const p of pauses) if (p.scope.startsWith('installation:')) view(p.scope.slice('installation:'.length));
    for (const scope of known) view(scope);
    // Installations with a failure shown, so their retry and pause commands are at hand.
    for (const r of failed.rows) view(r.installation ?? 'token');
    const scopes = [...byScope.keys()].sort(byInstallation).slice(0, INSTALLATIONS_SHOWN);
    const writes = await this.pool.query<{ scope: string; minute: string; hour: string }>({
      name: 'repo_actions_ops_writes',
      text: `SELECT i.scope,
          (SELECT count(*) FROM ${WRITES} w WHERE w.identity = i.scope
             AND w.at > clock_timestamp() - make_interval(secs => $2::float8 / 1000)) AS minute,
          (SELECT count(*) FROM ${WRITES} w WHERE w.identity = i.scope
             AND w.at > clock_timestamp() - make_interval(secs => $3::float8 / 1000)) AS hour
        FROM unnest($1::text[]) AS i(scope)`,
      values: [scopes, 60_000 * this.timeScale, 3_600_000 * this.timeScale],
    });
    for (const w of writes.rows) {
      const v = view(w.scope);
      v.writesLastMinute = Number(w.minute);
      v.writesLastHour = Number(w.hour);
    }
    return {
      oldest: waiting.rows.map(deliveryOf),
      failures: failed.rows.map(deliveryOf),
      installations: scopes.map((s) => byScope.get(s)!),
      openCapped: total >= OPEN_COUNTED,
      pauses,
    };
  }
}

/** Installation ids in numeric order, `token` last. */
function byInstallation(a: string, b: string): number {
  const [x, y] = [Number(a), Number(b)];
  if (Number.isNaN(x) || Number.isNaN(y))
    return Number.isNaN(x) === Number.isNaN(y) ? a.localeCompare(b) : Number.isNaN(x) ? 1 : -1;
  return x - y;
}
