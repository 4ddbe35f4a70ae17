// A repository's labels through GraphQL (queries/label-list.graphql): 100 a page, following `endCursor` until
// `hasNextPage` is false, and decided on only when the pages add up to the whole list. The client has already
// checked each answer against the document's shape (a field missing or a null where the schema says non-null is a
// ShapeError, an answer with `errors` a GraphqlError); what is left to check here is what a shape cannot say: a
// list that says there is more but gives no cursor, more pages than its count allows, a label listed twice, a count
// that differs from the labels read (the list changed while it was read). Any of these is a `LabelListProblem`, never
// data: the caller reads that repository through REST instead.
//
// The values are REST's, byte for byte: GitHub's schema gives `Label.name: String!`, `color: String!` and
// `description: String` (nullable, as REST's `description`), read from the same label. `color` is the hex code
// without `#`, as REST gives it (the GitHub CLI's `gh label clone` lists labels through GraphQL and sends that
// `color` unchanged to REST's create, and its recorded answers carry `"color": "d73a4a"`: cli/cli
// pkg/cmd/label/http.go, list_test.go). A name is plain text (`:bug:` stays the shortcode; only the HTML renderings
// of text fields turn shortcodes into emoji, and a label has none), so nothing is decoded, trimmed or re-cased.
import type { Client } from '../../../github/client/types';
import { parseRepositoryName, repositoryNameProblem } from '../../../github/names';
import { labelList, type LabelListData } from '../queries/documents';
import type { RepositoryLabels } from './state';

/** The labels, and what reading them cost in GraphQL's own budget. */
export interface GraphqlLabels extends RepositoryLabels {
  queries: number;
  points: number;
}

/** A GraphQL answer that cannot be taken as the whole list of labels. */
export class LabelListProblem extends Error {
  constructor(repository: string, what: string) {
    super(`the GraphQL label list of ${repository} ${what}`);
    this.name = 'LabelListProblem';
  }
}

const PAGE = 100;

/** What the answers cost so far (kept by the caller, so that pages read before a failure are counted too). */
export interface GraphqlSpent {
  queries: number;
  points: number;
}

/**
 * Every label of `repository`, or a `LabelListProblem` (or the client's error) when the answers are not all of it.
 * Each answered page is added to `spent` as it comes.
 */
export async function readLabelsThroughGraphql(
  client: Pick<Client, 'graphql'>,
  repository: string,
  spent: GraphqlSpent = { queries: 0, points: 0 },
): Promise<GraphqlLabels> {
  const { owner, repo } = parseRepositoryName(repository);
  const problem = (what: string) => new LabelListProblem(repository, what);
  const labels: RepositoryLabels['labels'] = [];
  const seen = new Set<string>();
  const counts = new Set<number>();
  let now = repository;
  let queries = 0;
  let points = 0;
  let after: string | null = null;
  const pay = (cost: number) => {
    queries++;
    points += cost;
    spent.queries++;
    spent.points += cost;
  };
  for (;;) {
    const data: LabelListData = await client.graphql(labelList, { owner, name: repo, after });
    pay(data.rateLimit?.cost ?? labelList.points);
    if (!data.repository) throw problem('did not resolve the repository');
    if (queries === 1) now = data.repository.nameWithOwner;
    const list = data.repository.labels;
    if (!list?.nodes) throw problem('has no labels connection');
    counts.add(list.totalCount);
    for (const node of list.nodes) {
      if (!node) throw problem('has a label that is null');
      const key = node.name.toLowerCase();
      if (seen.has(key)) throw problem(`lists ${JSON.stringify(node.name)} twice (the list changed while it was read)`);
      seen.add(key);
      labels.push({ name: node.name, color: node.color, description: node.description });
    }
    if (!list.pageInfo.hasNextPage) break;
    if (!list.pageInfo.endCursor) throw problem('says there is more but gives no cursor');
    // (a list of n labels is ceil(n / 100) pages; one more page than its count allows means it is not converging)
    if (queries > Math.ceil(Math.max(...counts) / PAGE)) throw problem(`goes on past its count of ${list.totalCount}`);
    after = list.pageInfo.endCursor;
  }
  if (counts.size !== 1 || labels.length !== [...counts][0])
    throw problem(
      `gave ${labels.length} labels of ${[...counts].join(' then ')} (the list changed while it was read, or was cut)`,
    );
  return { labels, repository: currentName(repository, now), queries, points };
}

/**
 * The name to write to: GitHub resolves an old name of a renamed or transferred repository to the repository itself,
 * whose `nameWithOwner` is its name now. A name read from an answer is used only when it is a valid owner/name.
 */
function currentName(asked: string, answered: string): string {
  if (answered.toLowerCase() === asked.toLowerCase()) return asked;
  return repositoryNameProblem(answered) === undefined ? answered : asked;
}
