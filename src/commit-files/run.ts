// The commit-files run, the only sequencer, on core's run sequence: read (the local scan before any request, the
// head the commit goes on, its tree, the base settled against it, the work branch, the change set three-way) →
// plan (operations and cost) and print → budget → apply (commit, tag, pull request; or close an unchanged work
// branch) → report (outputs and summary).
import { formatCost, formatPlan, planCost, type Operation } from '../core/plan';
import type { ActionContext } from '../core/run';
import { runSequence, type SequenceOutcome } from '../core/sequence';
import { addDetails, addHeading } from '../core/summary';
import { plural } from '../core/words';
import { commitStep, describeCommit } from './commit-step';
import { GITHUB_COMMIT_LIMITS, type CommitLimits } from './limits';
import { planCleanup } from './operations';
import { planOps } from './plan-step';
import { closeWorkBranch, pullRequestStep } from './pull-request-step';
import { readStep, type CommitState } from './read-step';
import { describeReads } from './remote-reads';
import { inlineCode, recordCommit, summarizeCommit, summarizeLine, summarizeText, writeOutputs } from './report';
import { createTag } from './tag';

interface CommitRunPlan {
  state: CommitState;
  ops: Operation<unknown>[];
}

function plan(state: CommitState): CommitRunPlan {
  const { config, remote, set, outcome, tagState } = state;
  if (outcome === 'close')
    return {
      state,
      ops: planCleanup(
        config.branch,
        config.pullRequest?.base ?? remote.base ?? remote.from,
        config.pullRequest !== undefined,
      ),
    };
  return { state, ops: planOps(config, remote, set, outcome, tagState === 'missing') };
}

function print(ctx: ActionContext, { state, ops }: CommitRunPlan): void {
  const { config, set, upToDate, outcome } = state;
  const cost = planCost(ops);
  addHeading(`Commit to ${inlineCode(`${config.owner}/${config.repo}@${config.branch}`)}`, 3);
  summarizeText(state.baseLine);
  const reads = describeReads(state.reads);
  ctx.log.info(reads);
  summarizeText(reads);
  if (outcome === 'close')
    ctx.log.info(
      `${config.branch} has no difference from ${state.remote.from}: its pull request is closed and the branch deleted.`,
    );
  ctx.log.info(formatPlan(ops));
  if (outcome !== 'close')
    ctx.log.info(
      `${set.counts.added} added, ${set.counts.updated} updated, ${set.counts.deleted} deleted; ` +
        `${plural(set.uploads.length, 'blob upload')}, ${plural(set.batches.length, 'tree request')}` +
        (upToDate ? `; ${config.branch} already holds exactly this change` : ''),
    );
  if (ops.length)
    addDetails(`Plan: ${plural(ops.length, 'operation')}, ${formatCost(cost)}`, formatPlan(ops, { markdown: true }));
}

/** Commit (or close the unchanged work branch), tag, pull request. The commit's outputs are written at once. */
async function apply(ctx: ActionContext, state: CommitState, limits: CommitLimits): Promise<void> {
  const { config, api, remote, set, outputs } = state;
  if (state.outcome === 'close') return closeWorkBranch(ctx, api, config, remote.base ?? remote.from, outputs);
  const result = state.outcome === 'commit' ? await commitStep(ctx, api, config, remote, set, limits) : undefined;
  if (result) ctx.log.info(describeCommit(result, config.branch));
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
    const what = state.upToDate
      ? `${inlineCode(config.branch)} already holds exactly this change`
      : `Nothing differs on ${inlineCode(config.branch)}`;
    ctx.log.info(`${what.replace(/`/g, '')}: no commit.${remote.create ? ' The branch was not created.' : ''}`);
    summarizeLine(`${what}: no commit.`);
  }
  const head = result?.commit?.sha ?? result?.parent ?? state.tip;
  outputs['head-sha'] = head ?? '';
  writeOutputs(outputs);
  if (config.tag && head) {
    const tag = await createTag(api, config.tag, head, state.tagState ?? 'missing', ctx.log);
    outputs.tag = config.tag.name;
    summarizeLine(`Tag ${inlineCode(config.tag.name)} ${tag} at ${head.slice(0, 7)}.`);
  }
  if (config.pullRequest && !head)
    ctx.log.warning(`No pull request: ${config.branch} does not exist and nothing was committed to create it.`);
  else await pullRequestStep(ctx, api, config, remote.base, outputs);
}

function report({ plan: { state }, dryRun }: SequenceOutcome<CommitRunPlan, void>): void {
  if (dryRun)
    summarizeLine(
      state.outcome === 'close'
        ? `${inlineCode(state.config.branch)} equals ${inlineCode(state.remote.from)}: it would be closed and deleted.`
        : `Dry run: nothing written. ${state.outcome === 'commit' ? 'A commit would be made.' : 'Nothing differs: no commit would be made.'}`,
    );
  writeOutputs(state.outputs);
}

export async function run(ctx: ActionContext, limits: CommitLimits = GITHUB_COMMIT_LIMITS): Promise<void> {
  await runSequence(ctx, {
    read: () => readStep(ctx, limits),
    plan,
    what: ({ state }) => `the commit to ${state.config.branch}`,
    cost: ({ ops }) => planCost(ops),
    print: (p) => print(ctx, p),
    apply: ({ state }) => apply(ctx, state, limits),
    report,
  });
}
