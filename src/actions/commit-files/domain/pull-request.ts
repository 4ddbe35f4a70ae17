// The pull request from `branch` into `base`: one read finds an open one; it is edited only when its title or
// body differ, else one is created. Labels, assignees and the milestone are brought to what the inputs ask in
// one issue update (labels and assignees added to what is there, never replaced); reviewers are requested once
// (a reviewer already requested, or who already reviewed, is not asked again). A body over GitHub's 65,536
// characters is shortened with a note (kernel/text-limits.ts); the read-after-write lag answers of the create are
// retried a bounded number of times (LAG_TRIES).
import { declared } from '../../../github/client/declared';
import { reads } from '../reads';
import { writes } from '../writes';
import { z } from 'zod';
import { classifyError, isApiError, isStatus } from '../../../github/client';
import { fitBody, PULL_BODY_MAX } from '../../../kernel/text-limits';
import type { Client } from '../../../github/client/types';
import type { PullRequestOptions } from '../inputs';

export interface PullRequestSpec extends Omit<PullRequestOptions, 'base'> {
  owner: string;
  repo: string;
  branch: string;
  base: string;
}

export type PullRequestOperation = 'created' | 'updated' | 'closed' | 'none';

export interface PullRequestResult {
  number: number;
  url: string;
  operation: PullRequestOperation;
}

/** GitHub's 422 when the head branch has nothing the base lacks (for example after the last pull request was merged). */
export function isNoCommitsBetween(err: unknown): boolean {
  if (!isApiError(err) || err.status !== 422) return false;
  return (
    /no commits between/i.test(err.apiMessage) || err.errors.some((e) => /no commits between/i.test(e.message ?? ''))
  );
}

const named = z.object({ name: z.string() });
const user = z.object({ login: z.string() });
const pullSchema = z.object({
  number: z.number(),
  html_url: z.string(),
  title: z.string(),
  body: z.string().nullish(),
  labels: z.array(named).nullish(),
  assignees: z.array(user).nullish(),
  requested_reviewers: z.array(user).nullish(),
  requested_teams: z.array(z.object({ slug: z.string() })).nullish(),
  milestone: z.object({ number: z.number() }).nullish(),
});
type OpenPull = z.infer<typeof pullSchema>;

/** The repository part of every request's parameters. */
const repoOf = (spec: Pick<PullRequestSpec, 'owner' | 'repo'>) => ({ owner: spec.owner, repo: spec.repo });

/** What a step did to a pull request, as the outputs and summary report it. */
const resultOf = (pull: OpenPull, operation: PullRequestOperation): PullRequestResult => ({
  number: pull.number,
  url: pull.html_url,
  operation,
});

export async function findOpenPullRequest(
  client: Client,
  spec: Pick<PullRequestSpec, 'owner' | 'repo' | 'branch' | 'base'>,
  fresh = false,
): Promise<OpenPull | undefined> {
  const found = await client.find(
    'GET /repos/{owner}/{repo}/pulls',
    {
      request: { ...declared(reads.pulls), ...(fresh ? { noCache: true } : {}) },
      ...repoOf(spec),
      head: `${spec.owner}:${spec.branch}`,
      base: spec.base,
      state: 'open',
    },
    () => true,
  );
  return found === undefined ? undefined : pullSchema.parse(found);
}

const lower = (s: string) => s.toLowerCase();
const missing = (wanted: string[], present: string[]) => {
  const have = new Set(present.map(lower));
  return wanted.filter((w) => !have.has(lower(w)));
};

/** The requests the extras need at most (for the plan): one issue update, one reviews read, one review request. */
export function extrasCost(
  spec: Pick<PullRequestOptions, 'labels' | 'assignees' | 'milestone' | 'reviewers' | 'teamReviewers'>,
) {
  const issue = spec.labels.length + spec.assignees.length > 0 || spec.milestone !== undefined ? 1 : 0;
  const reviewers = spec.reviewers.length + spec.teamReviewers.length > 0 ? 1 : 0;
  return { requests: issue + 2 * reviewers, writes: issue + reviewers };
}

/** The extras given, as the plan names them ("labels", "assignees", "milestone", "reviewers"). */
export function extrasNamed(
  spec: Pick<PullRequestOptions, 'labels' | 'assignees' | 'milestone' | 'reviewers' | 'teamReviewers'>,
): string[] {
  return [
    ...(spec.labels.length ? ['labels'] : []),
    ...(spec.assignees.length ? ['assignees'] : []),
    ...(spec.milestone !== undefined ? ['milestone'] : []),
    ...(spec.reviewers.length + spec.teamReviewers.length ? ['reviewers'] : []),
  ];
}

