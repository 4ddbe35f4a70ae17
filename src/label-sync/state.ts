// Reading a repository's labels: one list request per 100 labels (a repeat in the same job is a free 304 from the
// client's ETag cache), plus, only for aliases to be merged, the issues and pull requests carrying them.
import type { Client } from '../client/types';
import type { CurrentLabel } from './plan';

export function splitRepository(repository: string): { owner: string; repo: string } {
  const [owner, repo] = repository.split('/');
  return { owner, repo };
}

export interface RepositoryLabels {
  labels: CurrentLabel[];
  /**
   * The repository's name now, from the labels' `url`: another name when the repository was renamed or transferred
   * (the list then followed a 301), so that the writes go straight to it instead of through a redirect each.
   */
  repository: string;
}

const LABEL_URL = /\/repos\/([^/]+)\/([^/]+)\/labels\//;

export async function listLabels(client: Client, repository: string): Promise<RepositoryLabels> {
  const labels = await client.paginate<{ name: string; color: string; description?: string | null; url?: string }>(
    'GET /repos/{owner}/{repo}/labels',
    splitRepository(repository),
  );
  const at = LABEL_URL.exec(labels[0]?.url ?? '');
  const now = at ? `${decodeURIComponent(at[1])}/${decodeURIComponent(at[2])}` : repository;
  return {
    labels: labels.map(({ name, color, description }) => ({ name, color, description: description ?? null })),
    repository: now.toLowerCase() === repository.toLowerCase() ? repository : now,
  };
}

/**
 * Numbers of the open and closed issues and pull requests carrying a label. The `labels` filter separates names with
 * commas, so a name containing one is looked for in the whole listing instead.
 */
export async function listIssuesWithLabel(client: Client, repository: string, label: string): Promise<number[]> {
  const filtered = !label.includes(',');
  const issues = await client.paginate<{ number: number; labels?: (string | { name?: string })[] }>(
    'GET /repos/{owner}/{repo}/issues',
    {
      ...splitRepository(repository),
      ...(filtered ? { labels: label } : {}),
      state: 'all',
    },
  );
  const key = label.toLowerCase();
  const carries = (i: { labels?: (string | { name?: string })[] }) =>
    (i.labels ?? []).some((l) => (typeof l === 'string' ? l : (l.name ?? '')).toLowerCase() === key);
  return issues.filter((i) => filtered || carries(i)).map((i) => i.number);
}
