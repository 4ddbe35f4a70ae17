// Reading a repository's labels: one list request per 100 labels (a repeat in the same job is a free 304 from the
// client's ETag cache), plus, only for aliases to be merged, the issues and pull requests carrying them.
import type { Client } from '../client/types';
import type { CurrentLabel } from './plan';

export function splitRepository(repository: string): { owner: string; repo: string } {
  const [owner, repo] = repository.split('/');
  return { owner, repo };
}

export async function listLabels(client: Client, repository: string): Promise<CurrentLabel[]> {
  const labels = await client.paginate<{ name: string; color: string; description?: string | null }>(
    'GET /repos/{owner}/{repo}/labels',
    splitRepository(repository),
  );
  return labels.map(({ name, color, description }) => ({ name, color, description: description ?? null }));
}

/**
 * Numbers of the open and closed issues and pull requests carrying a label. The `labels` filter separates names with
 * commas, so a name containing one is looked for in the whole listing instead.
 */
export async function listIssuesWithLabel(client: Client, repository: string, label: string): Promise<number[]> {
  const filtered = !label.includes(',');
  const issues = await client.paginate<{ number: number; labels?: (string | { name?: string })[] }>('GET /repos/{owner}/{repo}/issues', {
    ...splitRepository(repository),
    ...(filtered ? { labels: label } : {}),
    state: 'all',
  });
  const key = label.toLowerCase();
  const carries = (i: { labels?: (string | { name?: string })[] }) =>
    (i.labels ?? []).some((l) => (typeof l === 'string' ? l : (l.name ?? '')).toLowerCase() === key);
  return issues.filter((i) => filtered || carries(i)).map((i) => i.number);
}
