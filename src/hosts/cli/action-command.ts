// `repo-actions <action> …`: runs the action's real bundle as the Actions runner would (INPUT_*, GITHUB_*, the file
// commands), as a dry run unless --apply. The bundle's workflow commands are shown as readable lines, the token
// never; the outputs and the job summary are printed as text at the end, every line through `terminalText` (no
// control character from a file name or an issue reaches the terminal). The step's files are removed after the
// run, also when it is interrupted (SIGINT, SIGTERM, SIGHUP: the signal goes on to the action, then the folder goes
// and the command exits as the signal would have it). What is kept between runs (the ETag cache, triage's job
// memory) is the entry of the API origin and repository in the user's private cache directory (`local-state.ts`);
// with --no-cache the run gets a fresh folder, removed afterwards. The Markdown summary goes where the user asks:
// `--summary FILE` (written anew), else the caller's GITHUB_STEP_SUMMARY (appended to, as the runner does).
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { actionPaths } from '../../actions';
import { repositoryNameProblem } from '../../github/names';
import { actionHelp, readActionMetadata } from './action-help';
import { cacheDirectory, preparePrivateDirectory } from './cache-dir';
import { openEntry } from './local-state';
import { parseOutputFile, runnerEnvironment } from './runner-env';
import { summaryAsText } from './summary-text';
import { QuietPipe, renderLine, styleFor, terminalText } from './terminal';
import { UsageError } from './usage-error';

export { UsageError };

const OPTIONS = {
  repo: { type: 'string' },
  input: { type: 'string', multiple: true, default: [] as string[] },
  apply: { type: 'boolean', default: false },
  event: { type: 'string', default: 'workflow_dispatch' },
  payload: { type: 'string' },
  ref: { type: 'string', default: 'refs/heads/main' },
  sha: { type: 'string', default: '' },
  'api-url': { type: 'string' },
  workspace: { type: 'string' },
  verbose: { type: 'boolean', default: false },
  'no-cache': { type: 'boolean', default: false },
  summary: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} satisfies ParseArgsOptionsConfig;

