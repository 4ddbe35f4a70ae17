// Changed files between two commits (pull request files, compare), with line counts.
import type { Repo } from '../state';

/** The nearest commit reachable from `b` that is an ancestor of `a`. */
export function mergeBase(repo: Repo, a: string, b: string): string | undefined {
  const queue = [b];
  const seen = new Set<string>();
  while (queue.length) {
    const s = queue.shift()!;
    if (seen.has(s)) continue;
    seen.add(s);
    if (repo.objects.isAncestor(s, a)) return s;
    queue.push(...(repo.objects.commit(s)?.parents ?? []));
  }
  return undefined;
}

function lineCounts(a: Buffer | undefined, b: Buffer | undefined): { additions: number; deletions: number } {
  const lines = (x?: Buffer) =>
    x
      ? x
          .toString('utf8')
          .split('\n')
          .filter((l, i, all) => i < all.length - 1 || l !== '')
      : [];
  const left = new Map<string, number>();
  for (const l of lines(a)) left.set(l, (left.get(l) ?? 0) + 1);
  let additions = 0;
  for (const l of lines(b)) {
    const n = left.get(l) ?? 0;
    if (n > 0) left.set(l, n - 1);
    else additions++;
  }
  const deletions = [...left.values()].reduce((s, n) => s + n, 0);
  return { additions, deletions };
}

export interface FileChange {
  sha: string;
  filename: string;
  status: 'added' | 'removed' | 'modified';
  additions: number;
  deletions: number;
  changes: number;
}

/** Files that differ between `base` (none: everything is added) and `head`, sorted by path. */
export function diffCommits(repo: Repo, base: string | undefined, head: string): FileChange[] {
  const before = base ? repo.filesAt(base) : new Map();
  const after = repo.filesAt(head);
  const out: FileChange[] = [];
  for (const path of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const a = before.get(path);
    const b = after.get(path);
    if (a && b && a.sha === b.sha && a.mode === b.mode) continue;
    const counts = lineCounts(a ? repo.objects.blob(a.sha) : undefined, b ? repo.objects.blob(b.sha) : undefined);
    out.push({
      sha: (b ?? a)!.sha,
      filename: path,
      status: !a ? 'added' : !b ? 'removed' : 'modified',
      ...counts,
      changes: counts.additions + counts.deletions,
    });
  }
  return out;
}
