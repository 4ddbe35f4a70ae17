// Reading a repository's labels through REST (where GraphQL cannot serve: label-reads.ts): one list request per 100
// labels (a repeat in the same job is a free 304 from the client's ETag cache), plus, only for aliases to be merged,
// the issues and pull requests carrying them. A list cut
// mid-body never reaches here as data: the client retries it, or fails. Every item is checked to be what the route
// returns before it is used, so a page that is not a list of labels is an error, never "no labels".
import { declared } from '../../../github/client/declared';
import { reads } from '../reads';
import { z } from 'zod';
import type { Client } from '../../../github/client/types';
import { parseRepositoryName, repositoryNameProblem } from '../../../github/names';
import type { CurrentLabel } from '../plan';

export interface RepositoryLabels {
  labels: CurrentLabel[];
  /**
   * The repository's name now, from the labels' `url`: another name when the repository was renamed or transferred
   * (the list then followed a 301), so that the writes go straight to it instead of through a redirect each.
   */
  repository: string;
}

const LABEL_URL = /\/repos\/([^/]+)\/([^/]+)\/labels\//;

// The fields used, as GitHub's OpenAPI description gives them (`label`, `issue`); every other field passes.
const listedLabels = z.array(
  z.looseObject({ name: z.string(), color: z.string(), description: z.string().nullish(), url: z.string().optional() }),
);
const listedIssues = z.array(
  z.looseObject({
    number: z.number(),
    labels: z.array(z.union([z.string(), z.looseObject({ name: z.string().nullish() })])).optional(),
  }),
);

/** The items of a list, or an error naming the route when they are not what it returns. */
function itemsOf<T>(schema: z.ZodType<T>, route: string, items: unknown): T {
  const parsed = schema.safeParse(items);
  if (!parsed.success) throw new Error(`${route} answered a page that is not a list of the items it returns`);
  return parsed.data;
}

export async function listLabels(client: Client, repository: string): Promise<RepositoryLabels> {
  const { owner, repo } = parseRepositoryName(repository);
  const listed = await client.paginate('GET /repos/{owner}/{repo}/labels', {
    owner,
    repo,
    request: declared(reads.labels),
  });
  const labels = itemsOf(listedLabels, reads.labels.route, listed);
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
  const { owner, repo } = parseRepositoryName(repository);
  const filtered = !label.includes(',');
  const listed = await client.paginate('GET /repos/{owner}/{repo}/issues', {
    owner,
    repo,
    ...(filtered ? { labels: label } : {}),
    state: 'all',
    request: declared(reads.issues),
  });
  const key = label.toLowerCase();
  return itemsOf(listedIssues, reads.issues.route, listed)
    .map((i) => ({
      number: i.number,
      labels: (i.labels ?? []).map((l) => (typeof l === 'string' ? l : (l.name ?? ''))),
    }))
    .filter((i) => i.labels.some((l) => l.toLowerCase() === key));
}

export async function listIssuesWithLabel(client: Client, repository: string, label: string): Promise<number[]> {
  return (await listCarriers(client, repository, label)).map((i) => i.number);
}
