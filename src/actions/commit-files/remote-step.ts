// The remote step: the commit the new commit goes on (the branch head; the base head for a new branch, or for a
// pull request's work branch, which is rebuilt on its base every run), its files, the change set's base settled
// against it, and, for a pull request, the work branch as it is.
import type { ActionContext } from '../../kernel/action';
import { plural } from '../../kernel/words';
import { settleBase, type ChangeBase } from './domain/change-base';
import type { GitApi } from './domain/git-api';
import type { CommitInputs } from './inputs';
import type { CommitLimits } from './domain/limits';
import { planChanges, type ChangeSet, type PlanInput } from './plan';
import { missingBaseBranchRefusal, nestingRefusal } from './domain/refusals';
import type { BranchSnapshot, RemoteReads } from './domain/remote-reads';
import type { RemoteEntry } from './domain/remote-tree';
import type { LocalState } from './scan-step';
import { readWorkBranch, type WorkBranch } from './domain/work-branch';

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

type MayContain = (dir: string) => boolean;

/** The branch's head and files; refused when it does not exist (the base a branch is created from). */
async function existing(
  reads: RemoteReads,
  config: CommitInputs,
  name: string,
  mayContain: MayContain,
  checkout: string | undefined,
): Promise<BranchSnapshot> {
  const snapshot = await reads.branch(name, mayContain, checkout);
  if (!snapshot) throw new Error(missingBaseBranchRefusal(config.branch, name, `${config.owner}/${config.repo}`));
  return snapshot;
}

async function checkNesting(api: GitApi, branch: string): Promise<void> {
  const nesting = await api.nestingBranches(branch);
  if (nesting.length) throw new Error(nestingRefusal(branch, nesting));
}

/** Which head the commit goes on (with its files), and the work branch for a pull request. */
async function target(
  ctx: ActionContext,
  api: GitApi,
  reads: RemoteReads,
  config: CommitInputs,
  mayContain: MayContain,
  checkout: string | undefined,
) {
  let base = config.base;
  if (config.pullRequest) {
    const from = config.pullRequest.base ?? base ?? (await reads.defaultBranch());
    const snapshot = await existing(reads, config, from, mayContain, checkout);
    const work = await readWorkBranch(api, config.branch, snapshot.head);
    if (!work.head) await checkNesting(api, config.branch);
    return { from, snapshot, base: from, create: work.head === undefined, work };
  }
  const current = await reads.branch(config.branch, mayContain, checkout);
  if (current) return { from: config.branch, snapshot: current, create: false, ...(base ? { base } : {}) };
  base ??= await reads.defaultBranch();
  const snapshot = await existing(reads, config, base, mayContain, checkout);
  await checkNesting(api, config.branch);
  ctx.log.info(`${config.branch} does not exist: it will be created from ${base} (${snapshot.head.slice(0, 7)})`);
  return { from: base, snapshot, base, create: true };
}

/** Whether the change set, taken as it is onto the head's files, changes nothing (no base needed to say so). */
function sameAsHead(
  config: CommitInputs,
  local: LocalState,
  files: Map<string, RemoteEntry>,
  limits: CommitLimits,
): boolean {
  if (config.allowEmpty || !local.base.known) return false;
  const set = planLocalChanges(config, local, files, limits);
  return set.changes.length === 0 && set.conflicts.length === 0;
}

/** The workspace's change set onto `files` (the branch's), three-way when the base's files are given. */
export function planLocalChanges(
  config: CommitInputs,
  local: LocalState,
  files: Map<string, RemoteEntry>,
  limits: CommitLimits,
  base?: PlanInput['base'],
): ChangeSet {
  return planChanges({
    local: local.scan.files,
    remote: files,
    selection: local.selection,
    deleteMissing: config.deleteMissing,
    deletes: local.deletes,
    leftAlone: [...local.scan.nested, ...local.scan.ignored],
    deletedLocally: local.deletedLocally,
    limits,
    ...(base ? { base } : {}),
  });
}

export async function readRemoteStep(
  ctx: ActionContext,
  api: GitApi,
  reads: RemoteReads,
  config: CommitInputs,
  local: LocalState,
  limits: CommitLimits,
): Promise<RemoteState> {
  const mayContain = (dir: string) => local.selection.mayContain(dir) || local.deletes.mayContain(dir);
  const checkout = local.base.known ? local.base.sha : undefined;
  const { snapshot, ...t } = await target(ctx, api, reads, config, mayContain, checkout);
  if (snapshot.folderReads)
    ctx.log.info(`The tree needed ${plural(snapshot.folderReads, 'folder read')} beyond the first`);
  const equalToHead = sameAsHead(config, local, snapshot.files, limits);
  const changeBase = await settleBase(
    api,
    local.base,
    snapshot.head,
    t.from,
    config.onUnknownBase,
    snapshot.descent,
    equalToHead,
  );

  let baseFiles: Map<string, RemoteEntry> | undefined;
  if (config.deleteBranchWhenUnchanged && !config.pullRequest && !t.create) {
    const base = t.base ?? (await reads.defaultBranch());
    if (base !== config.branch) baseFiles = (await reads.branch(base, mayContain))?.files;
    t.base = base;
  }
  return {
    ...t,
    head: snapshot.head,
    parentTree: snapshot.tree,
    files: snapshot.files,
    changeBase,
    ...(baseFiles ? { baseFiles } : {}),
  };
}
