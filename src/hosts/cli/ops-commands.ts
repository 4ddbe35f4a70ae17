// The operator's `deliveries` subcommands (`deliveries.ts` reads the flags and opens the store): `pause` and `resume`
// a scope (everything, `--installation N`, `--repository owner/name`, `--event name`, or `--sweeps`), `paused` lists
// the pauses in force, `cancel <id>` or `cancel` with a filter ends open or failed deliveries as cancelled, and
// `retry` with a filter queues failed ones again. The work itself is `store/operator-controls.ts`; every command
// prints what it changed (nothing, when run twice).
import { plural } from '../../kernel/words';
import { terminalText } from './terminal';
import { jsonText } from '../service/json-text';
import { OperatorControls, type DeliveryFilter, type PauseScope } from '../service/store/operator-controls';
import type { DeliveryState } from '../service/store/types';
import type pg from 'pg';

export const OPS_USAGE = `       repo-actions deliveries pause [scope] [--reason text]
       repo-actions deliveries resume [scope]
       repo-actions deliveries paused
       repo-actions deliveries cancel <delivery-id> | [filter] [--state queued|running|failed] [--reason text]
       repo-actions deliveries retry [filter]

Scope (pause, resume; none: every delivery): --installation n | --repository owner/name | --event name | --sweeps
Filter (cancel, retry; every one given must match, at least one): the scope's flags, --since and --until (a
duration back from now such as 90m, 2h, 3d, or an ISO time). cancel takes queued, running and failed deliveries
unless --state says one; retry takes failed ones.`;

/** The flags these subcommands read (parsed and checked in `deliveries.ts`). */
export interface OpsFlags {
  installation?: number;
  repository?: string;
  event?: string;
  sweeps: boolean;
  since?: string;
  until?: string;
  state?: DeliveryState;
  reason?: string;
  json: boolean;
}

export const OPS_COMMANDS = ['pause', 'resume', 'paused', 'cancel'] as const;

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `90m`, `2h`, `3d` back from `now`, or an ISO time; undefined when it is neither. */
export function timeOf(text: string, now = Date.now()): number | undefined {
  const m = /^(\d+(?:\.\d+)?)([mhd])$/.exec(text);
  if (m) return now - Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : at;
}

/** The one scope the flags name (several: an error). */
function scopeOf(f: OpsFlags): PauseScope | string {
  const named: PauseScope[] = [];
  if (f.installation !== undefined) named.push({ kind: 'installation', installation: f.installation });
  if (f.repository !== undefined) named.push({ kind: 'repository', repository: f.repository });
  if (f.event !== undefined) named.push({ kind: 'event', event: f.event });
  if (f.sweeps) named.push({ kind: 'sweeps' });
  if (named.length > 1) return 'name one scope: --installation, --repository, --event or --sweeps';
  if (f.since || f.until || f.state) return '--since, --until and --state choose deliveries: not a pause scope';
  return named[0] ?? { kind: 'all' };
}

function describe(s: PauseScope): string {
  switch (s.kind) {
    case 'all':
      return 'every delivery';
    case 'installation':
      return `installation ${s.installation}`;
    case 'repository':
      return `repository ${s.repository}`;
    case 'event':
      return `event ${s.event}`;
    case 'sweeps':
      return 'the sweeps';
  }
}

/** The filter the flags say (`id` alone, or at least one filter flag), or the problem with them. */
function filterOf(f: OpsFlags, id: string | undefined, states: DeliveryState[]): DeliveryFilter | string {
  const since = f.since === undefined ? undefined : timeOf(f.since);
  const until = f.until === undefined ? undefined : timeOf(f.until);
  if (f.since !== undefined && since === undefined) return '--since must be a duration such as 2h or an ISO time';
  if (f.until !== undefined && until === undefined) return '--until must be a duration such as 2h or an ISO time';
  const filter = { installation: f.installation, repository: f.repository, event: f.event, sweeps: f.sweeps };
  const narrowed = Object.values(filter).some((v) => v !== undefined && v !== false) || since || until;
  if (id && narrowed) return 'a delivery id or a filter, not both';
  if (!id && !narrowed) return 'name a delivery id or a filter (--all retries every failed delivery)';
  return { ...filter, id, since, until, states };
}

function usageProblem(problem: string): number {
  process.stderr.write(`repo-actions deliveries: ${problem}\n`);
  return 2;
}

function changed(ids: string[], what: string, json: boolean): void {
  if (json) process.stdout.write(`${jsonText({ [what]: ids }, 2)}\n`);
  else if (ids.length === 0) process.stdout.write(`No delivery ${what} (nothing matched).\n`);
  else
    process.stdout.write(
      `${plural(ids.length, 'delivery', 'deliveries')} ${what}:\n${terminalText(ids.map((id) => `  ${id}`).join('\n'))}\n`,
    );
}

/** Runs `command` (one of `OPS_COMMANDS`, or a filtered `retry`) on the store's pool; the exit code. */
export async function opsCommand(
  command: string,
  id: string | undefined,
  flags: OpsFlags,
  pool: pg.Pool,
): Promise<number> {
  const controls = new OperatorControls(pool);
  const out = (line: string) => process.stdout.write(`${terminalText(line)}\n`);
  if (command === 'pause' || command === 'resume') {
    const scope = scopeOf(flags);
    if (typeof scope === 'string' || id) return usageProblem(typeof scope === 'string' ? scope : 'unexpected id');
    if (command === 'pause') {
      const paused = await controls.pause(scope, flags.reason);
      out(paused ? `Paused ${describe(scope)}.` : `${describe(scope)}: paused already, nothing changed.`);
    } else {
      const { resumed, jobs } = await controls.resume(scope);
      out(
        resumed
          ? `Resumed ${describe(scope)}: ${plural(jobs, 'waiting job')} brought forward.`
          : `${describe(scope)}: not paused, nothing changed.`,
      );
    }
    return 0;
  }
  if (command === 'paused') {
    const pauses = await controls.paused();
    if (flags.json) process.stdout.write(`${jsonText(pauses, 2)}\n`);
    else if (pauses.length === 0) out('Nothing is paused.');
    else
      out(
        pauses
          .map((p) => `${p.scope}  since ${new Date(p.pausedAt).toISOString()}${p.reason ? `  ${p.reason}` : ''}`)
          .join('\n'),
      );
    return 0;
  }
  if (command === 'cancel') {
    const states: DeliveryState[] = flags.state ? [flags.state] : ['queued', 'running', 'failed'];
    if (flags.state === 'done') return usageProblem('done deliveries cannot be cancelled');
    const filter = filterOf(flags, id, states);
    if (typeof filter === 'string') return usageProblem(filter);
    changed(await controls.cancel(filter, flags.reason), 'cancelled', flags.json);
    return 0;
  }
  // A filtered retry.
  if (flags.state && flags.state !== 'failed') return usageProblem('retry takes failed deliveries (--state failed)');
  const filter = filterOf(flags, id, ['failed']);
  if (typeof filter === 'string') return usageProblem(filter);
  changed(await controls.retry(filter), 'queued again', flags.json);
  return 0;
}
