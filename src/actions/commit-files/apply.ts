// Writing the commit: blobs (streamed, a few at a time), the chain of trees, the commit, then the ref as a
// fast-forward. When the branch moved meanwhile, the same change set is replayed on the new head (uploaded
// blobs reused), a bounded number of times; a path both pushes changed differently stops everything.
import { readlink } from 'node:fs/promises';
import { isAlreadyExists, isStatus } from '../../github/client';
import type { Logger } from '../../github/client/types';
import { FileChangedError, hashBytes } from './domain/git-hash';
import {
  isMissingRef,
  isNotFastForward,
  type CreatedCommit,
  type GitApi,
  type TreeMode,
  type TreeWriteEntry,
} from './domain/git-api';
import type { Identity } from './inputs';
import type { CommitLimits } from './domain/limits';
import type { LocalFile } from './domain/local';
import { mapPool } from '../../kernel/pool';
import { batchChanges, type ChangeSet, type FileChange } from './plan';
import { openScannedFile } from './domain/scanned-file';
import { readRemoteTree, type RemoteEntry } from './domain/remote-tree';
import { ConflictError, rebaseChanges, type OtherChange } from './domain/replay';

export interface CommitRequest {
  branch: string;
  /** The commit the change set was computed against: the branch head, or the base head for a new branch. */
  parent: string;
  /** Its tree. */
  parentTree: string;
  /** The branch does not exist yet: create the ref instead of moving it. */
  create: boolean;
  /** The files of `parentTree` (to tell, when the branch moves, which paths the other push changed). */
  remote: Map<string, RemoteEntry>;
  changeSet: ChangeSet;
  message: string;
  force: boolean;
  limits: CommitLimits;
  log: Logger;
  /** Blob uploads in flight at once. */
  concurrency?: number;
  /** Custom author and committer (GitHub then leaves the commit unsigned). */
  people?: { author?: Identity; committer?: Identity };
  /**
   * Rebuild a work branch: the new commit's parent is the base head, and the branch (at `expectHead`, or absent) is
   * moved to it whatever it held, after a last read confirms nobody pushed to it meanwhile.
   */
  rebuild?: { expectHead?: string };
}

export interface CommitResult {
  /** Null when the branch moved to a head that already had every change (a twin run got there first). */
  commit: CreatedCommit | null;
  /** Times the change set was replayed on a moved branch. */
  replays: number;
  /** The commit's parent (the head it landed on). */
  parent: string;
}

