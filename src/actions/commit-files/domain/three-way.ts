// The three-way rule of a change set, path by path, as git merges: the base is the commit the workspace was
// checked out at, "ours" the workspace, "theirs" the branch head now. A path only we changed is ours; a path only
// they changed stays theirs (never put back to the base); a path both changed to the same entry needs nothing; a
// path both changed differently (content or mode, or a change against a deletion) is a conflict, refused before any
// write. A file of ours where they made a folder (or the reverse) is a conflict too.

/** One side's entry at a path (a blob or a submodule), or undefined where the path does not exist. */
export type Side = { sha: string; mode: string } | undefined;

/** What the three-way needs of a change: its path and the entry it leaves there (a deletion leaves none). */
export interface PathChange {
  kind: string;
  path: string;
  mode: string;
  sha: string | null;
}

export type Verdict = 'unchanged' | 'ours' | 'theirs' | 'same' | 'conflict';

const same = (a: Side, b: Side) =>
  a === undefined ? b === undefined : b !== undefined && a.sha === b.sha && a.mode === b.mode;

/** The verdict for one path. */
export function classify(base: Side, ours: Side, theirs: Side): Verdict {
  const oursChanged = !same(ours, base);
  const theirsChanged = !same(theirs, base);
  if (!oursChanged) return theirsChanged ? 'theirs' : 'unchanged';
  if (!theirsChanged) return 'ours';
  return same(ours, theirs) ? 'same' : 'conflict';
}

export interface Merged<C extends PathChange> {
  /** The changes to send onto the head: the ones that are ours. */
  changes: C[];
  /** Paths where the workspace still shows the base's entry but the head changed it: their change is kept. */
  kept: string[];
  /** Paths both sides changed differently. */
  conflicts: string[];
}

function changedPaths(base: ReadonlyMap<string, Side>, head: ReadonlyMap<string, Side>): string[] {
  const out: string[] = [];
  for (const [path, entry] of head) if (!same(entry, base.get(path))) out.push(path);
  for (const path of base.keys()) if (!head.has(path)) out.push(path);
  return out;
}

const nests = (a: string, b: string) => a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/**
 * Filters the change set computed against the head (workspace vs head) down to our changes since the base.
 * `base` and `head` map every path of the two commits to its entry.
 */
export function mergeOntoHead<C extends PathChange>(
  changes: readonly C[],
  base: ReadonlyMap<string, Side>,
  head: ReadonlyMap<string, Side>,
): Merged<C> {
  const theirs = changedPaths(base, head);
  const out: C[] = [];
  const kept: string[] = [];
  const conflicts: string[] = [];
  for (const change of changes) {
    const ours: Side =
      change.kind === 'delete' || change.sha === null ? undefined : { sha: change.sha, mode: change.mode };
    const verdict = classify(base.get(change.path), ours, head.get(change.path));
    if (verdict === 'theirs') kept.push(change.path);
    else if (verdict === 'conflict') conflicts.push(change.path);
    else if (verdict === 'ours') {
      // A path of ours where they made a folder of it, or a file of one of its folders.
      if (change.kind !== 'delete' && theirs.some((p) => nests(p, change.path))) conflicts.push(change.path);
      else out.push(change);
    }
  }
  return { changes: out, kept, conflicts };
}
