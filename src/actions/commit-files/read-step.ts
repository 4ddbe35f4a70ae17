// The read phase of the run: the local scan (before any request), the remote state, the change set (the next reads
// depend on it: whether the work branch already holds it, whether the tag may be made), and the refusals that need
// no write. Nothing is written here.
import type { ActionContext } from '../../kernel/action';
import { withBranchSuffix } from './domain/branch-suffix';
import { describeBase } from './domain/change-base';
import { GitApi } from './domain/git-api';
import { readCommitInputs, type CommitInputs } from './inputs';
import type { CommitLimits } from './domain/limits';
import type { ChangeSet } from './plan';
import { planChangeSet, type Outcome } from './plan-step';
import type { ReadAccount } from '../../kernel/reads';
import { remoteReads } from './domain/remote-reads';
import { readRemoteStep, type RemoteState } from './remote-step';
import { initialOutputs, type CommitOutputs } from './report';
import { scanStep, type LocalState } from './scan-step';
import { checkTag, type TagState } from './domain/tag';
import { workBranchUpToDate } from './domain/work-branch';
import { isWorkflowPath, workflowTokenProblem } from './domain/workflows';

export interface CommitState {
  config: CommitInputs;
  api: GitApi;
  local: LocalState;
  remote: RemoteState;
  set: ChangeSet;
  outcome: Outcome;
  /** The work branch already holds exactly this change set on the base head. */
  upToDate: boolean;
  tagState?: TagState;
  /** The branch's head before any write (undefined when it does not exist). */
  tip?: string;
  /** The plan's line about the base. */
  baseLine: string;
  /** How the branch was read: through GraphQL, or through REST and why. */
  reads: ReadAccount;
  outputs: CommitOutputs;
}

export async function readStep(ctx: ActionContext, limits: CommitLimits): Promise<CommitState> {
  const read = readCommitInputs(ctx.readInput, ctx.context, ctx.workspace);
  const local = await scanStep(ctx, read, limits);
  const config = withBranchSuffix(read, local.base, ctx);
  const api = new GitApi(ctx.client, config.owner, config.repo, ctx.serverUrl);
  const reads = remoteReads(ctx.client, api, ctx.log);
  const remote = await readRemoteStep(ctx, api, reads, config, local, limits);
  const baseLine = describeBase(remote.changeBase, remote.from, remote.head);
  ctx.log.info(baseLine);

  const planned = planChangeSet(ctx, config, local, remote, limits);
  const { set } = planned;
  const upToDate =
    planned.outcome === 'commit' &&
    (await workBranchUpToDate(api, remote, set, (dir) => local.selection.mayContain(dir)));
  const outcome = upToDate ? 'none' : planned.outcome;
  const tip = remote.work ? remote.work.head : remote.create ? undefined : remote.head;
  const tagState = config.tag
    ? await checkTag(api, config.tag.name, tip ?? remote.head, outcome === 'commit')
    : undefined;
  const workflowPaths =
    outcome === 'commit' ? set.changes.filter((c) => isWorkflowPath(c.path)).map((c) => c.path) : [];
  const problem = workflowTokenProblem(
    ctx.inputs.token,
    config.workflowToken,
    ctx.client.budget.state(),
    workflowPaths,
  );
  if (problem) throw new Error(problem);
  const outputs = { ...initialOutputs(set, config.branch), 'head-sha': tip ?? '' };
  if (outcome === 'close')
    Object.assign(outputs, { 'files-added': 0, 'files-updated': 0, 'files-deleted': 0, 'head-sha': '' });
  return {
    config,
    api,
    local,
    remote,
    set,
    outcome,
    upToDate,
    ...(tagState ? { tagState } : {}),
    ...(tip ? { tip } : {}),
    baseLine,
    reads: reads.account(),
    outputs,
  };
}
