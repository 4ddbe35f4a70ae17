// The pull request step: open or update the pull request from the work branch into its base, and the clean-up of
// a work branch that equals its base (its pull request closed, then the branch deleted: a re-run finds nothing).
import type { ActionContext } from '../../kernel/action';
import type { GitApi } from './domain/git-api';
import { isActionsPullRequestRefusal } from './domain/git-api';
import type { CommitInputs } from './inputs';
import { closePullRequest, isNoCommitsBetween, LAG_TRIES, upsertPullRequest } from './domain/pull-request';
import { actionsPullRequestRefusal } from './domain/refusals';
import type { PullRequestResult } from './domain/pull-request';

/** The pull request opened, updated or left as it was, and the base it targets; undefined when there is none. */
export async function pullRequestStep(
  ctx: ActionContext,
  api: GitApi,
  config: CommitInputs,
  base: string | undefined,
): Promise<{ pr: PullRequestResult; base: string } | undefined> {
  const { log } = ctx;
  if (!config.pullRequest) return undefined;
  const prTarget = config.pullRequest.base ?? base ?? (await api.defaultBranch());
  const pr = await upsertPullRequest(
    ctx.client,
    { owner: config.owner, repo: config.repo, branch: config.branch, ...config.pullRequest, base: prTarget },
    log,
  ).catch(async (err: unknown) => {
    if (isNoCommitsBetween(err)) {
      // GitHub says so right after a push too (read-after-write lag): "merged already" only when the compare agrees.
      const ahead = (await api.compare(prTarget, config.branch)).totalCommits;
      if (ahead > 0)
        throw new Error(
          `GitHub kept answering "No commits between ${prTarget} and ${config.branch}" though ${config.branch} has ` +
            `${ahead} commit${ahead === 1 ? '' : 's'} ${prTarget} lacks (its lag after the push outlasted ${LAG_TRIES} tries): ` +
            'the commit is pushed; re-run to open the pull request.',
          { cause: err },
        );
      log.warning(
        `No pull request: ${config.branch} has no commit that ${prTarget} lacks (its changes were merged already).`,
      );
      return undefined;
    }
    if (isActionsPullRequestRefusal(err)) throw new Error(actionsPullRequestRefusal(config.branch));
    throw err;
  });
  if (!pr) return undefined;
  log.info(`Pull request #${pr.number} ${pr.operation === 'none' ? 'unchanged' : pr.operation}: ${pr.url}`);
  return { pr, base: prTarget };
}

/**
 * The work branch equals its base: close its pull request, then delete it (a re-run finds nothing to do). Resolves
 * to the pull request closed, if any.
 */
export async function closeWorkBranch(
  ctx: ActionContext,
  api: GitApi,
  config: CommitInputs,
  base: string,
): Promise<PullRequestResult | undefined> {
  let closedPr: PullRequestResult | undefined;
  const prBase = config.pullRequest?.base ?? base;
  if (config.pullRequest) {
    const closed = await closePullRequest(ctx.client, {
      owner: config.owner,
      repo: config.repo,
      branch: config.branch,
      base: prBase,
    });
    if (closed) {
      closedPr = closed;
      ctx.log.info(`Closed pull request #${closed.number}: ${closed.url}`);
    }
  }
  await api.deleteBranch(config.branch);
  ctx.log.info(`Deleted ${config.branch}: its content equals ${base}.`);
  return closedPr;
}
