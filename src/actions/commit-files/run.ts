// The commit-files run, the only sequencer, on the kernel's run sequence: read (the local scan before any request, the
// head the commit goes on, its tree, the base settled against it, the work branch, the change set three-way) →
// plan (operations and cost) and print → budget → apply (commit, tag, pull request; or close an unchanged work
// branch) → report (outputs and summary).
import { formatPlan, planCost, type Operation } from '../../kernel/plan';
import type { RunReport } from '../../kernel/report';
import type { ActionContext } from '../../kernel/action';
import { runSequence, type SequenceOutcome } from '../../kernel/sequence';
import { messageOf, plural } from '../../kernel/words';
import { commitStep, describeCommit } from './commit-step';
import { GITHUB_COMMIT_LIMITS, type CommitLimits } from './domain/limits';
import { planCleanup } from './operations';
import { planOps } from './plan-step';
import { closeWorkBranch, pullRequestStep } from './pull-request-step';
import { readStep, type CommitState } from './read-step';
import { describeReads } from './domain/remote-reads';
import {
  commitLine,
  commitReport,
  inlineCode,
  pullRequestLine,
  withCommit,
  withPullRequest,
  type CommitApplied,
  type PlanFacts,
} from './report';
import { createTag } from './domain/tag';

interface CommitRunPlan {
  state: CommitState;
  ops: Operation<unknown>[];
  /** How the branch was read, as the plan was made. */
  reads: string;
}

function plan(state: CommitState): CommitRunPlan {
  const { config, remote, set, outcome, tagState } = state;
  const reads = describeReads(state.reads);
  if (outcome === 'close')
    return {
      state,
      reads,
      ops: planCleanup(
        config.branch,
        config.pullRequest?.base ?? remote.base ?? remote.from,
        config.pullRequest !== undefined,
      ),
    };
  return { state, reads, ops: planOps(config, remote, set, outcome, tagState === 'missing') };
}

function print(ctx: ActionContext, { state, ops, reads }: CommitRunPlan): void {
  const { config, set, upToDate, outcome } = state;
  ctx.log.info(reads);
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
}

/**
 * Commit (or close the unchanged work branch), tag, pull request. A failure before the commit rejects (the report
 * is the plan's); one after it (the tag, the pull request) is returned with the outputs and lines so far.
 */
async function apply(ctx: ActionContext, state: CommitState, limits: CommitLimits): Promise<CommitApplied> {
  const { config, api, remote, set } = state;
  let outputs = state.outputs;
  const lines: string[] = [];
  if (state.outcome === 'close') {
    const base = remote.base ?? remote.from;
    const closed = await closeWorkBranch(ctx, api, config, base);
    if (closed) outputs = withPullRequest(outputs, closed);
    lines.push(`${inlineCode(config.branch)} equals ${inlineCode(base)}: closed and deleted.`);
    return { outputs, lines };
  }
  const result = state.outcome === 'commit' ? await commitStep(ctx, api, config, remote, set, limits) : undefined;
  if (result) ctx.log.info(describeCommit(result, config.branch));
  if (result?.commit) {
    outputs = withCommit(outputs, result.commit);
    lines.push(
      commitLine(config.branch, result.commit, set, result.replays ? ` after ${plural(result.replays, 'replay')}` : ''),
    );
  } else if (result) {
    outputs = { ...outputs, 'files-added': 0, 'files-updated': 0, 'files-deleted': 0 };
    lines.push(`${inlineCode(config.branch)} moved meanwhile to a commit that already has every change: no commit.`);
  } else {
    const what = state.upToDate
      ? `${inlineCode(config.branch)} already holds exactly this change`
      : `Nothing differs on ${inlineCode(config.branch)}`;
    ctx.log.info(`${what.replace(/`/g, '')}: no commit.${remote.create ? ' The branch was not created.' : ''}`);
    lines.push(`${what}: no commit.`);
  }
  const head = result?.commit?.sha ?? result?.parent ?? state.tip;
  outputs = { ...outputs, 'head-sha': head ?? '' };
  try {
    if (config.tag && head) {
      const tag = await createTag(api, config.tag, head, state.tagState ?? 'missing', ctx.log);
      outputs = { ...outputs, tag: config.tag.name };
      lines.push(`Tag ${inlineCode(config.tag.name)} ${tag} at ${head.slice(0, 7)}.`);
    }
    if (config.pullRequest && !head)
      ctx.log.warning(`No pull request: ${config.branch} does not exist and nothing was committed to create it.`);
    else {
      const opened = await pullRequestStep(ctx, api, config, remote.base);
      if (opened) {
        outputs = withPullRequest(outputs, opened.pr);
        lines.push(pullRequestLine(opened.pr, config.branch, opened.base));
      }
    }
  } catch (err) {
    return { outputs, lines, error: err instanceof Error ? err : new Error(messageOf(err)) };
  }
  return { outputs, lines };
}

function planFacts({ state, ops, reads }: CommitRunPlan): PlanFacts {
  const { config } = state;
  return { owner: config.owner, repo: config.repo, branch: config.branch, baseLine: state.baseLine, reads, ops };
}

/** Pure: the report of a dry run (what would happen) or of what applying did. */
function report(outcome: SequenceOutcome<CommitState, CommitRunPlan, CommitApplied>): RunReport {
  const { state } = outcome.plan;
  if (!outcome.dryRun) return commitReport({ kind: 'applied', plan: planFacts(outcome.plan), applied: outcome.result });
  const dryRunLine =
    state.outcome === 'close'
      ? `${inlineCode(state.config.branch)} equals ${inlineCode(state.remote.from)}: it would be closed and deleted.`
      : `Dry run: nothing written. ${state.outcome === 'commit' ? 'A commit would be made.' : 'Nothing differs: no commit would be made.'}`;
  return commitReport({ kind: 'dry-run', plan: planFacts(outcome.plan), outputs: state.outputs, dryRunLine });
}

/** The error a failure after the commit left in the result (thrown once the report is rendered). */
function failure(applied: CommitApplied): Error | undefined {
  return applied.error;
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
    failure,
    stopped: (p) => commitReport({ kind: 'stopped', plan: planFacts(p) }),
  });
}
