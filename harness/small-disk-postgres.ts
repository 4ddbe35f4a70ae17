// A PostgreSQL whose whole cluster lives on a small file system of its own (a tmpfs), so tests can fill the disk
// for real: writes that need a new page fail with "No space left on device" (ENOSPC, SQLSTATE 53100), as on a full
// volume. The tmpfs is mounted in a private mount namespace that only the server lives in (`unshare --mount`), so it
// needs no clean-up and is gone when the server exits. Two ways in, tried in order:
//  - a user namespace (`unshare --user --map-user=<uid> --mount --keep-caps`): unprivileged, for any user; the
//    server sees itself as a non-root user (PostgreSQL refuses root) and keeps the capability to mount the tmpfs;
//  - as root without user namespaces: a mount namespace, then `setpriv` to the `postgres` user, with the binaries
//    that user can execute (the embedded store's rule, src/hosts/service/store/embedded-postgres.ts).
// Both use util-linux (`unshare`, `setpriv`), part of every Debian-like base system.
import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { nativeDir, serverIdentity } from '../src/hosts/service/store/embedded-postgres';
import { freePort, tempDir } from './service';

export interface SmallDiskPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication on the loopback). */
  url: string;
  /** The postmaster's process id. */
  pid: number;
  /** How the namespace was made (for the test's log). */
  way: string;
  stop(): Promise<void>;
}

// $1 mount point, $2 bin folder, $3 port, $4 tmpfs size (MB), $5 tmpfs owner options.
const SERVER = `"$2"/initdb -D "$1"/pg -U postgres --auth=trust -E UTF8 --locale=C >/dev/null &&
  exec "$2"/postgres -D "$1"/pg -p "$3" -h 127.0.0.1 -k "" -c max_connections=100`;
const MOUNT = `mount -t tmpfs -o "size=$4m,mode=0700$5" tmpfs "$1"`;

interface Attempt {
  way: string;
  file: string;
  args: string[];
  /** The mount point's owner (the user the server runs as). */
  owner?: { uid: number; gid: number };
}

function attempts(mountPoint: string, port: number, sizeMb: number): Attempt[] {
  const me = userInfo();
  const native = nativeDir();
  const inner = me.uid === 0 ? 1000 : me.uid;
  const list: Attempt[] = [
    {
      way: 'user namespace',
      file: 'unshare',
      args: [
        ...['--user', `--map-user=${inner}`, `--map-group=${inner}`, '--mount', '--keep-caps', '--'],
        ...['sh', '-c', `${MOUNT} && exec sh -c '${SERVER}' sh "$@"`, 'sh'],
        ...[mountPoint, join(native, 'bin'), String(port), String(sizeMb), ''],
      ],
    },
  ];
  if (me.uid === 0) {
    const { binaries, uid, gid } = serverIdentity(native);
    const drop = `exec setpriv --reuid=${uid} --regid=${gid} --clear-groups sh -c '${SERVER}' sh "$@"`;
    list.push({
      way: 'mount namespace as root',
      file: 'unshare',
      owner: { uid: uid!, gid: gid! },
      args: [
        ...['--mount', '--propagation', 'private', '--', 'sh', '-c', `${MOUNT} && ${drop}`, 'sh'],
        ...[mountPoint, join(binaries, 'bin'), String(port), String(sizeMb), `,uid=${uid},gid=${gid}`],
      ],
    });
  }
  return list;
}

function startOne(file: string, args: string[], timeoutMs: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { LC_ALL: 'C', PATH: process.env.PATH },
    });
    let log = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`PostgreSQL did not start within ${timeoutMs / 1000} s: ${log.slice(-800)}`));
    }, timeoutMs);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      if (log.length < 64_000) log += chunk;
      if (log.includes('ready to accept connections')) {
        clearTimeout(timer);
        child.stderr!.resume();
        resolve(child);
      }
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`exited (${signal ?? `exit ${code}`}): ${log.trim().slice(-800)}`));
    });
  });
}

/** Starts PostgreSQL on a `sizeMb` tmpfs; throws every way's own error when none works. */
export async function startSmallDiskPostgres(sizeMb = 64): Promise<SmallDiskPostgres> {
  const errors: string[] = [];
  const ways = userInfo().uid === 0 ? 2 : 1;
  for (let i = 0; i < ways; i++) {
    const mountPoint = tempDir('small-disk');
    const port = await freePort();
    const attempt = attempts(mountPoint, port, sizeMb)[i];
    if (attempt.owner) chownSync(mountPoint, attempt.owner.uid, attempt.owner.gid);
    try {
      const child = await startOne(attempt.file, attempt.args, 60_000);
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      return {
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        pid: child.pid!,
        way: attempt.way,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
          const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          await exited;
          clearTimeout(timer);
          rmSync(mountPoint, { recursive: true, force: true });
        },
      };
    } catch (err) {
      rmSync(mountPoint, { recursive: true, force: true });
      errors.push(`${attempt.way}: ${(err as Error).message}`);
    }
  }
  throw new Error(`cannot start PostgreSQL on a small file system:\n${errors.join('\n')}`);
}
