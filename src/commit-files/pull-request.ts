// Opening or updating the pull request from `branch` into `base`: one read finds an open one; it is edited
// only when its title or body differ, else one is created.
import { z } from 'zod';
import { isStatus } from '../client';
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

const pullSchema = z.object({ number: z.number(), html_url: z.string(), title: z.string(), body: z.string().nullish() });

export async function findOpenPullRequest(client: Client, spec: PullRequestSpec) {
  const found = await client.find(
    'GET /repos/{owner}/{repo}/pulls',
    { owner: spec.owner, repo: spec.repo, head: `${spec.owner}:${spec.branch}`, base: spec.base, state: 'open' },
    () => true,
  );
  return found === undefined ? undefined : pullSchema.parse(found);
}

export async function upsertPullRequest(client: Client, spec: PullRequestSpec): Promise<PullRequestResult> {
  const existing = await findOpenPullRequest(client, spec);
  if (existing) {
    const bodyChanged = spec.body !== undefined && (existing.body ?? '') !== spec.body;
    if (existing.title === spec.title && !bodyChanged) return { number: existing.number, url: existing.html_url, action: 'unchanged' };
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
    // Opened meanwhile by another run: use that one.
    if (isStatus(err, 422)) {
      const raced = await findOpenPullRequest(client, spec);
      if (raced) return { number: raced.number, url: raced.html_url, action: 'unchanged' };
    }
    throw err;
  }
}
