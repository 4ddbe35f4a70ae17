// `serve` as root with the embedded PostgreSQL (issue 40 item 2): the server runs under its own account
// (repo-actions-pg, not the system's `postgres`), which owns only the cluster folder. What that account can plant
// must not reach root: a link where serve.pid goes is replaced, never written through (its target untouched), and
// a postmaster.pid naming an unrelated process does not get it signalled, and an older layout (all the system
// `postgres` account's) is taken back. CI and this machine run the tests as root.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SERVICE_ACCOUNT,
  serverIdentity,
  startEmbeddedPostgres,
} from '../../src/hosts/service/store/embedded-postgres';

// Under /tmp (1777): the server's account can pass through to the cluster.
const base = mkdtempSync('/tmp/embedded-root-files-');
chmodSync(base, 0o755);
const dataDir = join(base, 'data');
const victim = join(base, 'victim.conf');
let sleeper: ChildProcess | undefined;
afterAll(() => {
  sleeper?.kill('SIGKILL');
  rmSync(base, { recursive: true, force: true });
});

function uidOfProcess(pid: number): number {
  return Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('serve as root with the embedded PostgreSQL', () => {
  it('runs the server as its own account and never writes through a link planted where serve.pid goes', async () => {
    expect(process.getuid?.()).toBe(0);
    mkdirSync(dataDir, { mode: 0o700 });
    writeFileSync(victim, 'precious\n', { mode: 0o644 });
    symlinkSync(victim, join(dataDir, 'serve.pid'));

    const pg = await startEmbeddedPostgres({ dataDir });
    try {
      const { uid } = serverIdentity();
      expect(uid).toBeGreaterThan(0);
      expect(uid).not.toBe(Number(readFileSync('/etc/passwd', 'utf8').match(/^postgres:[^:]*:(\d+):/m)?.[1] ?? -1));
      expect(readFileSync('/etc/passwd', 'utf8')).toMatch(new RegExp(`^${SERVICE_ACCOUNT}:[^:]*:${uid}:`, 'm'));
      expect(uidOfProcess(pg.pid)).toBe(uid);

      // The link was replaced by root's own file; its target was not touched.
      expect(readFileSync(victim, 'utf8')).toBe('precious\n');
      const pidFile = lstatSync(join(dataDir, 'serve.pid'));
      expect(pidFile.isFile()).toBe(true);
      expect([pidFile.uid, pidFile.mode & 0o777]).toEqual([0, 0o600]);
      expect(readFileSync(join(dataDir, 'serve.pid'), 'utf8')).toBe(`${process.pid}\n`);

      // Root's folder and files stay root's; only the cluster is the server's, down to every file in it.
      const folder = statSync(dataDir);
      expect([folder.uid, folder.mode & 0o777]).toEqual([0, 0o711]);
      const password = statSync(join(dataDir, 'postgres.password'));
      expect([password.uid, password.mode & 0o777]).toEqual([0, 0o600]);
      const cluster = join(dataDir, 'postgres');
      const owners = new Set(
        readdirSync(cluster, { recursive: true }).map((entry) => lstatSync(join(cluster, String(entry))).uid),
      );
      expect([...owners]).toEqual([uid]);
      expect(statSync(cluster).uid).toBe(uid);
      // Nothing of the initdb password handover is left.
      expect(readdirSync(dataDir).sort()).toEqual(['postgres', 'postgres.password', 'serve.pid']);
    } finally {
      await pg.stop();
    }
  }, 120_000);

  it('does not signal a process that a planted postmaster.pid names', async () => {
    const cluster = join(dataDir, 'postgres');
    const { uid, gid } = serverIdentity();
    sleeper = spawn('sleep', ['300'], { stdio: 'ignore' });
    const dead = spawn('true');
    await new Promise((r) => dead.once('exit', r));
    // What the server's account can write: its own postmaster.pid naming root's `sleep`; serve.pid names a
    // finished process, as after a `serve` killed with SIGKILL.
    writeFileSync(join(cluster, 'postmaster.pid'), `${sleeper.pid}\n${cluster}\n0\n5432\n\n127.0.0.1\n`);
    chownSync(join(cluster, 'postmaster.pid'), uid!, gid!);
    writeFileSync(join(dataDir, 'serve.pid'), `${dead.pid}\n`, { mode: 0o600 });

    const pg = await startEmbeddedPostgres({ dataDir });
    try {
      expect(alive(sleeper.pid!)).toBe(true);
      expect(sleeper.exitCode).toBeNull();
      expect(sleeper.signalCode).toBeNull();
      expect(Number(readFileSync(join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0])).toBe(pg.pid);
    } finally {
      await pg.stop();
    }
    expect(sleeper.signalCode).toBeNull();
  }, 120_000);

  it("takes back a data folder an older version handed to the system's postgres account", async () => {
    const legacy = /^postgres:[^:]*:(\d+):(\d+):/m.exec(readFileSync('/etc/passwd', 'utf8'));
    expect(legacy).not.toBeNull();
    const [uid, gid] = [Number(legacy![1]), Number(legacy![2])];
    // The older layout: everything the postgres account's, and a link it planted in place of the password.
    const walk = (path: string) => {
      chownSync(path, uid, gid);
      if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
    };
    walk(dataDir);
    const password = readFileSync(join(dataDir, 'postgres.password'), 'utf8');
    rmSync(join(dataDir, 'serve.pid'), { force: true });
    symlinkSync(victim, join(dataDir, 'serve.pid'));

    const pg = await startEmbeddedPostgres({ dataDir });
    try {
      const account = serverIdentity().uid;
      expect(uidOfProcess(pg.pid)).toBe(account);
      expect([statSync(dataDir).uid, statSync(join(dataDir, 'postgres.password')).uid]).toEqual([0, 0]);
      expect(readFileSync(join(dataDir, 'postgres.password'), 'utf8')).toBe(password);
      expect(lstatSync(join(dataDir, 'serve.pid')).isFile()).toBe(true);
      expect(readFileSync(victim, 'utf8')).toBe('precious\n');
      const cluster = join(dataDir, 'postgres');
      const owners = new Set(
        readdirSync(cluster, { recursive: true }).map((entry) => lstatSync(join(cluster, String(entry))).uid),
      );
      expect([...owners]).toEqual([account]);
    } finally {
      await pg.stop();
    }
  }, 120_000);
});
