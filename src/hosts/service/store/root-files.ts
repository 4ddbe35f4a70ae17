// Files `serve` writes and reads beside the embedded PostgreSQL, and the processes it signals there. As root the
// server runs under its own account, which owns the cluster folder and can plant anything in it: root must never
// write through a link it did not make, read a FIFO or a link as its own file, nor signal a process because a file
// of that account names it. So root's files sit in the root-owned data folder, are written to a fresh name
// (O_EXCL|O_NOFOLLOW) then renamed into place (a planted link is replaced, never followed), are read with
// O_NOFOLLOW|O_NONBLOCK as regular files only, and a PID is signalled only when /proc shows this cluster's
// postmaster (the package's postgres binary, working in this cluster).
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lchownSync,
  lstatSync,
  openSync,
  readSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

const MAX_READ = 64 * 1024;

/** Writes `dir/name` (0600) without following anything already at that name: a fresh file, then a rename. */
export function writeOwnFile(dir: string, name: string, content: string): void {
  const temp = join(dir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}`);
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, join(dir, name));
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

/** The text of a regular file (at most 64 kB); undefined when it is missing, a link, a FIFO or anything else. */
export function readOwnFile(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    const buffer = Buffer.alloc(MAX_READ);
    let length = 0;
    for (let n = 1; n > 0 && length < MAX_READ; length += n) n = readSync(fd, buffer, length, MAX_READ - length, null);
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function link(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined; // gone meanwhile, or not ours to read
  }
}

/** True when `pid` runs `postgresBinary` with `cluster` as its working directory (a postmaster or its backend). */
export function runsCluster(pid: number, cluster: string, postgresBinary: string): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 1 || pid === process.pid) return false;
  let binary: string;
  let dir: string;
  try {
    binary = realpathSync(postgresBinary);
    dir = realpathSync(cluster);
  } catch {
    return false;
  }
  return link(`/proc/${pid}/cwd`) === dir && link(`/proc/${pid}/exe`) === binary;
}

/**
 * Hands a cluster folder made under another account (the system's `postgres`, before the dedicated account) to
 * `uid`: lchown only, so a link inside is re-owned itself and its target is never touched.
 */
export function chownTree(path: string, uid: number, gid: number): void {
  const s = lstatSync(path);
  if (s.uid !== uid || s.gid !== gid) lchownSync(path, uid, gid);
  if (!s.isDirectory()) return;
  for (const entry of readdirSync(path)) chownTree(join(path, entry), uid, gid);
}
