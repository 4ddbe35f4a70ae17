#!/usr/bin/env node
// repo-actions: runs any action's real bundle outside Actions, dry-run by default, against GitHub (or the local
// emulator with --api-url), with a token from GITHUB_TOKEN or GH_TOKEN; and the webhook service's commands.
// Fast start: this module imports only what `--help` and `--version` need; each command's modules (the service's
// queue and PostgreSQL client, an action runner) are imported when that command runs (`import()`: the bundle keeps
// them in chunks beside dist/cli/index.js, loaded on demand).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACTION_NAMES, isActionName } from '../../actions';
import { nodeVersionProblem } from './node-version';
import { QuietPipe, terminalText } from './terminal';
import { UsageError } from './usage-error';

/**
 * The repository (or installed package) root: the nearest folder above this module whose package.json has a
 * version (dist/cli/index.js is two levels down, beside a package.json that only says `"type": "module"`;
 * src/hosts/cli/main.ts is three).
 */
const ROOT = packageRoot(dirname(fileURLToPath(import.meta.url)));

function packageRoot(from: string): string {
  for (let dir = from; ; dir = resolve(dir, '..')) {
    const file = join(dir, 'package.json');
    if (existsSync(file) && /"version"\s*:/.test(readFileSync(file, 'utf8'))) return dir;
    if (resolve(dir, '..') === dir) throw new Error(`no package.json with a version above ${from}`);
  }
}

/** The service's commands. Each takes the arguments after its name and resolves to an exit code. */
const SERVICE_COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  serve: async (argv) => (await import('./serve')).serveCommand(argv),
  deliveries: async (argv) => (await import('./deliveries')).deliveriesCommand(argv),
  redeliver: async (argv) => (await import('./redeliver')).redeliverCommand(argv),
  migrate: async (argv) => (await import('./migrate-command')).migrateCommand(argv),
};

/** The package's version and Node range, read from its own package.json (checked by hand: no schema library loads). */
function packageMeta(): { version: string; engines?: { node?: string } } {
  const meta: unknown = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const field = (o: unknown, key: string): unknown =>
    typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[key] : undefined;
  const version = field(meta, 'version');
  if (typeof version !== 'string') throw new Error(`${join(ROOT, 'package.json')} has no version`);
  const node = field(field(meta, 'engines'), 'node');
  return { version, engines: typeof node === 'string' ? { node } : undefined };
}

function version(): string {
  return packageMeta().version;
}

function usage(): string {
  return `Usage: repo-actions <action> --repo owner/name [--input name=value]... [--apply]
       repo-actions <command> [options]

Runs an action's real code outside GitHub Actions. Nothing is written unless --apply is given.
The token comes from GITHUB_TOKEN or GH_TOKEN and is never printed.

Actions (repo-actions <action> --help lists its inputs):
  ${ACTION_NAMES.join(', ')}

Commands of the webhook service (repo-actions <command> --help):
  serve        receive GitHub webhook deliveries and run the triage rules
  deliveries   list the stored deliveries and their state; retry, cancel, pause and resume them
  migrate      apply the service's schema before a rollout (serve refuses a newer one)
  redeliver    ask GitHub to send again the deliveries that never got a 2xx (the App's delivery log)

Trying the actions locally (from a clone):
  emulator     start the local GitHub API emulator and print its URL, a token and commands to try

What the command line keeps between runs (ETags, triage's job memory; per API origin and repository, 6 hours):
  cache        list it; cache clear removes it (an action's --no-cache runs with none)

Options:
  -h, --help       this help
  -V, --version    the version`;
}

async function main(argv: string[], out: QuietPipe): Promise<number> {
  const [command, ...rest] = argv;
  if (!command) {
    process.stderr.write(`${usage()}\n`);
    return 2;
  }
  if (command === 'help' || command === '--help' || command === '-h') {
    out.write(`${usage()}\n`);
    return 0;
  }
  if (command === '--version' || command === '-V') {
    out.write(`${version()}\n`);
    return 0;
  }
  if (command === 'emulator') return (await import('./emulator-command')).emulatorCommand(ROOT, rest);
  if (command === 'cache') return (await import('./cache-command')).cacheCommand(rest);
  const service = SERVICE_COMMANDS[command];
  if (service) return service(rest);
  if (command.startsWith('-')) throw new UsageError(`unknown option ${command}; see repo-actions --help`);
  if (!isActionName(command))
    throw new UsageError(`unknown action or command "${command}" (actions: ${ACTION_NAMES.join(', ')}; see --help)`);
  return (await import('./action-command')).runActionCommand(ROOT, command, rest);
}

const out = new QuietPipe();
// The Node version package.json's `engines` asks for, checked before anything else runs.
const tooOld = nodeVersionProblem(packageMeta().engines?.node ?? '', process.versions.node);
if (tooOld) {
  process.stderr.write(`${tooOld}\n`);
  process.exit(1);
}
main(process.argv.slice(2), out).then(
  async (code) => {
    await out.flush();
    process.exit(code);
  },
  (err: unknown) => {
    process.stderr.write(`repo-actions: ${terminalText(err instanceof Error ? err.message : String(err))}\n`);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
