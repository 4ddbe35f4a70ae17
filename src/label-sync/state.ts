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

interface ListedIssue {
  number: number;
  labels?: (string | { name?: string })[];
}

interface ListedLabel {
  name: string;
  color: string;
  description?: string | null;
  url?: string;
}

const NEXT_PAGE = /<([^<>]+)>;\s*rel="next"/;

/**
 * Every page of a list, each checked to be a list of the expected items before it is used: a page whose body was cut,
 * empty or replaced (a proxy's page) is an error, never "no items" (which would make the plan create and prune). The
 * pages are read with `octokit.request` (through every stage of the client) rather than the paginate plugin, which
 * turns an empty body into an empty page (`normalizePaginatedListResponse` in @octokit/plugin-paginate-rest).
 */
async function listAll<T>(
  client: Client,
  route: string,
  params: Record<string, unknown>,
  isItem: (item: unknown) => item is T,
): Promise<T[]> {
  const origin = new URL(String(client.octokit.request.endpoint.DEFAULTS.baseUrl)).origin;
  const all: T[] = [];
  let response = await client.octokit.request(route, { per_page: 100, ...params });
  for (;;) {
    const page: unknown = response.data;
    if (!Array.isArray(page) || !page.every(isItem)) throw new Error(`${route} answered a page that is not a list`);
    all.push(...page);
    const next = NEXT_PAGE.exec(String(response.headers.link ?? ''))?.[1];
    if (!next) return all;
    // (the token goes only to the API's own origin)
    if (new URL(next).origin !== origin) throw new Error(`${route}: the next page is on another origin (${next})`);
    response = await client.octokit.request(`GET ${next}`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const isListedLabel = (v: unknown): v is ListedLabel =>
  isObject(v) && typeof v.name === 'string' && typeof v.color === 'string';

const isListedIssue = (v: unknown): v is ListedIssue =>
  isObject(v) && typeof v.number === 'number' && (v.labels === undefined || Array.isArray(v.labels));

export async function listLabels(client: Client, repository: string): Promise<RepositoryLabels> {
  const name = parseRepositoryName(repository);
  const labels = await listAll(client, `GET ${labelsPath(name)}`, {}, isListedLabel);
  const at = LABEL_URL.exec(labels[0]?.url ?? '');
  const now = at ? `${decodeURIComponent(at[1])}/${decodeURIComponent(at[2])}` : repository;
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
  const issues = await listAll(
    client,
    `GET ${issuesPath(parseRepositoryName(repository))}`,
    { ...(filtered ? { labels: label } : {}), state: 'all' },
    isListedIssue,
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
