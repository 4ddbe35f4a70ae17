// Writing the commit: blobs (streamed, a few at a time), the chain of trees, the commit, then the ref as a
// fast-forward. When the branch moved meanwhile, the same change set is replayed on the new head (uploaded
// blobs reused), a bounded number of times; a path both pushes changed differently stops everything.
import { readFile, readlink } from 'node:fs/promises';
import { isAlreadyExists } from '../client';
import type { Logger } from '../client/types';
import { FileChangedError, hashBytes } from './git-hash';
import { isNotFastForward, type CreatedCommit, type GitApi, type TreeMode, type TreeWriteEntry } from './git-api';
import type { CommitLimits } from './limits';
import type { LocalFile } from './local';
import { mapLimit } from './map-limit';
import { batchChanges, type ChangeSet, type FileChange } from './plan';
import { readRemoteTree, type RemoteEntry } from './remote-tree';
import { ConflictError, rebaseChanges, type OtherChange } from './replay';

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
}

export interface CommitResult {
  commit: CreatedCommit;
  /** Times the change set was replayed on a moved branch. */
  replays: number;
  /** The commit's parent (the head it landed on). */
  parent: string;
}

async function inlineText(file: LocalFile): Promise<string> {
  const bytes = file.mode === '120000' ? await readlink(file.absPath, { encoding: 'buffer' }) : await readFile(file.absPath);
  if (hashBytes(bytes).sha !== file.sha) throw new FileChangedError(file.path);
  return bytes.toString('utf8');
}

async function treeEntry(change: FileChange): Promise<TreeWriteEntry> {
  const mode = change.mode as TreeMode;
  if (change.kind === 'delete') return { path: change.path, mode, type: change.type, sha: null };
  if (change.source === 'inline' && change.local) return { path: change.path, mode, type: 'blob', content: await inlineText(change.local) };
  return { path: change.path, mode, type: 'blob', sha: change.sha };
}

/** What changed on the branch since `since`: one compare request, or a tree read when the compare is incomplete. */
async function otherPush(api: GitApi, branch: string, since: string, req: CommitRequest, ours: FileChange[]) {
  const cmp = await api.compare(since, branch);
  if (cmp.head && cmp.filesComplete && (cmp.status === 'ahead' || cmp.status === 'identical')) {
    const changed = new Map<string, OtherChange>(cmp.files.map((f) => [f.path, f.status === 'removed' ? null : { sha: f.sha }]));
    return { head: cmp.head.sha, tree: cmp.head.tree, changed };
  }
  req.log.info(`The compare of ${since.slice(0, 7)}...${branch} is ${cmp.status} or incomplete: reading the new head's tree instead.`);
  const head = await api.readBranch(branch);
  if (!head) throw new Error(`${branch} was deleted while this commit was made; nothing was written.`);
  const paths = new Set(ours.map((c) => c.path));
  const mayContain = (dir: string) => [...paths].some((p) => p.startsWith(`${dir}/`));
  const tree = await readRemoteTree(api, head, mayContain);
  const changed = new Map<string, OtherChange>();
  for (const path of paths) {
    const before = req.remote.get(path);
    const now = tree.files.get(path);
    if (before?.sha !== now?.sha || before?.mode !== now?.mode) changed.set(path, now ? { sha: now.sha, mode: now.mode } : null);
  }
  return { head, tree: tree.sha === head ? await api.commitTree(head) : tree.sha, changed };
}

export async function writeCommit(api: GitApi, req: CommitRequest): Promise<CommitResult> {
  const { changeSet, limits, log } = req;
  await mapLimit(changeSet.uploads, req.concurrency ?? 4, async (file) => {
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
      const entries = await mapLimit(batch, 16, treeEntry);
      tree = await api.createTree(tree, entries);
    }
    const commit = await api.createCommit(req.message, tree, [parent]);
    try {
      if (create) await api.createBranch(req.branch, commit.sha);
      else await api.updateBranch(req.branch, commit.sha, false);
      return { commit, replays, parent };
    } catch (err) {
      if (!(create ? isAlreadyExists(err) : isNotFastForward(err))) throw err;
      if (replays >= limits.maxReplays) {
        throw new Error(`${req.branch} kept moving: the commit was replayed ${replays} times and the branch moved again each time. Nothing was written.`, { cause: err });
      }
    }
    // The branch moved: replay the change set first computed (never recomputed: that would revert the other push).
    const moved = await otherPush(api, req.branch, req.parent, req, changeSet.changes);
    const rebased = rebaseChanges(changeSet.changes, moved, req.force);
    if (rebased.conflicts.length) throw new ConflictError(rebased.conflicts, req.branch);
    log.info(`${req.branch} moved to ${moved.head.slice(0, 7)} meanwhile: replaying the ${rebased.changes.length} changes on it.`);
    changes = rebased.changes;
    parent = moved.head;
    parentTree = moved.tree;
    create = false;
  }
}
