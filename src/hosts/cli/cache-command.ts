// `repo-actions cache` lists what the command line keeps between runs (one entry per API origin and repository,
// `local-state.ts`); `repo-actions cache clear [--api-url URL] [--repo owner/name]` removes entries.
import { parseArgs } from 'node:util';
import { cacheDirectory } from './cache-dir';
import { commandFlags } from './command-flags';
import { clearEntries, listEntries, olderLayoutFolders, type CacheEntry } from './local-state';
import { terminalText } from './terminal';

export const CACHE_HELP = `Usage: repo-actions cache [list]
       repo-actions cache clear [--api-url URL] [--repo owner/name]

What the command line keeps between runs, one entry per API origin (--api-url) and repository: the ETag cache
that makes a repeated dry run nearly free, the recent writes that pace the next run, and triage's job memory.
An entry is used for 6 hours from its first run (as long as a job's RUNNER_TEMP lives), then removed.
The entries are in $XDG_CACHE_HOME/repo-actions (else ~/.cache/repo-actions), readable only by you.
  list              the entries: origin, repository, size, when each expires (the default)
  clear             removes every entry, or those of --api-url and/or --repo
  --no-cache        (on an action's command) runs with an empty folder, removed afterwards`;

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function expiresIn(entry: CacheEntry, now: Date): string {
  const minutes = Math.max(0, Math.round((entry.expires.getTime() - now.getTime()) / 60_000));
  return minutes >= 60 ? `in ${Math.floor(minutes / 60)} h ${minutes % 60} min` : `in ${minutes} min`;
}

/** The listing as lines of text (tested without a terminal). */
export function cacheListing(root: string, now: Date = new Date()): string[] {
  const entries = listEntries(root);
  const older = olderLayoutFolders(root);
  if (entries.length === 0 && older.length === 0) return [`Nothing is kept (${root} holds no entry).`];
  const rows = entries.map((e) => [e.apiUrl, e.repository, size(e.bytes), expiresIn(e, now)].map(terminalText));
  const head = ['API', 'repository', 'size', 'expires'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  const out = [`Kept in ${root}:`, ...(rows.length ? [line(head), ...rows.map(line)] : [])];
  for (const folder of older) out.push(`${folder}: from an older version, removed by the next run or cache clear`);
  return out;
}

export async function cacheCommand(argv: string[]): Promise<number> {
  const flags = commandFlags('cache', CACHE_HELP, () => {
    const { values, positionals } = parseArgs({
      args: argv,
      options: {
        'api-url': { type: 'string' },
        repo: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
    const [sub = 'list', ...extra] = positionals;
    if (extra.length || (sub !== 'list' && sub !== 'clear'))
      throw new Error(`unknown subcommand "${positionals.join(' ')}"`);
    if (sub === 'list' && (values['api-url'] !== undefined || values.repo !== undefined))
      throw new Error('--api-url and --repo go with cache clear');
    return { ...values, sub };
  });
  if (typeof flags === 'number') return flags;
  const root = cacheDirectory(process.env);
  if (flags.sub === 'list') {
    process.stdout.write(`${cacheListing(root).join('\n')}\n`);
    return 0;
  }
  const removed = clearEntries(root, { apiUrl: flags['api-url'], repository: flags.repo });
  const what = removed.map((e) => `  ${terminalText(e.apiUrl)}  ${terminalText(e.repository)}`);
  process.stdout.write(
    `${removed.length === 1 ? 'Removed 1 entry' : `Removed ${removed.length} entries`}${what.length ? ':' : '.'}\n${what.map((l) => `${l}\n`).join('')}`,
  );
  return 0;
}
