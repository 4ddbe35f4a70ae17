#!/usr/bin/env node
// repo-actions: runs any action's real bundle outside Actions, dry-run by default, against GitHub (or the
// local emulator with --api-url), with a token from GITHUB_TOKEN or GH_TOKEN. `serve` starts the webhook
// receiver.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseOutputFile, runnerEnvironment } from './runner-env';
import { deliveriesCommand } from './deliveries';
import { redeliverCommand } from './redeliver';
import { serveCommand } from './serve';
import { renderLine, styleFor } from './terminal';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const USAGE = `Usage: repo-actions <action> --repo owner/name [options]
       repo-actions serve --port 3000 --secret-env WEBHOOK_SECRET

Runs an action's real code outside GitHub Actions. Nothing is written unless --apply is given.

Actions: ${actionNames().join(', ')}

Options:
  --repo owner/name        the repository to act on (required)
  --input name=value       an input as in the action's action.yml (repeatable)
  --apply                  write for real (the default is a dry run: the plan and its cost only)
  --event name             the event to simulate (default workflow_dispatch)
  --payload file.json      the event payload
  --ref ref                GITHUB_REF (default refs/heads/main)
  --sha sha                GITHUB_SHA
  --api-url url            the API base (default GITHUB_API_URL or https://api.github.com)
  --workspace dir          GITHUB_WORKSPACE (default the current directory)
  --verbose                show debug lines
The token comes from GITHUB_TOKEN or GH_TOKEN and is never printed.`;

function actionNames(): string[] {
  const dir = join(ROOT, 'actions');
  return existsSync(dir) ? readdirSync(dir).filter((n) => existsSync(join(dir, n, 'action.yml'))) : [];
}

function fail(message: string): never {
  process.stderr.write(`repo-actions: ${message}\n`);
  process.exit(2);
}

function parseInputs(pairs: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) fail(`--input takes name=value, got "${pair}"`);
    out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

async function runActionCommand(action: string, argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      repo: { type: 'string' },
      input: { type: 'string', multiple: true, default: [] },
      apply: { type: 'boolean', default: false },
      event: { type: 'string', default: 'workflow_dispatch' },
      payload: { type: 'string' },
      ref: { type: 'string', default: 'refs/heads/main' },
      sha: { type: 'string', default: '' },
      'api-url': { type: 'string' },
      workspace: { type: 'string', default: process.cwd() },
      verbose: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.repo || !/^[\w.-]+\/[\w.-]+$/.test(values.repo)) fail('--repo owner/name is required');
  const token = process.env.GITHUB_TOKEN || process.env.GH_TOKEN || '';
  if (!token) fail('set GITHUB_TOKEN or GH_TOKEN');
  const bundle = join(ROOT, 'dist', action, 'index.js');
  if (!existsSync(bundle)) fail(`no bundle ${bundle}: run npm run build`);
  const apiUrl = (values['api-url'] ?? process.env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, '');
  const inputs = parseInputs(values.input);
  inputs['dry-run'] = values.apply ? 'false' : 'true';
  const payload = values.payload ? JSON.parse(readFileSync(values.payload, 'utf8')) : {};
  const { env, outputFile } = runnerEnvironment({
    actionYml: join(ROOT, 'actions', action, 'action.yml'),
    inputs,
    token,
    repository: values.repo,
    apiUrl,
    serverUrl: apiUrl === 'https://api.github.com' ? 'https://github.com' : apiUrl.replace(/\/api\/v3$/, ''),
    eventName: values.event,
    payload,
    workspace: resolve(values.workspace),
    ref: values.ref,
    sha: values.sha,
    runnerTemp: join(tmpdir(), 'repo-actions-cli'),
  });
  if (process.env.REPO_ACTIONS_TIME_SCALE) env.REPO_ACTIONS_TIME_SCALE = process.env.REPO_ACTIONS_TIME_SCALE;
  if (values.verbose) env.RUNNER_DEBUG = '1';

  const out = styleFor(process.stdout);
  process.stdout.write(
    out.bold(`${action} on ${values.repo}${values.apply ? '' : ' (dry run: nothing will be written)'}\n`),
  );
  const child = spawn(process.execPath, [bundle], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    const shown = renderLine(line, out, values.verbose);
    if (shown !== undefined) process.stdout.write(`${shown.split(token).join('***')}\n`);
  });
  const code = await new Promise<number>((done) => child.on('close', (c) => done(c ?? 1)));
  const outputs = parseOutputFile(readFileSync(outputFile, 'utf8'));
  if (Object.keys(outputs).length) {
    process.stdout.write(`\n${out.bold('Outputs')}\n`);
    const width = Math.max(...Object.keys(outputs).map((k) => k.length));
    for (const [k, v] of Object.entries(outputs)) {
      const value =
        values.verbose || v.length <= 200 ? v : `${v.slice(0, 200)}… (${v.length} characters; --verbose shows all)`;
      process.stdout.write(`  ${k.padEnd(width)}  ${value.split(token).join('***')}\n`);
    }
  }
  return code;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  if (command === 'serve') {
    return serveCommand(rest);
  }
  if (command === 'deliveries') return deliveriesCommand(rest);
  if (command === 'redeliver') return redeliverCommand(rest);
  if (!actionNames().includes(command)) fail(`unknown action "${command}" (have: ${actionNames().join(', ')})`);
  return runActionCommand(command, rest);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => fail((err as Error).message),
);
