// `repo-actions deliveries`: what the service's store holds. `list` (the default) shows the latest deliveries
// (`--state failed` for the failed ones, with their last error); `retry <id>` and `retry --all` queue failed
// deliveries again, and a running `serve` picks them up. Same store flags as `serve`: `--database` /
// DATABASE_URL (or their _FILE), else the embedded PostgreSQL a running `serve` started in `--data-dir` (the same
// absolute default as serve's, serve-environment.ts, so any working folder finds it). The operator's subcommands
// (pause, resume, paused, cancel, a filtered retry) are in ops-commands.ts; `export` and `import` (the log to a file
// and back) in deliveries-transfer.ts, which start the embedded PostgreSQL themselves when no `serve` runs there.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { commandFlags, storeFlagSchemas } from './command-flags';
import { plural } from '../../kernel/words';
import { databaseOf, dataDirOf } from './serve-environment';
import { OPS_COMMANDS, OPS_USAGE, opsCommand } from './ops-commands';
import { exportCommand, importCommand } from './deliveries-transfer';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { terminalText } from './terminal';
import { jsonText } from '../service/json-text';
import { describeStore, openStore } from '../service/store/open-store';
import type { DeliverySummary } from '../service/store/types';

export const DELIVERIES_USAGE = `Usage: repo-actions deliveries [list] [--state queued|running|done|failed] [--limit n]
       repo-actions deliveries retry <delivery-id>
       repo-actions deliveries retry --all
       repo-actions deliveries export --out file
       repo-actions deliveries import --in file
${OPS_USAGE}

Store: --database url (or REPO_ACTIONS_DATABASE, DATABASE_URL, or a file named by their _FILE) for PostgreSQL,
else the embedded PostgreSQL that a running serve started in --data-dir dir (or REPO_ACTIONS_DATA_DIR; default
~/.local/state/repo-actions, $XDG_STATE_HOME/repo-actions, or /var/lib/repo-actions as root).`;

const Flags = z.object({
  ...storeFlagSchemas,
  state: z.enum(['queued', 'running', 'done', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(10_000),
  all: z.boolean(),
  installation: z.coerce.number().int().min(1).optional(),
  repository: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/, 'must be owner/name')
    .optional(),
  event: z
    .string()
    .regex(/^[a-z_]{1,64}$/, 'must be an event name such as issues')
    .optional(),
  sweeps: z.boolean(),
  since: z.string().optional(),
  until: z.string().optional(),
  reason: z.string().max(500).optional(),
  out: z.string().min(1).optional(),
  in: z.string().min(1).optional(),
  json: z.boolean(),
  help: z.boolean(),
});

function row(d: DeliverySummary): string {
  const what = d.action ? `${d.event}.${d.action}` : d.event;
  const error = d.lastError ? `  ${d.lastError.replace(/\s+/g, ' ').slice(0, 160)}` : '';
  const earlier = d.history.length > d.attempts ? `  history ${d.history.length}` : '';
  const last = d.history.at(-1)?.outcome;
  const state = last === 'cancelled' || last === 'paused' ? `${d.state} (${last})` : d.state;
  return `${d.id}  ${what}  ${d.repository ?? '-'}  ${state}  attempts ${d.attempts}  ${new Date(d.receivedAt).toISOString()}${earlier}${error}`;
}

export async function deliveriesCommand(argv: string[]): Promise<number> {
  let positionals: string[] = [];
  const flags = commandFlags('deliveries', DELIVERIES_USAGE, () => {
    const parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        database: { type: 'string' },
        'data-dir': { type: 'string' },
        state: { type: 'string' },
        limit: { type: 'string', default: '50' },
        all: { type: 'boolean', default: false },
        installation: { type: 'string' },
        repository: { type: 'string' },
        event: { type: 'string' },
        sweeps: { type: 'boolean', default: false },
        since: { type: 'string' },
        until: { type: 'string' },
        reason: { type: 'string' },
        out: { type: 'string' },
        in: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
    positionals = parsed.positionals;
    return Flags.parse({
      ...parsed.values,
      database: databaseOf(parsed.values.database, process.env),
      'data-dir': dataDirOf(parsed.values['data-dir'], process.env),
    });
  });
  if (typeof flags === 'number') return flags;
  const [command = 'list', id, ...extra] = positionals;
  const filtered = ['installation', 'repository', 'event', 'since', 'until'].some(
    (k) => flags[k as keyof typeof flags] !== undefined,
  );
  // `retry` with a filter, and the operator's subcommands, are ops-commands.ts's.
  const operator =
    (OPS_COMMANDS as readonly string[]).includes(command) || (command === 'retry' && (filtered || flags.sweeps));
  const retrying = command === 'retry' && !operator;
  const transfer =
    (command === 'export' && !!flags.out && !flags.in) || (command === 'import' && !!flags.in && !flags.out);
  if (
    (command !== 'list' && !retrying && !operator && !transfer) ||
    (!transfer && (flags.out || flags.in)) ||
    (transfer && id) ||
    extra.length ||
    (operator && flags.all) ||
    (retrying && !!id === flags.all) ||
    (command === 'list' && id)
  ) {
    process.stderr.write(`repo-actions deliveries: unexpected arguments\n\n${DELIVERIES_USAGE}\n`);
    return 2;
  }
  // export and import start the embedded server when no serve runs there (a backup while stopped, a fresh data folder).
  const running = transfer ? existsSync(join(flags['data-dir'], 'postgres', 'postmaster.pid')) : true;
  const choice = { database: flags.database, dataDir: flags['data-dir'], shared: running, maxConnections: 2 };
  let store;
  try {
    store = await openStore(choice);
  } catch (err) {
    process.stderr.write(
      `repo-actions deliveries: cannot open the ${describeStore(choice)}: ${terminalText((err as Error).message)}\n`,
    );
    return 1;
  }
  try {
    if (operator) return await opsCommand(command, id, flags, store.pool);
    if (command === 'export') return await exportCommand(store.pool, flags.out!);
    if (command === 'import') return await importCommand(store.pool, flags.in!);
    if (retrying) {
      const queued = await store.log.retry(flags.all ? undefined : id);
      if (!flags.all && queued === 0) {
        process.stderr.write(`repo-actions deliveries: no failed delivery ${id}\n`);
        return 1;
      }
      process.stdout.write(`Queued ${plural(queued, 'failed delivery', 'failed deliveries')} again.\n`);
      return 0;
    }
    const list = await store.log.list({ state: flags.state, limit: flags.limit });
    if (flags.json) process.stdout.write(`${jsonText(list, 2)}\n`);
    else if (list.length === 0)
      process.stdout.write(`No deliveries${flags.state ? ` in state ${flags.state}` : ''}.\n`);
    else process.stdout.write(`${terminalText(list.map(row).join('\n'))}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
