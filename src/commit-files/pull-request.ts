// Opening or updating the pull request from `branch` into `base`: one read finds an open one; it is edited
// only when its title or body differ, else one is created.
import { z } from 'zod';
import { isApiError, isStatus } from '../client';
import type { Client } from '../client/types';

export interface PullRequestSpec {
  owner: string;
  repo: string;
  branch: string;
  base: string;
  title: string;
  /** Undefined: an existing body is left alone. */
  body?: string;
}

export interface PullRequestResult {
  number: number;
  url: string;
  action: 'opened' | 'updated' | 'unchanged';
}

/** GitHub's 422 when the head branch has nothing the base lacks (for example after the last pull request was merged). */
export function isNoCommitsBetween(err: unknown): boolean {
  if (!isApiError(err) || err.status !== 422) return false;
  return (
    /no commits between/i.test(err.apiMessage) || err.errors.some((e) => /no commits between/i.test(e.message ?? ''))
  );
}

const pullSchema = z.object({
  number: z.number(),
  html_url: z.string(),
  title: z.string(),
  body: z.string().nullish(),
});

export async function findOpenPullRequest(client: Client, spec: PullRequestSpec, fresh = false) {
  const found = await client.find(
    'GET /repos/{owner}/{repo}/pulls',
    {
      owner: spec.owner,
      repo: spec.repo,
      head: `${spec.owner}:${spec.branch}`,
      base: spec.base,
      state: 'open',
      ...(fresh ? { request: { noCache: true } } : {}),
    },
    () => true,
  );
  return found === undefined ? undefined : pullSchema.parse(found);
}

type OpenPull = z.infer<typeof pullSchema>;

/** Brings an open pull request's title and body to the wanted ones (one PATCH, only when they differ). */
async function reconcile(client: Client, spec: PullRequestSpec, existing: OpenPull): Promise<PullRequestResult> {
  const bodyChanged = spec.body !== undefined && (existing.body ?? '') !== spec.body;
  if (existing.title === spec.title && !bodyChanged)
    return { number: existing.number, url: existing.html_url, action: 'unchanged' };
  const res = await client.octokit.request('PATCH /repos/{owner}/{repo}/pulls/{pull_number}', {
    owner: spec.owner,
    repo: spec.repo,
    pull_number: existing.number,
    title: spec.title,
    ...(spec.body !== undefined ? { body: spec.body } : {}),
  });
  const pr = pullSchema.parse(res.data);
  return { number: pr.number, url: pr.html_url, action: 'updated' };
}

export async function upsertPullRequest(client: Client, spec: PullRequestSpec): Promise<PullRequestResult> {
  const existing = await findOpenPullRequest(client, spec);
  if (existing) return reconcile(client, spec, existing);
  try {
    const res = await client.octokit.request('POST /repos/{owner}/{repo}/pulls', {
      owner: spec.owner,
      repo: spec.repo,
      head: spec.branch,
      base: spec.base,
      title: spec.title,
      ...(spec.body !== undefined ? { body: spec.body } : {}),
    });
    const pr = pullSchema.parse(res.data);
    return { number: pr.number, url: pr.html_url, action: 'opened' };
  } catch (err) {
    // "A pull request already exists": opened meanwhile by another run, or by an earlier attempt of this request
    // whose answer was lost (a retried POST). Find it and bring it to the wanted title and body.
    if (isStatus(err, 422)) {
      const raced = await findOpenPullRequest(client, spec, true);
      if (raced) {
        const result = await reconcile(client, spec, raced);
        return result.action === 'unchanged' ? { ...result, action: 'opened' } : result;
      }
    }
    throw err;
  }
}
