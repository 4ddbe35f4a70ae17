// Runs a committed bundle `dist/<name>/index.js` as the Actions runner does: a Node 24 child process with
// INPUT_* (defaults from action.yml), GITHUB_*, RUNNER_* and the file commands, against an emulator.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { Emulator } from '../emulator';
import { writeGitCheckout } from './git-checkout';
import { parseOutputFile } from './output-file';
import type { LogEntry } from '../emulator/log';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface RunOptions {
  emulator: Emulator;
  /** A token of the emulator's scenario (default: its first workflow token). */
  token?: string;
  /** 'owner/name' (default: the first repository of the scenario). */
  repository?: string;
  /** Inputs by their action.yml name; booleans/numbers stringified, arrays joined by newlines. */
  inputs?: Record<string, string | number | boolean | string[] | undefined>;
  event?: { name: string; payload?: Record<string, unknown> };
  /** Extra environment (wins over everything). */
  env?: Record<string, string>;
  /** A directory, or files (path → text) written into a fresh directory. */
  workspace?: string | Record<string, string>;
  /** Check out the repository at `sha` into the workspace first, with its `.git` (like actions/checkout). */
  checkout?: boolean;
  ref?: string;
  sha?: string;
  /** Share between steps of one job (the ETag cache lives there). Created (and removed after) when omitted. */
  runnerTemp?: string;
  debug?: boolean;
  timeoutMs?: number;
  measureMemory?: boolean;
  /** Repository root holding actions/<name>/action.yml and dist/<name>/index.js (default: this repository). */
  root?: string;
  /**
   * SIGKILL the bundle right after the emulator completed its k-th successful write (a content-creating
   * request answered below 400) of this run: a runner dying at that instant. See `killed` and `writes`.
   */
  killAfterWrites?: number;
}

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  message: string;
  file?: string;
  line?: number;
  col?: number;
  title?: string;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  annotations: Annotation[];
  /** The emulator's log entries for requests made during the run. */
  requests: LogEntry[];
  peakRssKb?: number;
  wallMs: number;
  env: Record<string, string>;
  /** True when `killAfterWrites` killed the process. */
  killed: boolean;
  /** Successful writes the emulator completed during the run. */
  writes: number;
}

/** The Node the Actions runner uses for `node24` (the repository's pinned binary when present). */
export function nodeBinary(): string {
  const pinned = join(ROOT, 'node_modules', 'node', 'bin', 'node');
  return existsSync(pinned) ? pinned : process.execPath;
}

export function bundlePath(name: string, root = ROOT): string {
  return join(root, 'dist', name, 'index.js');
}

interface ActionInput {
  default?: string;
}

export function readActionInputs(name: string, root = ROOT): Record<string, ActionInput> {
  const doc = parse(readFileSync(join(root, 'actions', name, 'action.yml'), 'utf8')) as {
    inputs?: Record<string, ActionInput>;
  };
  return doc.inputs ?? {};
}

function lookup(obj: unknown, path: string[]): unknown {
  let cur = obj;
  for (const p of path) cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[p] : undefined;
  return cur;
}

/** `${{ github.token }}`, `${{ runner.temp }}` and friends, resolved against the run's contexts; anything else becomes ''. */
function resolveExpressions(value: string, contexts: Record<string, Record<string, unknown>>): string {
  return value.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
    const parts = expr.split('.');
    const v = lookup(contexts[parts[0]], parts.slice(1));
    return v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  });
}

/** GITHUB_OUTPUT's two forms, read as the runner reads them (./output-file.ts). */
export const parseOutputs = parseOutputFile;

const unescapeData = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const unescapeProp = (s: string) => unescapeData(s).replace(/%3A/g, ':').replace(/%2C/g, ',');

export function parseAnnotations(stdout: string): Annotation[] {
  const out: Annotation[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const m = /^::(error|warning|notice)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!m) continue;
    const a: Annotation = { level: m[1] as Annotation['level'], message: unescapeData(m[3]) };
    for (const kv of (m[2] ?? '').split(',').filter(Boolean)) {
      const at = kv.indexOf('=');
      const k = kv.slice(0, at);
      const v = unescapeProp(kv.slice(at + 1));
      if (k === 'file' || k === 'title') a[k] = v;
      if (k === 'line' || k === 'col') a[k] = Number(v);
    }
    out.push(a);
  }
  return out;
}

function inputValue(v: string | number | boolean | string[] | undefined): string | undefined {
  if (v === undefined) return undefined;
  return Array.isArray(v) ? v.join('\n') : String(v);
}