/** Labels, assignees, milestone (one PATCH of the issue, only when something is missing) and reviewers. */
async function applyExtras(client: Client, spec: PullRequestSpec, pull: OpenPull): Promise<boolean> {
  let changed = false;
  const labels = (pull.labels ?? []).map((l) => l.name);
  const assignees = (pull.assignees ?? []).map((a) => a.login);
  const newLabels = missing(spec.labels, labels);
  const newAssignees = missing(spec.assignees, assignees);
  const milestoneDiffers = spec.milestone !== undefined && pull.milestone?.number !== spec.milestone;
  if (newLabels.length || newAssignees.length || milestoneDiffers) {
    await client.octokit.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', {
      request: declared(writes.updateIssue),
      ...repoOf(spec),
      issue_number: pull.number,
      ...(newLabels.length ? { labels: [...labels, ...newLabels] } : {}),
      ...(newAssignees.length ? { assignees: [...assignees, ...newAssignees] } : {}),
      ...(milestoneDiffers ? { milestone: spec.milestone } : {}),
    });
    changed = true;
  }
  let reviewers = missing(
    spec.reviewers,
    (pull.requested_reviewers ?? []).map((r) => r.login),
  );
  const teams = missing(
    spec.teamReviewers,
    (pull.requested_teams ?? []).map((t) => t.slug),
  );
  if (reviewers.length) {
    // Someone who reviewed already is no longer "requested": asking again would re-request their review.
    const reviews = await client.paginate<{ user?: { login?: string } | null }>(
      'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews',
      { request: declared(reads.reviews), ...repoOf(spec), pull_number: pull.number },
    );
    reviewers = missing(
      reviewers,
      reviews.flatMap((r) => (r.user?.login ? [r.user.login] : [])),
    );
  }
  if (reviewers.length || teams.length) {
    await client.octokit.request('POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers', {
      request: declared(writes.requestReviewers),
      ...repoOf(spec),
      pull_number: pull.number,
      ...(reviewers.length ? { reviewers } : {}),
      ...(teams.length ? { team_reviewers: teams } : {}),
    });
    changed = true;
  }
  return changed;
}

/** Brings an open pull request's title and body to the wanted ones (one PATCH, only when they differ). */
async function reconcile(client: Client, spec: PullRequestSpec, existing: OpenPull): Promise<PullRequestResult> {
  const bodyChanged = spec.body !== undefined && (existing.body ?? '') !== spec.body;
  let current = existing;
  let changed = false;
  if (existing.title !== spec.title || bodyChanged) {
    const res = await client.octokit.request('PATCH /repos/{owner}/{repo}/pulls/{pull_number}', {
      request: declared(writes.updatePull),
      ...repoOf(spec),
      pull_number: existing.number,
      title: spec.title,
      ...(spec.body !== undefined ? { body: spec.body } : {}),
    });
    current = pullSchema.parse(res.data);
    changed = true;
  }
  if (await applyExtras(client, spec, current)) changed = true;
  return resultOf(current, changed ? 'updated' : 'none');
}

/**
 * Tries of a create GitHub answers with a read-after-write lag answer: right after the branch was pushed, `POST
 * /pulls` may answer 422 "No commits between …" or `head` `invalid` (octokit.rb#622, dotnet/buildtools#1140,
 * gitbutler#4904). Waits between them follow the client's back-off (about 1, 2, 4 s).
 */
export const LAG_TRIES = 4;

/** The create, repeated while GitHub answers with a lag answer (the last one is thrown). */
async function createWithLag(client: Client, spec: PullRequestSpec): Promise<OpenPull> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await client.octokit.request('POST /repos/{owner}/{repo}/pulls', {
        request: declared(writes.createPull),
        ...repoOf(spec),
        head: spec.branch,
        base: spec.base,
        title: spec.title,
        draft: spec.draft,
        maintainer_can_modify: spec.maintainerCanModify,
        ...(spec.body !== undefined ? { body: spec.body } : {}),
      });
      return pullSchema.parse(res.data);
    } catch (err) {
      if (classifyError(err)?.kind !== 'lag' || attempt + 1 >= LAG_TRIES) throw err;
      await client.retry.sleep(client.retry.backoff(attempt));
    }
  }
}

export async function upsertPullRequest(
  client: Client,
  wanted: PullRequestSpec,
  log?: { info(message: string): void },
): Promise<PullRequestResult> {
  const fit = wanted.body === undefined ? undefined : fitBody(wanted.body, PULL_BODY_MAX);
  if (fit?.shortened)
    log?.info(`The pull-request body is over GitHub's ${PULL_BODY_MAX} characters: it is shortened, with a note.`);
  const spec: PullRequestSpec = fit ? { ...wanted, body: fit.text } : wanted;
  const existing = await findOpenPullRequest(client, spec);
  if (existing) return reconcile(client, spec, existing);
  let created: OpenPull;
  try {
    created = await createWithLag(client, spec);
  } catch (err) {
    // "A pull request already exists": opened meanwhile by another run, or by an earlier attempt of this request
    // whose answer was lost (a retried POST). Find it and bring it to the wanted state.
    if (isStatus(err, 422) && !isNoCommitsBetween(err)) {
      const raced = await findOpenPullRequest(client, spec, true);
      if (raced) {
        const result = await reconcile(client, spec, raced);
        return { ...result, operation: 'created' };
      }
    }
    throw err;
  }
  await applyExtras(client, spec, created);
  return resultOf(created, 'created');
}

/** Closes the open pull request from `branch` into `base`, if any (its number, or undefined when none was open). */
export async function closePullRequest(
  client: Client,
  spec: Pick<PullRequestSpec, 'owner' | 'repo' | 'branch' | 'base'>,
): Promise<PullRequestResult | undefined> {
  const open = await findOpenPullRequest(client, spec, true);
  if (!open) return undefined;
  await client.octokit.request('PATCH /repos/{owner}/{repo}/pulls/{pull_number}', {
    request: declared(writes.updatePull),
    ...repoOf(spec),
    pull_number: open.number,
    state: 'closed',
  });
  return resultOf(open, 'closed');
}
