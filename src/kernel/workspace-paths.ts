// The one containment rule for every read from the workspace (config files of label-sync and triage, the files
// release uploads, the paths and working directory commit-files reads). A path is resolved with realpath (every
// link, of the file and of each folder above it) and then must:
// - stay inside the workspace (itself resolved with realpath). The workspace folder itself counts as inside: it
//   may be a working directory; a file to read can never be it.
// - not lie in a `.git` folder (any letter case) after realpath: a named `.git/config` and a link into `.git/` are
//   refused alike (actions/checkout keeps the token's `extraheader` in `.git/config`).
// Other hidden names (`.github/`, `.env`) are ordinary names: what a pattern selects of them is its own business.
// - quote no text of a file reached through a link (of the file or of any folder above it): a link inside the
//   workspace may lead to a file that was never meant as config (a `.env`, a deploy key), and a parse error quoting
//   its lines would print them in the log and in annotations. Problems with such a file name the file, the line and
//   column, and the kind of problem in the parser's fixed words (`quoteNothing`); a file reached by its own name keeps
//   its helpful message (the offending key or value quoted).
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { ConfigError, type ConfigIssue } from './config-file';
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
      /** Reached through a link (of the file or a folder above it): its text is never quoted (`quoteNothing`). */
      linked: boolean;
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
  return { ok: true, path: real, rel, linked: real !== resolve(root, written) };
}

/** What a problem of each kind is, said without the file's text (YAML error codes and zod issue codes). */
const KINDS: Partial<Record<string, string>> = {
  DUPLICATE_KEY: 'a key given twice',
  BAD_INDENT: 'bad indentation',
  MISSING_CHAR: 'a missing character (an unclosed quote or bracket)',
  BAD_ALIAS: 'a bad alias',
  missing_key: 'a required key is missing',
  unrecognized_keys: 'an unknown key',
  invalid_type: 'a value of the wrong type',
  invalid_value: 'a value that is not one of those allowed',
  invalid_format: 'a value of the wrong format',
  too_big: 'a value too long or too large',
  too_small: 'a value too short or too small',
  custom: 'a value that fails a check',
};

/** A problem of `file` said by position and kind only (for a file reached through a link). */
function unquotedIssue(issue: ConfigIssue): ConfigIssue {
  const known = issue.kind === undefined ? undefined : KINDS[issue.kind];
  const what =
    known ?? (issue.kind && /^[A-Z_]+$/.test(issue.kind) ? `YAML syntax (${issue.kind})` : 'an invalid value');
  return { path: '', message: `${what}; ${NOT_QUOTED}`, line: issue.line, column: issue.column, kind: issue.kind };
}

const NOT_QUOTED = 'its text is not quoted because the file is reached through a link';

/**
 * Runs `parse` on the text of a workspace file. When the file was reached through a link (`linked`), every
 * problem it raises, a ConfigError's issues and any other error alike, is said by the file's name, line, column
 * and kind only, and every warning by the file's name only: nothing of its text reaches the log or an annotation.
 * `parse` is given the warning function to use.
 */
export function quoteNothing<T>(
  source: { file: string; linked?: boolean },
  parse: (warn?: (message: string) => void) => T,
  warn?: (message: string) => void,
): T {
  if (!source.linked) return parse(warn);
  const file = source.file;
  let warned = false;
  const quietWarn = warn
    ? () => {
        if (!warned) warn(`${file}: a warning about its content; ${NOT_QUOTED}`);
        warned = true;
      }
    : undefined;
  try {
    return parse(quietWarn);
  } catch (err) {
    if (err instanceof ConfigError && err.issues.length > 0) throw new ConfigError(file, err.issues.map(unquotedIssue));
    throw ConfigError.forFile(file, `cannot be parsed; ${NOT_QUOTED}`);
  }
}