/** The bytes of the very file the scan saw, never through a symbolic link (`O_NOFOLLOW`, same device and inode). */
async function readScanned(file: LocalFile): Promise<Buffer> {
  const handle = await openScannedFile(file.absPath, file.identity, file.path);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

async function inlineText(file: LocalFile): Promise<string> {
  const bytes = file.mode === '120000' ? await readlink(file.absPath, { encoding: 'buffer' }) : await readScanned(file);
  if (hashBytes(bytes).sha !== file.sha) throw new FileChangedError(file.path);
  return bytes.toString('utf8');
}

async function treeEntry(change: FileChange): Promise<TreeWriteEntry> {
  const mode = change.mode as TreeMode;
  if (change.kind === 'delete') return { path: change.path, mode, type: change.type, sha: null };
  if (change.source === 'inline' && change.local)
    return { path: change.path, mode, type: 'blob', content: await inlineText(change.local) };
  return { path: change.path, mode, type: 'blob', sha: change.sha };
}

export class BranchDeletedError extends Error {
  constructor(branch: string) {
    super(
      `${branch} was deleted while this commit was made; nothing was written to it. Run again to create it afresh.`,
    );
    this.name = 'BranchDeletedError';
  }
}

interface Moved {
  /** Our commit is on the branch already: an earlier attempt of the ref write was applied (its answer lost). */
  landed: boolean;
  head: string;
  tree: string;
  changed: Map<string, OtherChange>;
}

/**
 * What changed on the branch since `since`: one compare request, or a tree read when the compare is incomplete.
 * Also tells whether `ours` is already on the branch (a retried ref write whose first attempt was applied).
 */
async function otherPush(
  api: GitApi,
  branch: string,
  since: string,
  req: CommitRequest,
  ours: FileChange[],
  commit: string,
): Promise<Moved> {
  const cmp = await api.compare(since, branch).catch((err: unknown) => {
    if (isStatus(err, 404)) throw new BranchDeletedError(branch);
    throw err;
  });
  if (cmp.commits.includes(commit)) return { landed: true, head: commit, tree: '', changed: new Map() };
  if (cmp.head && cmp.filesComplete && (cmp.status === 'ahead' || cmp.status === 'identical')) {
    const changed = new Map<string, OtherChange>(
      cmp.files.map((f) => [f.path, f.status === 'removed' ? null : { sha: f.sha }]),
    );
    return { landed: false, head: cmp.head.sha, tree: cmp.head.tree, changed };
  }
  req.log.info(
    `The compare of ${since.slice(0, 7)}...${branch} is ${cmp.status} or incomplete: reading the new head's tree instead.`,
  );
  const head = await api.readBranch(branch);
  if (!head) throw new BranchDeletedError(branch);
  if (head === commit) return { landed: true, head, tree: '', changed: new Map() };
  const paths = new Set(ours.map((c) => c.path));
  const mayContain = (dir: string) => [...paths].some((p) => p.startsWith(`${dir}/`));
  const tree = await readRemoteTree(api, head, mayContain);
  const changed = new Map<string, OtherChange>();
  for (const path of paths) {
    const before = req.remote.get(path);
    const now = tree.files.get(path);
    if (before?.sha !== now?.sha || before?.mode !== now?.mode)
      changed.set(path, now ? { sha: now.sha, mode: now.mode } : null);
  }
  return { landed: false, head, tree: tree.sha === head ? await api.commitTree(head) : tree.sha, changed };
}

export async function writeCommit(api: GitApi, req: CommitRequest): Promise<CommitResult> {
  const { changeSet, limits, log } = req;
  await mapPool(changeSet.uploads, req.concurrency ?? 4, async (file) => {
    await api.createBlob(file);
    log.info(`Uploaded ${file.path} (${file.size} bytes) as blob ${file.sha.slice(0, 7)}`);
  });

  let changes = changeSet.changes;
  let parent = req.parent;
  let parentTree = req.parentTree;
  let create = req.create;
  for (let replays = 0; ; replays++) {
    let tree = parentTree;
    for (const batch of batchChanges(changes, limits)) {
      const entries = await mapPool(batch, 16, treeEntry);
      tree = await api.createTree(tree, entries);
    }
    if (replays > 0 && changeSet.changes.length > 0 && tree === parentTree) {
      log.info(`${req.branch} moved to ${parent.slice(0, 7)}, which already has every change of this run: no commit.`);
      return { commit: null, replays, parent };
    }
    const commit = await api.createCommit(req.message, tree, [parent], req.people);
    if (req.rebuild) return { commit: await moveWorkBranch(api, req, commit), replays: 0, parent };
    try {
      if (create) await api.createBranch(req.branch, commit.sha);
      else await api.updateBranch(req.branch, commit.sha, false);
      return { commit, replays, parent };
    } catch (err) {
      if (!create && isMissingRef(err)) throw new BranchDeletedError(req.branch);
      if (!(create ? isAlreadyExists(err) : isNotFastForward(err))) throw err;
    }
    // The ref write was refused: either an earlier attempt of it was applied (a retry after a lost answer), or
    // the branch moved. Then replay the change set first computed (never recomputed: that would revert the other push).
    const moved = await otherPush(api, req.branch, req.parent, req, changeSet.changes, commit.sha);
    if (moved.landed) {
      log.info(
        `${req.branch} is already at ${commit.sha.slice(0, 7)}: an earlier attempt of the ref update was applied.`,
      );
      return { commit, replays, parent };
    }
    if (replays >= limits.maxReplays) {
      throw new Error(
        `${req.branch} kept moving: the commit was replayed ${replays} times and the branch moved again each time. Nothing was written; run again later.`,
      );
    }
    const rebased = rebaseChanges(changeSet.changes, moved, req.force);
    if (rebased.conflicts.length) throw new ConflictError(rebased.conflicts, req.branch);
    log.info(
      `${req.branch} moved to ${moved.head.slice(0, 7)} meanwhile: replaying the ${rebased.changes.length} changes on it.`,
    );
    changes = rebased.changes;
    parent = moved.head;
    parentTree = moved.tree;
    create = false;
  }
}

export class WorkBranchMovedError extends Error {
  constructor(branch: string, now: string | undefined) {
    super(
      `${branch} ${now ? `moved to ${now.slice(0, 7)}` : 'was created'} while this run rebuilt it: someone pushed to it, ` +
        'and moving it would drop that push. The new objects are unreferenced; nothing else changed. Run again.',
    );
    this.name = 'WorkBranchMovedError';
  }
}

/** Points the work branch at the rebuilt commit: created when absent, else moved after a last check of its head. */
async function moveWorkBranch(api: GitApi, req: CommitRequest, commit: CreatedCommit): Promise<CreatedCommit> {
  const expected = req.rebuild?.expectHead;
  if (expected === undefined) {
    try {
      await api.createBranch(req.branch, commit.sha);
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
      // An earlier attempt of this very request (its answer lost) made it: ours only if it points at our commit.
      const now = await api.readBranch(req.branch);
      if (now !== commit.sha) throw new WorkBranchMovedError(req.branch, now);
    }
    return commit;
  }
  const now = await api.readBranch(req.branch);
  if (now === commit.sha) return commit;
  if (now !== expected) throw new WorkBranchMovedError(req.branch, now);
  await api.updateBranch(req.branch, commit.sha, true);
  return commit;
}
