// Scheduled sweeps in service mode: `--sweep-cron` (five fields, UTC), validated here and run by the queue's
// crontab (graphile-worker runs each slot once across replicas). A slot queues one sweep per repository, with the
// id `sweep:<repository>:<slot>`, so a sweep is deduplicated like a delivery.
import type { Logger } from '../../github/client/types';
import type pg from 'pg';
import type { DeliveryLog } from './store/delivery-log';

const FIELDS: [string, number, number][] = [
  ['minute', 0, 59],
  ['hour', 0, 23],
  ['day of month', 1, 31],
  ['month', 1, 12],
  ['day of week', 0, 7],
];

export interface CronSchedule {
  text: string;
  fields: Set<number>[];
  /** Day of month and day of week both restricted: either matches (cron's rule). */
  eitherDay: boolean;
}

function parseField(text: string, name: string, min: number, max: number): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d{1,2})(?:-(\d{1,2}))?)(?:\/(\d{1,2}))?$/.exec(part);
    if (!m) throw new Error(`cron ${name}: "${part}" is not a number, range, * or step`);
    const from = m[1] === '*' ? min : Number(m[2]);
    const to = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : from;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (from < min || to > max || from > to || step < 1)
      throw new Error(`cron ${name}: "${part}" is outside ${min}-${max}`);
    for (let v = from; v <= to; v += step) values.add(name === 'day of week' && v === 7 ? 0 : v);
  }
  return values;
}

/** A five-field cron expression (UTC): numbers, ranges, lists, steps and `*`. */
export function parseCron(text: string): CronSchedule {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron "${text}": needs five fields (minute hour day month weekday)`);
  const fields = parts.map((p, i) => parseField(p, FIELDS[i][0], FIELDS[i][1], FIELDS[i][2]));
  return { text, fields, eitherDay: parts[2] !== '*' && parts[4] !== '*' };
}

/** The repositories (with their installation) a sweep slot covers. */
export type SweepSource = () => Promise<{ repository: string; installation?: number }[]>;

/** Without an App: the repositories seen in stored deliveries (one index-ordered pass over the log). */
export function knownRepositories(pool: pg.Pool): SweepSource {
  return async () => {
    const { rows } = await pool.query<{ repository: string; installation: string | null }>(
      `SELECT repository, max(installation) AS installation FROM repo_actions_deliveries
       WHERE repository IS NOT NULL AND event <> 'schedule' GROUP BY repository ORDER BY repository`,
    );
    return rows.map((r) => ({
      repository: r.repository,
      installation: r.installation === null ? undefined : Number(r.installation),
    }));
  };
}

export interface SweepSlotOptions {
  /** The scheduled minute (ms epoch). */
  slot: number;
  deliveries: DeliveryLog;
  source: SweepSource;
  log: Logger;
  /** The sweeps of one installation are spread over this time, so its budget holds (default 0: all at once). */
  spreadMs?: number;
}

/** Queues one sweep per repository for the slot (id `sweep:<repository>:<slot>`, deduplicated like a delivery). */
export async function sweepSlot(o: SweepSlotOptions): Promise<number> {
  const minute = Math.floor(o.slot / 60_000) * 60_000;
  let queued = 0;
  const repositories = await o.source();
  const perInstallation = new Map<string, number>();
  for (const r of repositories)
    perInstallation.set(String(r.installation), (perInstallation.get(String(r.installation)) ?? 0) + 1);
  const position = new Map<string, number>();
  for (const { repository, installation } of repositories) {
    const key = String(installation);
    const index = position.get(key) ?? 0;
    position.set(key, index + 1);
    const runAfterMs = Math.floor(((o.spreadMs ?? 0) * index) / perInstallation.get(key)!);
    const [owner, name] = repository.split('/');
    const payload = {
      repository: { full_name: repository, name, owner: { login: owner } },
      ...(installation ? { installation: { id: installation } } : {}),
    };
    const outcome = await o.deliveries.accept({
      id: `sweep:${repository.toLowerCase()}:${minute}`,
      event: 'schedule',
      repository,
      installation,
      itemKey: `${repository.toLowerCase()}#sweep`,
      headers: {},
      body: Buffer.from(JSON.stringify(payload)),
      runAfterMs,
      sweepTurn: index,
    });
    if (outcome !== 'duplicate') queued++;
  }
  o.log.info(`Sweep slot ${new Date(minute).toISOString()}: ${queued} repositories queued.`);
  return queued;
}
