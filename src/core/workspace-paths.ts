// The one containment rule for every read from the workspace (config files of label-sync and triage, the files
// release uploads, the paths and working directory commit-files reads). A path is resolved with realpath (every
// link, of the file and of each folder above it) and then must:
// - stay inside the workspace (itself resolved with realpath). The workspace folder itself counts as inside: it
//   may be a working directory; a file to read can never be it.
// - not lie in a `.git` folder (any letter case) after realpath: a named `.git/config` and a link into `.git/` are
//   refused alike (actions/checkout keeps the token's `extraheader` in `.git/config`).
// Other hidden names (`.github/`, `.env`) are ordinary names: what a pattern selects of them is its own business.
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { messageOf } from './words';

/** The parts of a path, split on both separators (a path written on Windows uses `\`). */
function segments(text: string): string[] {
  return text.split(/[\\/]+/).filter((s) => s !== '');
}

/** The workspace with its links resolved (the root every containment check compares with). */
export async function realWorkspace(workspace: string): Promise<string> {
  return realpath(workspace).catch(() => resolve(workspace));
}

/** The path of `full` relative to `root` when it is inside it (root itself is `''`), else undefined. */
export function insideOf(root: string, full: string): string | undefined {
  const rel = relative(root, full);
  if (rel === '') return '';
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return rel;
}

/** True when a path relative to the workspace lies in a `.git` directory (or is one). */
export function underGit(rel: string): boolean {
  return segments(rel).some((p) => p.toLowerCase() === '.git');
}

export type Contained =
  | {
      ok: true;
      /** The real path. */
      path: string;
      /** Relative to the workspace, with the platform's separators. */
      rel: string;
    }
  | { ok: false; problem: string; reason: 'outside' | 'git' | 'missing' | 'unreadable' };

/**
 * `path` (relative to `base`, itself inside the real workspace `root`) resolved through every link: its real path
 * when it exists, stays inside `root` and outside `.git/`; else the problem, naming the path as written, and its
 * reason.
 */
export async function containedPath(root: string, base: string, path: string): Promise<Contained> {
  const full = resolve(base, path);
  const written = insideOf(root, full);
  if (written === undefined) return { ok: false, problem: `"${path}" leaves the workspace`, reason: 'outside' };
  if (underGit(written)) return { ok: false, problem: `"${path}" is inside .git/, which is never read`, reason: 'git' };
  let real: string;
  try {
    real = await realpath(full);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable';
    return { ok: false, problem: `"${path}" cannot be read: ${messageOf(err)}`, reason };
  }
  const rel = insideOf(root, real);
  if (rel === undefined)
    return { ok: false, problem: `"${path}" leads outside the workspace (it is a link)`, reason: 'outside' };
  if (underGit(rel)) return { ok: false, problem: `"${path}" leads into .git/, which is never read`, reason: 'git' };
  return { ok: true, path: real, rel };
}
