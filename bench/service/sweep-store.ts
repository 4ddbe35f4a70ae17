// What the sweep row (bench/scenarios/webhooks-service-sweep.ts) reads from the store: the sweep rows' states and
// times (a slot's rows are the deliveries of event `schedule`), per installation, and the webhooks' receipt and
// completion times, so every duration it prints is the store's own.
import { T } from '../../src/hosts/service/store/delivery-log';
import { withDb, type Fleet } from './fleet';

export interface SweepState {
  total: number;
  open: number;
}

export function sweepState(fleet: Fleet): Promise<SweepState> {
  return withDb(fleet.database, async (db) => {
    const { rows } = await db.query<{ total: string; open: string }>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE state IN ('queued', 'running')) AS open
       FROM ${T} WHERE event = 'schedule'`,
    );
    return { total: Number(rows[0].total), open: Number(rows[0].open) };
  });
}

export interface SweptBy {
  done: number;
  failed: number;
  open: number;
  lastDoneAt: number;
}

export interface SweepRows {
  /** Per installation: rows by state, and when its last sweep row was done (epoch ms). */
  byInstallation: Map<string, SweptBy>;
  queuedAt: number;
  firstDoneAt: number;
  lastDoneAt: number;
  maxAttempts: number;
}

export function sweepRows(fleet: Fleet): Promise<SweepRows> {
  return withDb(fleet.database, async (db) => {
    const per = await db.query<{
      installation: string;
      done: string;
      failed: string;
      open: string;
      last: string | null;
    }>(
      `SELECT installation::text AS installation, count(*) FILTER (WHERE state = 'done') AS done,
              count(*) FILTER (WHERE state = 'failed') AS failed,
              count(*) FILTER (WHERE state IN ('queued', 'running')) AS open,
              extract(epoch FROM max(finished_at)) * 1000 AS last
       FROM ${T} WHERE event = 'schedule' GROUP BY 1`,
    );
    const times = await db.query<Record<'queued' | 'first' | 'last' | 'attempts', string | null>>(
      `SELECT extract(epoch FROM min(received_at)) * 1000 AS queued, extract(epoch FROM min(finished_at)) * 1000 AS first,
              extract(epoch FROM max(finished_at)) * 1000 AS last, max(attempts) AS attempts
       FROM ${T} WHERE event = 'schedule'`,
    );
    const t = times.rows[0];
    return {
      byInstallation: new Map(
        per.rows.map((r) => [
          r.installation,
          { done: Number(r.done), failed: Number(r.failed), open: Number(r.open), lastDoneAt: Number(r.last ?? NaN) },
        ]),
      ),
      queuedAt: Number(t.queued ?? NaN),
      firstDoneAt: Number(t.first ?? NaN),
      lastDoneAt: Number(t.last ?? NaN),
      maxAttempts: Number(t.attempts ?? 0),
    };
  });
}

export interface WebhookRow {
  installation: string;
  state: string;
  receivedAt: number;
  finishedAt: number | null;
}

export function webhookRows(fleet: Fleet, ids: string[]): Promise<WebhookRow[]> {
  return withDb(fleet.database, async (db) => {
    const { rows } = await db.query<{ installation: string; state: string; received: string; finished: string | null }>(
      `SELECT installation::text AS installation, state, extract(epoch FROM received_at) * 1000 AS received,
              extract(epoch FROM finished_at) * 1000 AS finished
       FROM ${T} WHERE id = ANY($1::text[])`,
      [ids],
    );
    return rows.map((r) => ({
      installation: r.installation,
      state: r.state,
      receivedAt: Number(r.received),
      finishedAt: r.finished === null ? null : Number(r.finished),
    }));
  });
}

export function failedInStore(fleet: Fleet): Promise<number> {
  return withDb(fleet.database, async (db) => {
    const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${T} WHERE state = 'failed'`);
    return Number(rows[0].n);
  });
}
