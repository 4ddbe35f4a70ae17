// The remote step: the commit the new commit goes on (the branch head; the base head for a new branch, or for a
// pull request's work branch, which is rebuilt on its base every run), its files, the change set's base settled
// against it, and, for a pull request, the work branch as it is.
import type { ActionContext } from '../core/run';
import { plural } from '../core/words';
import { settleBase, type ChangeBase } from './change-base';
import type { GitApi } from './git-api';
import type { CommitInputs } from './inputs';
import { missingBaseBranchRefusal, nestingRefusal } from './refusals';
import { readRemoteTree, type RemoteEntry } from './remote-tree';
import type { LocalState } from './scan-step';
import { readWorkBranch, type WorkBranch } from './work-branch';

export interface RemoteState {
  /** The branch whose head is the new commit's parent: `branch`, or the base it is created or rebuilt from. */
  from: string;
  /** That head: the new commit's parent. */
  head: string;
  /** Its tree and files. */
  parentTree: string;
  files: Map<string, RemoteEntry>;
  /** The base branch's name, when known (given, the default branch read, or the pull request's). */
  base?: string;
  /** `branch` does not exist: the ref is created. */
  create: boolean;
  changeBase: ChangeBase;
  /** With a pull request: the work branch, rebuilt on `head`. */
  work?: WorkBranch;
  /** With `delete-branch-when-unchanged` on an existing branch: the base branch's files. */
  baseFiles?: Map<string, RemoteEntry>;
}

async function branchHead(api: GitApi, config: CommitInputs, name: string): Promise<string> {
  const head = await api.readBranch(name);
  if (!head) throw new Error(missingBaseBranchRefusal(config.branch, name, `${config.owner}/${config.repo}`));
  return head;
}

async function checkNesting(api: GitApi, branch: string): Promise<void> {
  const nesting = await api.nestingBranches(branch);
  if (nesting.length) throw new Error(nestingRefusal(branch, nesting));
}

/** Which head the commit goes on, and the work branch for a pull request. */
async function target(ctx: ActionContext, api: GitApi, config: CommitInputs) {
  let base = config.base;
  if (config.pullRequest) {
    const from = config.pullRequest.base ?? base ?? (await api.defaultBranch());
    const head = await branchHead(api, config, from);
    const work = await readWorkBranch(api, config.branch, head);
    if (!work.head) await checkNesting(api, config.branch);
    return { from, head, base: from, create: work.head === undefined, work };
  }
  const current = await api.readBranch(config.branch);
  if (current) return { from: config.branch, head: current, create: false, ...(base ? { base } : {}) };
  base ??= await api.defaultBranch();
  const head = await branchHead(api, config, base);
  await checkNesting(api, config.branch);
  ctx.log.info(`${config.branch} does not exist: it will be created from ${base} (${head.slice(0, 7)})`);
  return { from: base, head, base, create: true };
}

export async function readRemoteStep(
  ctx: ActionContext,
  api: GitApi,
  config: CommitInputs,
  local: LocalState,
): Promise<RemoteState> {
  const t = await target(ctx, api, config);
  const mayContain = (dir: string) => local.selection.mayContain(dir) || local.deletes.mayContain(dir);
  const remote = await readRemoteTree(api, t.head, mayContain);
  if (remote.walkedFolders)
    ctx.log.info(`GitHub truncated the recursive tree: read ${plural(remote.walkedFolders, 'folder')} one by one`);
  // The tree read by commit id answers with the commit's tree; should a server echo the commit id instead, ask for it.
  const parentTree = remote.sha === t.head ? await api.commitTree(t.head) : remote.sha;
  const changeBase = await settleBase(api, local.base, t.head, t.from, config.onUnknownBase);

  let baseFiles: Map<string, RemoteEntry> | undefined;
  if (config.deleteBranchWhenUnchanged && !config.pullRequest && !t.create) {
    const base = t.base ?? (await api.defaultBranch());
    const baseHead = base !== config.branch ? await api.readBranch(base) : undefined;
    if (baseHead) baseFiles = (await readRemoteTree(api, baseHead, mayContain)).files;
    t.base = base;
  }
  return { ...t, parentTree, files: remote.files, changeBase, ...(baseFiles ? { baseFiles } : {}) };
}
