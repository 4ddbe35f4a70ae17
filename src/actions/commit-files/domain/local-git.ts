// Deletions made in a git checkout: files that the checkout's HEAD or index track under the working directory
// but that an earlier step removed (`rm`, `git rm`, `git mv`). `git add -A` would commit those deletions, so this
// action does too, without `delete-missing`. Outside a work tree (or without git) there are none. Files a sparse
// checkout leaves out (skip-worktree) are not deletions.
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { runGit } from '../../../kernel/git';
import { mapPool } from '../../../kernel/pool';

const split = (out: string | undefined) => (out ?? '').split('\0').filter(Boolean);

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Paths (relative to `dir`, `/`-separated) tracked by the checkout `dir` lies in but absent from disk; `env` is the
 * host's environment.
 */
export async function deletedInCheckout(dir: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  // git through the one helper: no program from the checkout's config, no token in its environment.
  const git = (args: string[]) => runGit(dir, args, { env });
  if ((await git(['rev-parse', '--is-inside-work-tree']))?.trim() !== 'true') return [];
  // Paths are relative to `dir` and limited to it (git's default in a subfolder).
  const [index, head] = await Promise.all([
    git(['ls-files', '-z', '-t']),
    git(['ls-tree', '-r', '-z', '--name-only', 'HEAD']),
  ]);
  if (index === undefined) return [];
  const sparse = new Set<string>();
  const tracked = new Set<string>();
  for (const entry of split(index)) {
    const path = entry.slice(2);
    if (entry.startsWith('S ')) sparse.add(path);
    else tracked.add(path);
  }
  for (const path of split(head)) if (!sparse.has(path)) tracked.add(path);
  const candidates = [...tracked].filter((p) => !p.startsWith('../'));
  const gone = await mapPool(candidates, 32, async (path) => ((await exists(join(dir, path))) ? undefined : path));
  return gone.filter((p): p is string => p !== undefined).sort();
}
