// The service's data directory holds the embedded PostgreSQL cluster and its password: it must be private.
// Created 0700 when missing; refused when it is a symbolic link, owned by another user, or writable by the group
// or others (someone else could swap its contents).
import { chmodSync, lstatSync, mkdirSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Creates or checks `dir`; `otherOwners` are the other owners accepted (as root: the server's account of an older
 * layout, which `startEmbeddedPostgres` then takes back for root).
 */
export function prepareDataDir(dir: string, otherOwners: readonly number[] = []): string {
  const path = resolve(dir);
  mkdirSync(path, { recursive: true, mode: 0o700 });
  const s = lstatSync(path);
  if (s.isSymbolicLink()) throw new Error(`the data directory ${path} is a symbolic link: give its real path`);
  if (!s.isDirectory()) throw new Error(`the data directory ${path} is not a directory`);
  const me = process.getuid?.();
  if (me !== undefined && s.uid !== me && !otherOwners.includes(s.uid))
    throw new Error(`the data directory ${path} belongs to another user (uid ${s.uid})`);
  if ((s.mode & 0o022) !== 0)
    throw new Error(`the data directory ${path} is writable by other users (mode ${(s.mode & 0o777).toString(8)})`);
  if ((s.mode & 0o077) !== 0) chmodSync(path, 0o700);
  return realpathSync(path);
}
