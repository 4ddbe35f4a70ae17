// The commit step: blobs, trees, the commit and the ref (a fast-forward, or a pull request's rebuilt work branch),
// with GitHub's refusal of workflow files turned into what to do.
import type { ActionContext } from '../../kernel/action';
import { plural } from '../../kernel/words';
import { writeCommit, type CommitResult } from './apply';
import { isWorkflowRefusal } from './domain/git-api';
import type { GitApi } from './domain/git-api';
import type { CommitInputs } from './inputs';
import type { CommitLimits } from './domain/limits';
import { commitMessage } from './domain/message';
import type { ChangeSet } from './plan';
import { workflowRefusal } from './domain/refusals';
import type { RemoteState } from './remote-step';
import { isWorkflowPath } from './domain/workflows';

/** The workflow token's identity, used for `signoff` when neither `committer` nor `author` is given. */
const ACTIONS_BOT = 'github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>';

function signoffOf(config: CommitInputs): string | undefined {
  if (!config.signoff) return undefined;
  const who = config.committer ?? config.author;
  return who ? `${who.name} <${who.email}>` : ACTIONS_BOT;
}

export async function commitStep(
  ctx: ActionContext,
  api: GitApi,
  config: CommitInputs,
  remote: RemoteState,
  set: ChangeSet,
  limits: CommitLimits,
): Promise<CommitResult> {
  try {
    return await writeCommit(api, {
      branch: config.branch,
      parent: remote.head,
      parentTree: remote.parentTree,
      create: remote.create,
      remote: remote.files,
      changeSet: set,
      message: commitMessage(config.message, config.coAuthors, signoffOf(config)),
      force: config.force,
      limits,
      log: ctx.log,
      people: {
        ...(config.author ? { author: config.author } : {}),
        ...(config.committer ? { committer: config.committer } : {}),
      },
      ...(remote.work ? { rebuild: remote.work.head ? { expectHead: remote.work.head } : {} } : {}),
    });
  } catch (err) {
    if (isWorkflowRefusal(err))
      throw new Error(
        workflowRefusal(
          config.branch,
          set.changes.filter((c) => isWorkflowPath(c.path)).map((c) => c.path),
        ),
      );
    throw err;
  }
}

export function describeCommit(result: CommitResult, branch: string): string {
  const replayed = result.replays ? ` after ${plural(result.replays, 'replay')} on a moved branch` : '';
  if (!result.commit) return `${branch} moved meanwhile to a commit that already has every change: no commit.`;
  return `Committed ${result.commit.sha} to ${branch}${replayed} (${result.commit.verified ? 'verified' : 'not verified'}): ${result.commit.url}`;
}