function parseInputs(pairs: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--input takes name=value, got "${pair}"`);
    out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

function readPayload(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`--payload ${file}: cannot read it (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--payload ${file}: not valid JSON (${(err as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError(`--payload ${file}: must hold a JSON object (an event payload)`);
  return value as Record<string, unknown>;
}

function mask(text: string, token: string): string {
  return token.length >= 4 ? text.split(token).join('***') : text;
}

function parseOptions(action: string, argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new UsageError(`${(err as Error).message}; see repo-actions ${action} --help`);
  }
}

export async function runActionCommand(root: string, action: string, argv: string[]): Promise<number> {
  const values = parseOptions(action, argv);
  const actionYml = join(root, actionPaths(action).actionYml);
  const out = new QuietPipe();
  if (values.help) {
    out.write(`${actionHelp(action, readActionMetadata(actionYml))}\n`);
    return 0;
  }
  if (values.repo === undefined)
    throw new UsageError(`--repo owner/name is required; see repo-actions ${action} --help`);
  const problem = repositoryNameProblem(values.repo);
  if (problem) throw new UsageError(`--repo ${problem}`);
  const token = process.env.GITHUB_TOKEN || process.env.GH_TOKEN || '';
  if (!token) throw new UsageError('set GITHUB_TOKEN or GH_TOKEN');
  const bundle = join(root, actionPaths(action).bundle);
  if (!existsSync(bundle)) throw new UsageError(`no bundle ${bundle}: run npm run build`);
  const apiUrl = (values['api-url'] ?? process.env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, '');
  const inputs = parseInputs(values.input);
  if ('dry-run' in inputs) throw new UsageError('dry-run is set by --apply (absent: a dry run); drop --input dry-run');
  inputs['dry-run'] = values.apply ? 'false' : 'true';
  const payload = values.payload ? readPayload(values.payload) : {};
  const cache = values['no-cache']
    ? mkdtempSync(join(tmpdir(), 'repo-actions-no-cache-'))
    : openEntry(preparePrivateDirectory(cacheDirectory(process.env)), apiUrl, values.repo);
  const summaryTarget = values.summary ?? (process.env.GITHUB_STEP_SUMMARY || undefined);

  const cleanup: string[] = [];
  let runner;
  try {
    if (values['no-cache']) cleanup.push(cache);
    runner = runnerEnvironment({
      actionYml,
      inputs,
      token,
      repository: values.repo,
      apiUrl,
      serverUrl: webUrlOf(apiUrl),
      eventName: values.event,
      payload,
      workspace: resolve(values.workspace ?? process.cwd()),
      ref: values.ref,
      sha: values.sha,
      runnerTemp: cache,
    });
  } catch (err) {
    for (const folder of cleanup) rmSync(folder, { recursive: true, force: true });
    throw new UsageError(`${(err as Error).message}; see repo-actions ${action} --help`);
  }
  const { env, outputFile, summaryFile, stepDir } = runner;
  cleanup.push(stepDir);
  const interrupted = removeOnSignal(cleanup);
  try {
    if (process.env.REPO_ACTIONS_TIME_SCALE) env.REPO_ACTIONS_TIME_SCALE = process.env.REPO_ACTIONS_TIME_SCALE;
    if (values.verbose) env.RUNNER_DEBUG = '1';
    const style = styleFor(process.stdout);
    out.write(style.bold(`${action} on ${values.repo}${values.apply ? '' : ' (dry run)'}\n`));
    const code = await runBundle(
      bundle,
      env,
      (line) => {
        const shown = renderLine(line, style, values.verbose);
        if (shown !== undefined) out.write(`${mask(shown, token)}\n`);
      },
      interrupted.track,
    );
    const outputs = parseOutputFile(readFileSync(outputFile, 'utf8'));
    if (Object.keys(outputs).length) {
      out.write(`\n${style.bold('Outputs')}\n`);
      const width = Math.max(...Object.keys(outputs).map((k) => k.length));
      for (const [k, v] of Object.entries(outputs)) {
        const value =
          values.verbose || v.length <= 200 ? v : `${v.slice(0, 200)}… (${v.length} characters; --verbose shows all)`;
        out.write(`  ${terminalText(k).padEnd(width)}  ${mask(terminalText(value), token)}\n`);
      }
    }
    const markdown = readFileSync(summaryFile, 'utf8');
    if (summaryTarget !== undefined) keepSummary(summaryTarget, mask(markdown, token), values.summary !== undefined);
    const summary = summaryAsText(markdown, style);
    if (summary) out.write(`\n${style.bold('Job summary')}\n${mask(summary, token)}\n`);
    await out.flush();
    return code;
  } finally {
    interrupted.stop();
    for (const folder of cleanup) rmSync(folder, { recursive: true, force: true });
  }
}

/** The Markdown summary into the user's file: `--summary FILE` anew, GITHUB_STEP_SUMMARY appended to. */
function keepSummary(file: string, markdown: string, replace: boolean): void {
  try {
    if (replace) writeFileSync(file, markdown, { mode: 0o600 });
    else appendFileSync(file, markdown, { mode: 0o600 });
  } catch (err) {
    process.stderr.write(
      `repo-actions: the job summary could not be written to ${terminalText(file)} (${(err as NodeJS.ErrnoException).code ?? 'error'})\n`,
    );
  }
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * While the action runs, a signal is passed on to it; once it has exited (or after 5 s, killed), `folders` are
 * removed and the command exits with 128 + the signal's number, as the shell reports a process the signal ended.
 */
function removeOnSignal(folders: readonly string[]) {
  let child: ChildProcess | undefined;
  const onSignal = (signal: (typeof SIGNALS)[number]) => {
    const exit = () => {
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
      process.exit(128 + constants.signals[signal]);
    };
    if (!child || child.exitCode !== null || child.signalCode !== null) return exit();
    child.once('close', exit);
    child.kill(signal);
    setTimeout(() => {
      child?.kill('SIGKILL');
      exit();
    }, 5_000).unref();
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  return {
    track: (c: ChildProcess) => {
      child = c;
    },
    stop: () => {
      for (const s of SIGNALS) process.off(s, onSignal);
    },
  };
}

/**
 * Runs the bundle with the runner's environment; each stdout line goes to `onLine`. The child inherits a umask of
 * 077, so every file it writes into the cache directory is private (0600, folders 0700).
 */
async function runBundle(
  bundle: string,
  env: Record<string, string>,
  onLine: (line: string) => void,
  onStart: (child: ChildProcess) => void,
) {
  const previous = process.umask(0o077);
  try {
    const child = spawn(process.execPath, [bundle], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    onStart(child);
    createInterface({ input: child.stdout }).on('line', onLine);
    createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(`${terminalText(line)}\n`));
    return await new Promise<number>((done) => {
      child.on('error', () => done(1));
      child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
    });
  } finally {
    process.umask(previous);
  }
}

/**
 * The web URL (`GITHUB_SERVER_URL`) of an API URL: github.com's for api.github.com; on GitHub Enterprise Cloud with
 * data residency the API is `https://api.SUBDOMAIN.ghe.com` and the web `https://SUBDOMAIN.ghe.com` (GitHub docs,
 * "Network details for GHE.com"); on GitHub Enterprise Server the API is `https://HOST/api/v3`, the web `https://HOST`.
 */
export function webUrlOf(apiUrl: string): string {
  const url = apiUrl.replace(/\/+$/, '');
  if (url === 'https://api.github.com') return 'https://github.com';
  const gheCom = /^https:\/\/api\.([a-z0-9-]+\.ghe\.com)$/i.exec(url);
  if (gheCom) return `https://${gheCom[1]}`;
  return url.replace(/\/api\/v3$/, '');
}
