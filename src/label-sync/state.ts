// Reading a repository's labels: one list request per 100 labels (a repeat in the same job is a free 304 from the
// client's ETag cache), plus, only for aliases to be merged, the issues and pull requests carrying them. A list cut
// mid-body never reaches here as data: the client retries it, or fails.
import type { Client } from '../client/types';
import { parseRepositoryName, repositoryNameProblem } from '../core/names';
import { issuesPath, labelsPath } from './label-paths';
import type { CurrentLabel } from './plan';

export interface RepositoryLabels {
  labels: CurrentLabel[];
  /**
   * The repository's name now, from the labels' `url`: another name when the repository was renamed or transferred
   * (the list then followed a 301), so that the writes go straight to it instead of through a redirect each.
   */
  repository: string;
}

const LABEL_URL = /\/repos\/([^/]+)\/([^/]+)\/labels\//;

interface ListedLabel {
  name: string;
  color: string;
  description?: string | null;
  url?: string;
}

/** Refuses an answer that is not a list of labels (a proxy's page, a changed API): never taken as "no labels". */
function checkedLabels(data: unknown, repository: string): ListedLabel[] {
  const ok =
    Array.isArray(data) &&
    data.every((l) => l && typeof l === 'object' && typeof l.name === 'string' && typeof l.color === 'string');
  if (!ok) throw new Error(`the label list of ${repository} is not a list of labels`);
  return data as ListedLabel[];
}

export async function listLabels(client: Client, repository: string): Promise<RepositoryLabels> {
  const name = parseRepositoryName(repository);
  const labels = checkedLabels(await client.paginate(`GET ${labelsPath(name)}`, {}), repository);
  const at = LABEL_URL.exec(labels[0]?.url ?? '');
  const now = at ? `${decodeURIComponent(at[1]!)}/${decodeURIComponent(at[2]!)}` : repository;
  return {
    labels: labels.map(({ name, color, description }) => ({ name, color, description: description ?? null })),
    // (a name read from an answer is used only when it is a valid owner/name)
    repository: now.toLowerCase() !== repository.toLowerCase() && isRepositoryName(now) ? now : repository,
  };
}

const isRepositoryName = (text: string) => repositoryNameProblem(text) === undefined;

/** An issue or pull request carrying a label, with all its labels' names. */
export interface Carrier {
  number: number;
  labels: string[];
}

/**
 * The open and closed issues and pull requests carrying a label. The `labels` filter separates names with commas, so
 * a name containing one is looked for in the whole listing instead.
 */
export async function listCarriers(client: Client, repository: string, label: string): Promise<Carrier[]> {
  const filtered = !label.includes(',');
  const issues = await client.paginate<{ number: number; labels?: (string | { name?: string })[] }>(
    `GET ${issuesPath(parseRepositoryName(repository))}`,
    { ...(filtered ? { labels: label } : {}), state: 'all' },
  );
  const key = label.toLowerCase();
  return issues
    .map((i) => ({
      number: i.number,
      labels: (i.labels ?? []).map((l) => (typeof l === 'string' ? l : (l.name ?? ''))),
    }))
    .filter((i) => i.labels.some((l) => l.toLowerCase() === key));
}

export async function listIssuesWithLabel(client: Client, repository: string, label: string): Promise<number[]> {
  return (await listCarriers(client, repository, label)).map((i) => i.number);
}
