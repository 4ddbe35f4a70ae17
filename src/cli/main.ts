#!/usr/bin/env node
// repo-actions: runs any action's real bundle outside Actions, dry-run by default, against GitHub (or the local
// emulator with --api-url), with a token from GITHUB_TOKEN or GH_TOKEN; and the webhook service's commands.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { runActionCommand, UsageError } from './action-command';
import { cacheCommand } from './cache-command';
import { deliveriesCommand } from './deliveries';
import { emulatorCommand } from './emulator-command';
import { nodeVersionProblem } from './node-version';
import { redeliverCommand } from './redeliver';
import { serveCommand } from './serve';
import { QuietPipe, terminalText } from './terminal';

/** The repository (or installed package) root: dist/cli/index.js and src/cli/main.ts are both two levels down. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The service's commands. Each takes the arguments after its name and resolves to an exit code. */
const SERVICE_COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  serve: serveCommand,
  deliveries: deliveriesCommand,
  redeliver: redeliverCommand,
};

function actionNames(): string[] {
  const dir = join(ROOT, 'actions');
  return existsSync(dir) ? readdirSync(dir).filter((n) => existsSync(join(dir, n, 'action.yml'))) : [];
}

function packageMeta() {
  return z
    .object({ version: z.string(), engines: z.object({ node: z.string() }).partial().optional() })
    .parse(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')));
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
  ${actionNames().join(', ')}

Commands of the webhook service (repo-actions <command> --help):
  serve        receive GitHub webhook deliveries and run the triage rules
  deliveries   list the stored deliveries and their state; retry failed ones
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
  if (command === 'emulator') return emulatorCommand(ROOT, rest);
  if (command === 'cache') return cacheCommand(rest);
  const service = SERVICE_COMMANDS[command];
  if (service) return service(rest);
  if (command.startsWith('-')) throw new UsageError(`unknown option ${command}; see repo-actions --help`);
  if (!actionNames().includes(command))
    throw new UsageError(`unknown action or command "${command}" (actions: ${actionNames().join(', ')}; see --help)`);
  return runActionCommand(ROOT, command, rest);
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
