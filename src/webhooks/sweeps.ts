// Scheduled sweeps in service mode: `--sweep-cron` (five fields, UTC). Every replica ticks; the one whose
// `claimSchedule` wins a slot (one row per schedule in the store) enqueues one sweep job per known repository
// and installation, with the id `sweep:<repository>:<slot>`, so a job is deduplicated like a delivery.
import type { Logger } from '../client/types';
import { messageOf } from '../core/words';
import type { DeliveryStore } from './store/types';

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

export function cronMatches(cron: CronSchedule, at: Date): boolean {
  const [minute, hour, dom, month, dow] = cron.fields;
  if (!minute.has(at.getUTCMinutes()) || !hour.has(at.getUTCHours()) || !month.has(at.getUTCMonth() + 1)) return false;
  const byDom = dom.has(at.getUTCDate());
  const byDow = dow.has(at.getUTCDay());
  return cron.eitherDay ? byDom || byDow : byDom && byDow;
}

export interface SweepSchedulerOptions {
  cron: CronSchedule;
  store: DeliveryStore;
  log: Logger;
  now: () => number;
  /** A job was queued. */
  onQueued?: () => void;
  /** How often to look at the clock (default 15 s). */
  tickMs?: number;
}

/** Checks the current minute; resolves with the sweeps this replica queued (0 when another took the slot). */
export async function sweepTick(o: SweepSchedulerOptions): Promise<number> {
  const minute = Math.floor(o.now() / 60_000) * 60_000;
  if (!cronMatches(o.cron, new Date(minute))) return 0;
  if (!(await o.store.claimSchedule('sweep', minute))) return 0;
  let queued = 0;
  for (const { repository, installation } of await o.store.knownRepositories()) {
    const [owner, name] = repository.split('/');
    const payload = {
      repository: { full_name: repository, name, owner: { login: owner } },
      ...(installation ? { installation: { id: installation } } : {}),
    };
    const outcome = await o.store.accept({
      id: `sweep:${repository.toLowerCase()}:${minute}`,
      event: 'schedule',
      repository,
      installation,
      itemKey: `${repository.toLowerCase()}#sweep`,
      headers: {},
      body: Buffer.from(JSON.stringify(payload)),
    });
    if (outcome !== 'duplicate') queued++;
  }
  o.log.info(`Sweep slot ${new Date(minute).toISOString()} (${o.cron.text}): ${queued} repositories queued.`);
  if (queued) o.onQueued?.();
  return queued;
}

/** Ticks until the returned function is called. */
export function startSweeps(o: SweepSchedulerOptions): () => void {
  const timer = setInterval(() => {
    sweepTick(o).catch((err) => o.log.warning(`Sweep scheduling failed: ${messageOf(err)}`));
  }, o.tickMs ?? 15_000);
  timer.unref();
  return () => clearInterval(timer);
}
