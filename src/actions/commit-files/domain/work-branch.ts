// create-pull-request's branch model: with a pull request, the work branch is the base head plus ONE commit holding
// the change set, rebuilt on every run (the ref moved to a new commit whose parent is the base head), so commits do
// not pile up and the pull request shows exactly the generated change. A commit on the work branch beyond that one
// was pushed by someone else (a fix pushed to the pull request): the branch is not moved over it unless
// `force-branch` says so. One compare read (`base head...work branch`) tells both.
import type { ChangeSet } from '../plan';
import type { GitApi } from './git-api';
import { readRemoteTree, type RemoteEntry } from './remote-tree';

export interface WorkBranch {
  /** Undefined when the branch does not exist. */
  head?: string;
  /** Commits on the work branch that the base branch lacks (oldest first, at most 250 listed). */
  commits: { sha: string; parents: string[] }[];
  total: number;
  /** Files changed from the merge base to the work branch's head. */
  files: { path: string; status: string; sha?: string | null }[];
  filesComplete: boolean;
}

const NONE: WorkBranch = { commits: [], total: 0, files: [], filesComplete: true };

/** The work branch against the base head: absent (1 read), at the base head (1 read), else 1 compare more. */
export async function readWorkBranch(api: GitApi, branch: string, baseHead: string): Promise<WorkBranch> {
  const head = await api.readBranch(branch);
  if (!head) return NONE;
  if (head === baseHead) return { ...NONE, head };
  const cmp = await api.compare(baseHead, head);
  return {
    head,
    commits: cmp.listed ?? cmp.commits.map((sha) => ({ sha, parents: [] })),
    total: cmp.totalCommits,
    files: cmp.files,
    filesComplete: cmp.filesComplete,
  };
}

/** Commits on the work branch that this action did not make: every one after the single commit it keeps there. */
export function foreignCommits(work: WorkBranch): string[] {
  if (work.total <= 1) return [];
  const listed = work.commits.slice(1).map((c) => c.sha);
  return work.total > work.commits.length ? [...listed, `… ${work.total - work.commits.length} more`] : listed;
}

/**
 * Whether the work branch already is the base head plus exactly this change set (a re-run with nothing new): then
 * nothing is written. The compare lists no modes, so paths whose mode matters are checked in `tree` (the work
 * branch's files) when given; without it such a change set is rebuilt.
 */
export function isUpToDate(
  work: WorkBranch,
  baseHead: string,
  set: ChangeSet,
  tree?: ReadonlyMap<string, RemoteEntry>,
  ignoreModes = false,
): boolean {
  const only = work.commits[0];
  if (!work.head || work.total !== 1 || only?.parents.length !== 1 || only.parents[0] !== baseHead) return false;
  if (!work.filesComplete) return false;
  const files = new Map(work.files.map((f) => [f.path, f]));
  if (files.size !== set.changes.length) return false;
  return set.changes.every((c) => {
    const f = files.get(c.path);
    if (!f) return false;
    if (c.kind === 'delete') return f.status === 'removed';
    if (f.status === 'removed' || f.sha !== c.sha) return false;
    if (ignoreModes || !modeMatters(c)) return true;
    return tree?.get(c.path)?.mode === c.mode;
  });
}

/** A change whose result the compare's file list cannot confirm (it lists content ids, not modes). */
export function modeMatters(change: ChangeSet['changes'][number]): boolean {
  return change.kind !== 'delete' && (change.mode !== '100644' || (change.previous?.mode ?? '100644') !== '100644');
}

/** `isUpToDate`, reading the work branch's tree only when modes matter and everything else already matches. */
export async function workBranchUpToDate(
  api: GitApi,
  remote: { work?: WorkBranch; head: string },
  set: ChangeSet,
  mayContain: (dir: string) => boolean,
): Promise<boolean> {
  const work = remote.work;
  if (!work?.head || !isUpToDate(work, remote.head, set, undefined, true)) return false;
  if (!set.changes.some(modeMatters)) return true;
  const tree = await readRemoteTree(api, work.head, mayContain);
  return isUpToDate(work, remote.head, set, tree.files);
}
