// The commit-files run, the only sequencer, in named steps: scan (local, before any request) → read remote (the head
// the commit goes on, its tree, the base settled against it, the work branch) → plan (three-way change set, refusals,
// operations and cost) → budget → commit → tag → pull request → outputs and summary.
import { formatCost, formatPlan, planCost } from '../core/plan';
import type { ActionContext } from '../core/run';
import { addDetails, addHeading } from '../core/summary';
import { plural } from '../core/words';
import { describeBase } from './change-base';
import { commitStep, describeCommit } from './commit-step';
import { GitApi } from './git-api';
import { readCommitInputs, type CommitInputs } from './inputs';
import { GITHUB_COMMIT_LIMITS, type CommitLimits } from './limits';
import { planChangeSet, planOps } from './plan-step';
import { cleanUpStep, pullRequestStep } from './pull-request-step';
import { readRemoteStep } from './remote-step';
import { initialOutputs, inlineCode, recordCommit, summarizeCommit, summarizeLine, writeOutputs } from './report';
import { scanStep } from './scan-step';
import { withBranchSuffix } from './branch-suffix';
import { checkTag, createTag } from './tag';
import { workBranchUpToDate } from './work-branch';
import { isWorkflowPath, workflowTokenProblem } from './workflows';

export async function run(ctx: ActionContext, limits: CommitLimits = GITHUB_COMMIT_LIMITS): Promise<void> {
  const { client, inputs, log } = ctx;
  const read = readCommitInputs(ctx.readInput, ctx.context, ctx.workspace);
  const local = await scanStep(ctx, read, limits);
  const config: CommitInputs = withBranchSuffix(read, local.base, ctx);
  const api = new GitApi(client, config.owner, config.repo, ctx.serverUrl);
  const remote = await readRemoteStep(ctx, api, config, local);
  const baseLine = describeBase(remote.changeBase, remote.from, remote.head);
  log.info(baseLine);

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
  const problem = workflowTokenProblem(
    ctx.inputs.token,
    config.workflowToken,
    client.budget.state(),
    outcome === 'commit' ? set.changes.filter((c) => isWorkflowPath(c.path)).map((c) => c.path) : [],
  );
  if (problem) throw new Error(problem);

  const outputs = { ...initialOutputs(set, config.branch), 'head-sha': tip ?? '' };
  addHeading(`Commit to ${inlineCode(`${config.owner}/${config.repo}@${config.branch}`)}`, 3);
  summarizeLine(baseLine);
  if (outcome === 'close') {
    await cleanUpStep(ctx, api, config, remote.base ?? remote.from, outputs);
    return writeOutputs({ ...outputs, 'head-sha': '' });
  }
  const ops = planOps(config, remote, set, outcome, tagState === 'missing');
  const cost = planCost(ops);
  log.info(formatPlan(ops));
  log.info(
    `${set.counts.added} added, ${set.counts.updated} updated, ${set.counts.deleted} deleted; ` +
      `${plural(set.uploads.length, 'blob upload')}, ${plural(set.batches.length, 'tree request')}` +
      (upToDate ? `; ${config.branch} already holds exactly this change on ${remote.from}` : ''),
  );
  if (ops.length)
    addDetails(`Plan: ${plural(ops.length, 'operation')}, ${formatCost(cost)}`, formatPlan(ops, { markdown: true }));
  if (inputs.dryRun) {
    const affordable = client.budget.canAfford(cost);
    log.info(`The plan needs at most ${formatCost(cost)}${affordable ? '' : ', more than the budget has left'}.`);
    summarizeLine(
      `Dry run: nothing written. ${outcome === 'commit' ? 'A commit would be made.' : 'Nothing differs: no commit would be made.'}`,
    );
    return writeOutputs(outputs);
  }
  if (cost.requests > 0) await client.budget.ensure(cost, `the commit to ${config.branch}`);

  const result = outcome === 'commit' ? await commitStep(ctx, api, config, remote, set, limits) : undefined;
  if (result) log.info(describeCommit(result, config.branch));
  if (result?.commit) {
    recordCommit(outputs, result.commit);
    summarizeCommit(
      config.branch,
      result.commit,
      set,
      result.replays ? ` after ${plural(result.replays, 'replay')}` : '',
    );
  } else if (result) {
    Object.assign(outputs, { 'files-added': 0, 'files-updated': 0, 'files-deleted': 0 });
    summarizeLine(`${inlineCode(config.branch)} moved meanwhile to a commit that already has every change: no commit.`);
  } else {
    const why = upToDate ? `${config.branch} already holds exactly this change` : `Nothing differs on ${config.branch}`;
    log.info(`${why}: no commit.${remote.create ? ' The branch was not created.' : ''}`);
    summarizeLine(
      `${upToDate ? `${inlineCode(config.branch)} already holds exactly this change` : `Nothing differs on ${inlineCode(config.branch)}`}: no commit.`,
    );
  }
  const head = result?.commit?.sha ?? result?.parent ?? tip;
  outputs['head-sha'] = head ?? '';
  // The commit's outputs stand even if a later step fails.
  writeOutputs(outputs);

  if (config.tag && head) {
    const tag = await createTag(api, config.tag, head, tagState ?? 'missing', log);
    outputs.tag = config.tag.name;
    summarizeLine(`Tag ${inlineCode(config.tag.name)} ${tag} at ${head.slice(0, 7)}.`);
  }
  if (config.pullRequest && !head)
    log.warning(`No pull request: ${config.branch} does not exist and nothing was committed to create it.`);
  else await pullRequestStep(ctx, api, config, remote.base, outputs);
  writeOutputs(outputs);
}
