// The `.gitignore` files of the working directory (and its `.git/info/exclude`), as git reads them: each file's
// patterns are relative to its folder, and a deeper file's rule (or a `!` re-include) wins over a shallower one.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    throw err;
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
