// What the ship tests share: an installation of what ships (the packed tarball, or the image's runtime layout) in a
// temporary folder with production dependencies only, and the three checks run against it — `--version`, an
// action's dry run against the emulator, and `serve` on its embedded store until /readyz answers 200, then a clean
// stop. The installed command line runs in folders of its own, with no repository checkout above it, so nothing of
// the development clone (its node_modules, its TypeScript) can be reached.
import { execFile, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { Emulator } from '../../emulator';
import { SAMPLE_REPO, SAMPLE_TOKEN } from '../../emulator/sample-scenario';
import { nodeBinary, ROOT } from '../../harness/run-bundle';

const run = promisify(execFile);

/** The folders this test file made (an installation is over 100 MB): removed by `removeTempDirs` after its tests. */
const made: string[] = [];

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `ship-${prefix}-`));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The environment of every installed run: no variable of the test process (npm's, vitest's, a token) leaks in. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...extra };
}

/** Runs npm with `args` in `cwd`; npm's own output is returned for the failure message. */
export async function npm(args: string[], cwd: string): Promise<string> {
  // The npm on PATH; its cache is the user's (nothing is cached in the repository). Under `npm test` the outer npm's
  // settings are in the environment (npm_config_local_prefix names the clone): none reaches this npm.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const { stdout, stderr } = await run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=warn'], {
    cwd,
    env: { ...env, npm_config_update_notifier: 'false' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout + stderr;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the installed command line (`bin`, its dist/cli/index.js) to completion. */
export function runInstalled(bin: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<RunResult>((resolve) => {
    const child = spawn(nodeBinary(), [bin, ...args], { cwd, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The packages package-lock.json installs only for development (`"dev": true`: typescript, vitest, the `node`
 * package…); a production installation holds none of them. A package also needed in production (such as
 * `@types/node`, a dependency of a production package's types) is not among them.
 */
export function devOnlyPackages(): string[] {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([path, meta]) => meta.dev && /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path))
    .map(([path]) => path.slice('node_modules/'.length));
}

/** A folder holding `files`, standing for a workflow's checkout. */
export function workspace(files: Record<string, string>): string {
  const dir = tempDir('ws');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** label-sync's dry run against the emulator: the plan is printed, nothing is written. */
export async function dryRun(bin: string, emu: Emulator, cwd = workspace({})): Promise<RunResult> {
  writeFileSync(join(cwd, 'labels.yml'), '- name: shipped\n  color: 123abc\n');
  return runInstalled(
    bin,
    ['label-sync', '--repo', SAMPLE_REPO, '--api-url', emu.apiUrl, '--input', 'config=labels.yml'],
    cwd,
    {
      GITHUB_TOKEN: SAMPLE_TOKEN,
      REPO_ACTIONS_TIME_SCALE: '0.01',
      XDG_CACHE_HOME: tempDir('cache'),
      TMPDIR: tempDir('tmp'),
    },
  );
}

/**
 * A data folder for the embedded store. Its parent is opened to others (mkdtemp makes 0700): run as root, serve starts
 * PostgreSQL as the postgres user, which must reach the folder (serve refuses a folder under a private one).
 */
export function dataDir(): string {
  const parent = tempDir('data');
  chmodSync(parent, 0o755);
  return join(parent, 'store');
}

export interface ServeRun {
  /** Every line serve printed. */
  output: string[];
  /** /readyz's status once serve listened (200 expected). */
  readyStatus: number;
  /** serve's exit code after SIGTERM. */
  exitCode: number | null;
}

/**
 * Starts `serve` from `argv` (the installed bin and its arguments) on its embedded store in a fresh data folder,
 * waits until /readyz answers 200 (or `timeoutMs` passes), then stops it with SIGTERM and waits for its exit.
 */
export async function serveUntilReady(
  argv: string[],
  cwd: string,
  emu: Emulator,
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<ServeRun> {
  const child = spawn(nodeBinary(), [...argv, '--port', '0', '--api-url', emu.apiUrl], {
    cwd,
    env: cleanEnv({
      WEBHOOK_SECRET: 'ship-test-secret',
      GITHUB_TOKEN: SAMPLE_TOKEN,
      REPO_ACTIONS_DATA_DIR: dataDir(),
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  createInterface({ input: child.stderr }).on('line', (l) => output.push(l));
  let readyStatus = 0;
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (l) => {
        output.push(l);
        const m = /Listening on (http:\/\/[^/\s]+)/.exec(l);
        if (m) resolve(m[1]);
      });
      void exited.then((code) => reject(new Error(`serve exited with ${code}:\n${output.join('\n')}`)));
      setTimeout(() => reject(new Error(`serve did not listen in time:\n${output.join('\n')}`)), timeoutMs);
    });
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      readyStatus = await fetch(`${origin}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (readyStatus === 200) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    child.kill('SIGTERM');
  }
  return { output, readyStatus, exitCode: await exited };
}