/** Injected faults after which the write itself still happened (its answer was lost or replaced). */
const WRITE_RAN = new Set(['reset-after-body', 'reset-mid-response', 'reset-after-response', 'scripted-after-handler']);

export async function runBundle(name: string, o: RunOptions): Promise<RunResult> {
  const emu = o.emulator;
  const bundle = bundlePath(name, o.root);
  if (!existsSync(bundle)) throw new Error(`no bundle ${bundle}: run \`npm run build -- ${name}\``);
  const tokens = [...emu.state.tokens.entries()];
  const token = o.token ?? tokens.find(([, t]) => t.kind === 'workflow')?.[0] ?? tokens[0]?.[0] ?? '';
  const repository = o.repository ?? emu.state.repos[0]?.fullName ?? 'octo/app';
  const [owner] = repository.split('/');
  const repo = emu.state.repo(repository);
  const eventName = o.event?.name ?? 'workflow_dispatch';
  const payload: Record<string, unknown> = { ...(o.event?.payload ?? {}) };
  if (!payload.repository && repo) {
    payload.repository = {
      id: repo.id,
      name: repo.name,
      full_name: repo.fullName,
      private: repo.private,
      default_branch: repo.defaultBranch,
      owner: { login: repo.owner, id: emu.state.userId(repo.owner), type: 'User' },
      html_url: `https://github.com/${repo.fullName}`,
    };
  }
  const pr = payload.pull_request as
    { number?: number; head?: { ref?: string; sha?: string }; base?: { ref?: string } } | undefined;
  const isPr = eventName.startsWith('pull_request') && pr;
  // As the runner sets them: PRs → the merge ref, push → the pushed ref and `after`, release → the tag.
  const pushed = eventName === 'push' && typeof payload.ref === 'string' ? payload.ref : undefined;
  const releaseTag =
    eventName === 'release' ? (payload.release as { tag_name?: string } | undefined)?.tag_name : undefined;
  const ref =
    o.ref ??
    (isPr
      ? `refs/pull/${pr!.number}/merge`
      : (pushed ?? (releaseTag ? `refs/tags/${releaseTag}` : `refs/heads/${repo?.defaultBranch ?? 'main'}`)));
  const eventSha = isPr ? pr!.head?.sha : pushed && typeof payload.after === 'string' ? payload.after : undefined;
  const sha =
    o.sha ??
    eventSha ??
    repo?.resolveRef(ref.replace(/^refs\/(heads|tags)\//, '')) ??
    repo?.branch(repo.defaultBranch) ??
    '0'.repeat(40);

  const created: string[] = [];
  const temp = (prefix: string) => {
    const d = mkdtempSync(join(tmpdir(), `repo-actions-${prefix}-`));
    created.push(d);
    return d;
  };
  const runnerTemp = o.runnerTemp ?? temp('runner');
  const stepDir = temp('step');
  let workspace: string;
  if (typeof o.workspace === 'string') workspace = o.workspace;
  else {
    workspace = temp('workspace');
    // A real (shallow) git checkout of the commit, as actions/checkout leaves one: commit-files reads its HEAD.
    if (o.checkout && repo)
      writeGitCheckout(repo, sha, ref.replace(/^refs\/(heads|tags|pull)\//, ''), workspace, { shallow: true });
    for (const [path, text] of Object.entries(o.workspace ?? {})) {
      mkdirSync(dirname(join(workspace, path)), { recursive: true });
      writeFileSync(join(workspace, path), text);
    }
  }
  const files = Object.fromEntries(
    ['event.json', 'output', 'summary', 'env', 'state', 'maxrss'].map((f) => [f, join(stepDir, f)]),
  );
  writeFileSync(files['event.json'], JSON.stringify(payload, null, 2));
  for (const f of ['output', 'summary', 'env', 'state']) writeFileSync(files[f], '');

  const refName = ref.replace(/^refs\/(heads|tags|pull)\//, ''); // a PR's is '<number>/merge', as the runner sets it
  const github = {
    token,
    repository,
    repository_owner: owner,
    event_name: eventName,
    event: payload,
    ref,
    ref_name: refName,
    sha,
    workspace,
    actor: (payload.sender as { login?: string })?.login ?? 'octocat',
    server_url: emu.serverUrl ?? emu.apiUrl,
    api_url: emu.apiUrl,
    run_id: '4242',
    run_attempt: '1',
    job: 'test',
    workflow: 'e2e',
    head_ref: isPr ? (pr!.head?.ref ?? '') : '',
    base_ref: isPr ? (pr!.base?.ref ?? '') : '',
  };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_API_URL: emu.apiUrl,
    // On GHES the runner gives the web host, `https://HOST/api/v3` and `https://HOST/api/graphql` (emulator/ghes.ts).
    GITHUB_SERVER_URL: emu.serverUrl ?? emu.apiUrl,
    GITHUB_GRAPHQL_URL: emu.graphqlUrl ?? `${emu.apiUrl}/graphql`,
    GITHUB_REPOSITORY: repository,
    GITHUB_REPOSITORY_OWNER: owner,
    GITHUB_REPOSITORY_ID: String(repo?.id ?? 1),
    GITHUB_EVENT_NAME: eventName,
    GITHUB_EVENT_PATH: files['event.json'],
    GITHUB_WORKSPACE: workspace,
    GITHUB_REF: ref,
    GITHUB_REF_NAME: refName,
    GITHUB_REF_TYPE: ref.startsWith('refs/tags/') ? 'tag' : 'branch',
    GITHUB_SHA: sha,
    GITHUB_HEAD_REF: github.head_ref,
    GITHUB_BASE_REF: github.base_ref,
    GITHUB_ACTOR: github.actor,
    GITHUB_TRIGGERING_ACTOR: github.actor,
    GITHUB_RUN_ID: github.run_id,
    GITHUB_RUN_NUMBER: '7',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_JOB: 'test',
    GITHUB_WORKFLOW: 'e2e',
    GITHUB_ACTION: name,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_ENV: files.env,
    GITHUB_STATE: files.state,
    RUNNER_TEMP: runnerTemp,
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
    RUNNER_NAME: 'emulator',
    REPO_ACTIONS_TIME_SCALE: String(emu.options.timeScale ?? 1),
  };
  if (o.debug) env.RUNNER_DEBUG = '1';
  for (const [input, spec] of Object.entries(readActionInputs(name, o.root))) {
    const given = inputValue(o.inputs?.[input]);
    const value =
      given ??
      resolveExpressions(String(spec.default ?? ''), {
        github,
        runner: { temp: runnerTemp, os: 'Linux', arch: 'X64', name: 'emulator' },
      });
    env[`INPUT_${input.replace(/ /g, '_').toUpperCase()}`] = value;
  }
  for (const [input, v] of Object.entries(o.inputs ?? {})) {
    const key = `INPUT_${input.replace(/ /g, '_').toUpperCase()}`;
    if (!(key in env) && v !== undefined) env[key] = inputValue(v)!;
  }
  const args = [bundle];
  if (o.measureMemory) {
    env.REPO_ACTIONS_MAXRSS_FILE = files.maxrss;
    args.unshift('--import', join(ROOT, 'harness', 'maxrss-preload.mjs'));
  }
  Object.assign(env, o.env ?? {});

  const mark = emu.log.mark();
  const started = Date.now();
  const child = spawn(nodeBinary(), args, { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
  const timeoutMs = o.timeoutMs ?? 120_000;
  let writes = 0;
  let killed = false;
  const unsubscribe = emu.log.subscribe((entry) => {
    if (!entry.contentCreating || entry.status >= 400) return;
    if (entry.injected && !WRITE_RAN.has(entry.injected)) return;
    writes += 1;
    if (o.killAfterWrites !== undefined && writes === o.killAfterWrites && child.exitCode === null) {
      killed = true;
      child.kill('SIGKILL');
    }
  });
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      stderr += `\n[run-bundle] killed after ${timeoutMs} ms`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  unsubscribe();
  const wallMs = Date.now() - started;
  const result: RunResult = {
    code,
    stdout,
    stderr,
    outputs: parseOutputs(readFileSync(files.output, 'utf8')),
    summary: readFileSync(files.summary, 'utf8'),
    annotations: parseAnnotations(stdout),
    requests: emu.log.since(mark),
    wallMs,
    env,
    killed,
    writes,
  };
  if (o.measureMemory && existsSync(files.maxrss)) result.peakRssKb = Number(readFileSync(files.maxrss, 'utf8'));
  for (const d of created) rmSync(d, { recursive: true, force: true });
  return result;
}

/** A RUNNER_TEMP to share between the steps of one job; remove it with `rmSync(dir, { recursive: true })`. */
export function newRunnerTemp(): string {
  return mkdtempSync(join(tmpdir(), 'repo-actions-job-'));
}
