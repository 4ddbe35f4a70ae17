// A workflow_run payload names the triggering run's ref only as `head_branch`, which holds the tag name
// when the run was triggered by a tag (a tag push, or a dispatch on a tag). Only the API can tell which.
import { declared } from '../github/client/declared';
import { reads } from './workflow-run-reads';
import { isStatus } from '../github/client/errors';
import type { Client } from '../github/client/types';
import type { EventContext } from './context';

async function refSha(
  client: Pick<Client, 'octokit'>,
  owner: string,
  repo: string,
  ref: string,
): Promise<string | undefined> {
  try {
    const { data } = await client.octokit.request('GET /repos/{owner}/{repo}/git/ref/{ref}', {
      request: declared(reads.ref),
      owner,
      repo,
      ref,
    });
    return (data as { object?: { sha?: string } }).object?.sha ?? '';
  } catch (err) {
    if (isStatus(err, 404)) return undefined;
    throw err;
  }
}

/**
 * For a workflow_run event whose `head_branch` may be a tag, asks the API (one or two GETs) whether it is
 * the branch at the run's head commit or a tag, and returns the context with `branch` or `tag` set.
 * Pull-request runs (whose head branch may live in a fork) and other events are returned unchanged.
 */
export async function resolveWorkflowRunRef(
  context: EventContext,
  client: Pick<Client, 'octokit'>,
): Promise<EventContext> {
  const run = context.workflowRun;
  if (
    context.eventName !== 'workflow_run' ||
    !run ||
    !run.headBranch ||
    context.tag ||
    run.event.startsWith('pull_request')
  ) {
    return context;
  }
  if (run.headRepo && context.repository && run.headRepo.toLowerCase() !== context.repository.toLowerCase())
    return context;
  const name = run.headBranch;
  const branchSha = await refSha(client, context.owner, context.repo, `heads/${name}`);
  if (branchSha === run.headSha) return context;
  const tagSha = await refSha(client, context.owner, context.repo, `tags/${name}`);
  if (tagSha === undefined) return context;
  const { branch: _branch, ...rest } = context;
  return { ...rest, ref: `refs/tags/${name}`, tag: name };
}
