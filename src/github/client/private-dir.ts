// A private directory for data that must stay ours (cached API answers): mode 0700, our own, never a symbolic link,
// and reached only through folders that nobody else can rename or replace — each real folder above it belongs to
// root or to us and is writable by nobody else unless it is sticky (as /tmp is). Checking the last component alone
// would let the owner of a folder above swap the whole path for one of their own.
import { chmodSync, lstatSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

const STICKY = 0o1000;

/** Why `dir` cannot be a private directory, or undefined when it can (created 0700 when missing). */
export function privateDirectoryProblem(dir: string, uid: number | undefined = process.getuid?.()): string | undefined {
  try {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch (err) {
      // Something is there already (a file, a link): the checks below say what.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const stat = lstatSync(dir);
    if (stat.isSymbolicLink()) return `${dir}: it is a symbolic link`;
    if (!stat.isDirectory()) return `${dir}: it is not a directory`;
    if (uid !== undefined && stat.uid !== uid) return `${dir}: it belongs to user ${stat.uid}, not to you (${uid})`;
    const unsafe = unsafeAncestor(realpathSync(dirname(dir)), uid);
    if (unsafe) return `${dir}: it is reached through ${unsafe}`;
    if ((stat.mode & 0o777) !== 0o700) chmodSync(dir, 0o700);
    return undefined;
  } catch (err) {
    return `${dir}: it cannot be used: ${(err as Error).message}`;
  }
}

/** The first real folder from `real` up to the root that someone else could rename entries of, described. */
function unsafeAncestor(real: string, uid: number | undefined): string | undefined {
  for (let folder = real; ; folder = dirname(folder)) {
    const stat = statSync(folder);
    if (uid !== undefined && stat.uid !== 0 && stat.uid !== uid) return `${folder}, which belongs to user ${stat.uid}`;
    if ((stat.mode & 0o022) !== 0 && (stat.mode & STICKY) === 0)
      return `${folder}, which others may write to (mode ${(stat.mode & 0o777).toString(8)})`;
    if (dirname(folder) === folder) return undefined;
  }
}
