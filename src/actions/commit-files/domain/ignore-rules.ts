// The `.gitignore` files of the working directory (and its `.git/info/exclude`), as git reads them: each file's
// patterns are relative to its folder, and a deeper file's rule (or a `!` re-include) wins over a shallower one.
// The workspace is hostile: a rules file is opened without following a symbolic link (`O_NOFOLLOW`; git itself
// refuses a symlinked `.gitignore` since 2.32), must be a regular file, and is read up to a cap, so a link to
// `/dev/zero` or to a file outside the workspace decides nothing.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** Larger rules files are refused (git's own limit for `.gitignore` is 100 MiB; real ones are a few KiB). */
export const IGNORE_FILE_MAX_BYTES = 1024 * 1024;

export class IgnoreFileError extends Error {
  constructor(path: string, reason: string) {
    super(`${path}: ${reason}; nothing was sent`);
    this.name = 'IgnoreFileError';
  }
}

const READ_NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** The rules file's text; undefined when absent, or when it is a symbolic link or not a regular file (ignored, as git does). */
async function readText(path: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(path, READ_NO_FOLLOW);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'ELOOP') return undefined;
    throw err;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return undefined;
    if (info.size > IGNORE_FILE_MAX_BYTES)
      throw new IgnoreFileError(path, `over ${IGNORE_FILE_MAX_BYTES} bytes, too large for a rules file`);
    // Read piece by piece up to the cap, whatever the size said (the file may grow meanwhile).
    const pieces: Buffer[] = [];
    let total = 0;
    for (;;) {
      const piece = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(piece, 0, piece.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > IGNORE_FILE_MAX_BYTES)
        throw new IgnoreFileError(path, `over ${IGNORE_FILE_MAX_BYTES} bytes, too large for a rules file`);
      pieces.push(piece.subarray(0, bytesRead));
    }
    return Buffer.concat(pieces).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** `ignore` refuses names it takes for non-relative paths (a file named `...`): git would not ignore those. */
function testPath(rules: Ignore, path: string): { ignored: boolean; unignored: boolean } {
  try {
    return rules.test(path);
  } catch {
    return { ignored: false, unignored: false };
  }
}

export class IgnoreRules {
  /** Folder ('' for the root) → the rules of its `.gitignore`. */
  private readonly levels = new Map<string, Ignore>();
  private readonly entered = new Set<string>();

  private constructor(private readonly root: string) {}

  /** The rules of the root: `.git/info/exclude` and `.gitignore` (deeper files are read as folders are entered). */
  static async load(root: string): Promise<IgnoreRules> {
    const rules = new IgnoreRules(root);
    const exclude = await readText(join(root, '.git', 'info', 'exclude'));
    if (exclude !== undefined) rules.levels.set('', ignore().add(exclude));
    await rules.enter('');
    return rules;
  }

  /** Reads the `.gitignore` of a folder (relative to the root), once. */
  async enter(dir: string): Promise<void> {
    if (this.entered.has(dir)) return;
    this.entered.add(dir);
    const text = await readText(join(this.root, dir, '.gitignore'));
    if (text === undefined) return;
    const level = this.levels.get(dir) ?? ignore();
    this.levels.set(dir, level.add(text));
  }

  /** Whether git would ignore this path (relative to the root); `dir` for a folder (`build/` patterns). */
  ignores(path: string, dir: boolean): boolean {
    let ignored = false;
    const folders = [''];
    for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) folders.push(path.slice(0, i));
    for (const folder of folders) {
      const rules = this.levels.get(folder);
      if (!rules) continue;
      const rel = folder === '' ? path : path.slice(folder.length + 1);
      const result = testPath(rules, dir ? `${rel}/` : rel);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }
}
