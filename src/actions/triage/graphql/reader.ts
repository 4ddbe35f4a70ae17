// Triage's reads through GraphQL, REST kept beside them. The sweep lists every open issue and pull request in a
// few queries (open-issues.graphql, open-pulls.graphql), then reads the comments, label events, assignees and
// changed files of only the items whose decision needs them, 100 at a time (details.graphql); an event's one item
// is one query (item.graphql). What GraphQL cannot tell exactly (a connection longer than was read, a renamed file's old path)
// is read through REST for that item. When GraphQL is unavailable (an error, a refused or unreadable answer, its
// budget spent), every read goes through REST and the plan's notes say so.
import type { GraphqlDocument } from '../../../github/graphql/document';
import { GraphqlError } from '../../../github/graphql/errors';
import { checkedData } from '../../../github/graphql/shape';
import { GraphqlFirst, type ReadAccount } from '../../../kernel/reads';
import type { Logger } from '../../../github/client/types';
import type { PullFacts } from '../domain/conditions';
import type { Item } from '../domain/item';
import type { CommentLike } from '../domain/markers';
import type { RepoRef, TriageReader } from '../domain/reader';
import {
  triageDetails,
  triageItem,
  triageLabels,
  triageOpenIssues,
  triageOpenPulls,
  type PullFieldsFragment,
} from '../queries/documents';
import { isItemNode, type GqlDetails, type GqlListedIssue, type GqlListedPull } from './answers';
import type { DetailReads } from './detail-reads';
import type { ListVariables, QueryAnswer, TriageQueries } from './queries';
import { assigneesOf, commentsOf, filesOf, fromListed, labelEventOf, type Listed, type ListedNode } from './to-item';

/** What is known of one item beyond its listing. */
interface Facts {
  id?: string;
  pull?: PullFacts;
  comments?: CommentLike[];
  events?: GqlDetails['timelineItems'];
  files?: string[];
}

export interface GraphqlReaderOptions {
  /**
   * Read the details of every listed item, not only of those whose planning asks for a read: a setting makes
   * assignees widen what is done (include-only-assigned), so an item unassigned in the list may still need work.
   */
  detailsOfAll: boolean;
  log: Pick<Logger, 'info' | 'warning'>;
}

/** The reader's own account of its reads, for the plan's notes. */
export interface GraphqlReadAccount extends ReadAccount {
  /** Items read through REST because GraphQL could not tell something exactly. */
  restItems: Set<number>;
}

export type GraphqlTriageReader = TriageReader & {
  /** Reads, in one query per 100 items, what the decisions of these items need. */
  prefetch(items: Item[], needs: (item: Item) => Promise<DetailReads>): Promise<Item[]>;
  /** True when the read of this kind for this item is answered without a request. */
  cached(kind: 'pull' | 'files' | 'comments', number: number): boolean;
  account(): GraphqlReadAccount;
  notes(): string[];
};

const DETAILS_BATCH = 100;

type ListConnection<N> = {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: (N | null)[] | null;
};

/** A ShapeError's `url` for partial data: the endpoint is the client's to know; this says what was checked. */
const PARTIAL_DATA = 'partial data of a GraphQL answer with errors';

/** The partial data of an answer whose every error is a NOT_FOUND at a path inside it, else undefined. */
function notFoundNodes(err: unknown): unknown {
  if (!(err instanceof GraphqlError) || err.partialData === null || err.partialData === undefined) return undefined;
  const perNode = err.errors.every((e) => e.type === 'NOT_FOUND' && (e.path?.length ?? 0) > 1);
  return perNode ? err.partialData : undefined;
}

export function createGraphqlReader(
  queries: TriageQueries,
  repo: RepoRef,
  rest: TriageReader,
  options: GraphqlReaderOptions,
): GraphqlTriageReader {
  const repository = `${repo.owner}/${repo.repo}`;
  const facts = new Map<number, Facts>();
  const seen = new Set<string>();
  const first = new GraphqlFirst<GraphqlReadAccount>(
    { fallback: null, queries: 0, points: 0, restItems: new Set() },
    options.log,
    'triage reads through REST',
  );
  const account = first.account;
  const factsOf = (n: number): Facts => facts.get(n) ?? (facts.set(n, {}), facts.get(n)!);
  const see = (item: Item): Item => {
    for (const label of item.labels) seen.add(label.toLowerCase());
    return item;
  };

  /**
   * Runs a query: its answer, checked by the client against the document's shape, or undefined once GraphQL is off
   * (on failure it is off for the rest of the run, and the caller then reads through REST).
   */
  async function ask<D, V>(
    document: GraphqlDocument<D, V>,
    run: () => Promise<QueryAnswer<D>>,
  ): Promise<D | undefined> {
    if (account.fallback !== null) return undefined;
    try {
      const answer = await run();
      first.count(answer.points);
      return answer.data;
    } catch (err) {
      // NOT_FOUND for some nodes (an item deleted or transferred since it was listed): those nodes are null in the
      // partial data and read through REST one by one; GraphQL stays on for the rest. The client hands partial data
      // over unchecked (it is never the answer), so it is checked here against the same shape.
      const partial = notFoundNodes(err);
      if (partial !== undefined) {
        // The answer's cost is not known from a partial answer: the query counts, its points do not.
        first.count(0);
        try {
          return checkedData(document, partial, PARTIAL_DATA);
        } catch {
          // Not the shape asked for: GraphQL off, as for any other failure.
        }
      }
      first.fallBack(err);
      return undefined;
    }
  }

  const viaRest = (number: number) => account.restItems.add(number);

  /** One page of the open issues, or of the open pull requests, each node with the pull request's own fields. */
  async function listPage(
    kind: 'issues' | 'pullRequests',
    variables: ListVariables,
  ): Promise<ListConnection<{ node: ListedNode; pull?: PullFieldsFragment }> | null | undefined> {
    if (kind === 'issues') {
      const answer = await ask(triageOpenIssues, () => queries.openIssues(variables));
      if (!answer?.repository) return answer && null;
      const page = answer.repository.issues;
      return { ...page, nodes: page.nodes && page.nodes.map((n: GqlListedIssue | null) => n && { node: n }) };
    }
    const answer = await ask(triageOpenPulls, () => queries.openPulls(variables));
    if (!answer?.repository) return answer && null;
    const page = answer.repository.pullRequests;
    return { ...page, nodes: page.nodes && page.nodes.map((n: GqlListedPull | null) => n && { node: n, pull: n }) };
  }

  /** Every page of one list (open issues, or open pull requests), or undefined when GraphQL failed. */
  async function listAll(kind: 'issues' | 'pullRequests'): Promise<Listed[] | undefined> {
    const listed: Listed[] = [];
    let after: string | null = null;
    for (;;) {
      const connection = await listPage(kind, { owner: repo.owner, name: repo.repo, after });
      if (connection === undefined) return undefined;
      if (connection === null) {
        account.fallback = `the repository ${repository} did not resolve`;
        return undefined;
      }
      // A page with an item GraphQL gave as null cannot tell which item that is: the whole list comes from REST.
      const nodes = connection.nodes?.filter((n) => n !== null);
      if (!nodes || nodes.length !== connection.nodes?.length) {
        first.fallBack('a list page gave an item as null');
        return undefined;
      }
      listed.push(...nodes.map(({ node, pull }) => fromListed(node, repository, pull)));
      if (!connection.pageInfo.hasNextPage) return listed;
      if (!connection.pageInfo.endCursor) {
        account.fallback = 'a list page said there is more but gave no cursor';
        return undefined;
      }
      after = connection.pageInfo.endCursor;
    }
  }

  async function listThroughGraphql(): Promise<Item[] | undefined> {
    const budgetRefusal = queries.refuse(1);
    if (budgetRefusal) {
      account.fallback = budgetRefusal;
      options.log.info(`${budgetRefusal}: triage reads through REST.`);
      return undefined;
    }
    const issues = await listAll('issues');
    const pulls = issues && (await listAll('pullRequests'));
    if (!issues || !pulls) return undefined;
    const listed = [...issues, ...pulls];
    // An item updated while the pages were read moves to a later page and is listed twice: the later copy is fresher.
    const byNumber = new Map<number, Listed>();
    for (const entry of listed) byNumber.set(entry.item.number, entry);
    const items: Item[] = [];
    for (const entry of byNumber.values()) {
      const known = factsOf(entry.item.number);
      known.id = entry.id;
      if (entry.pull) known.pull = entry.pull;
      if (entry.complete) {
        items.push(entry.item);
        continue;
      }
      // More labels or assignees than a page of them: the item as REST gives it, whole.
      viaRest(entry.item.number);
      items.push(await rest.item(entry.item.number));
    }
    // The sweep's order: least recently updated first, as the REST list gives it.
    return items.sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt) || a.number - b.number);
  }

  function keepDetails(number: number, details: GqlDetails): void {
    const known = factsOf(number);
    const comments = commentsOf(details.comments);
    if (comments) known.comments = comments;
    known.events = details.timelineItems;
    if (details.__typename === 'PullRequest') {
      const files = filesOf(details.files);
      if (files) known.files = files;
    }
  }

  const reader: GraphqlTriageReader = {
    ...rest,
    seenLabels: () => new Set([...seen, ...(rest.seenLabels?.() ?? [])]),
    async item(number) {
      const answer = await ask(triageItem, () => queries.item({ owner: repo.owner, name: repo.repo, number }));
      const node = answer?.repository?.issueOrPullRequest;
      // Gone, not visible, GraphQL off, or an answer for another number (never that item): REST's answer (a 404 or
      // 410 tells the engine it is gone; an answer naming another number or repository, that it moved).
      if (!node || node.number !== number) return see(await rest.item(number));
      const listed =
        node.__typename === 'PullRequest'
          ? fromListed({ ...node, state: node.pullState }, repository, node)
          : fromListed(node, repository);
      const known = factsOf(number);
      known.id = listed.id;
      if (listed.pull) known.pull = listed.pull;
      keepDetails(number, node);
      const assignees = assigneesOf(node.assignees);
      const comments = node.comments.totalCount;
      if (!listed.complete || !assignees) {
        viaRest(number);
        return see(await rest.item(number));
      }
      return see({ ...listed.item, assignees, comments });
    },
    async prefetch(items, needs) {
      // Read through REST (GraphQL unavailable): each item's reads are made when its planning asks, once.
      if (account.fallback !== null) return items;
      const wanted: { item: Item; reads: DetailReads }[] = [];
      for (const item of items) {
        const reads = await needs(item);
        if ((reads.any || options.detailsOfAll) && facts.get(item.number)?.id) wanted.push({ item, reads });
      }
      const updated = new Map<number, Item>();
      for (let at = 0; at < wanted.length; at += DETAILS_BATCH) {
        const batch = wanted.slice(at, at + DETAILS_BATCH);
        const answer = await ask(triageDetails, () =>
          queries.details({ ids: batch.map((w) => facts.get(w.item.number)!.id!) }),
        );
        if (!answer) break;
        answer.nodes.forEach((node, index) => {
          const { item } = batch[index];
          // An id that no longer resolves, a node of another type, or another item: its reads go through REST.
          if (!isItemNode(node) || node.number !== item.number) return;
          keepDetails(item.number, node);
          const assignees = assigneesOf(node.assignees);
          if (!assignees) return;
          updated.set(item.number, { ...item, assignees, comments: node.comments.totalCount });
        });
      }
      return items.map((item) => updated.get(item.number) ?? item);
    },
    cached(kind, number) {
      const known = facts.get(number);
      if (kind === 'pull') return known?.pull !== undefined;
      if (kind === 'files') return known?.files !== undefined;
      return known?.comments !== undefined;
    },
    async comments(number, view) {
      const known = facts.get(number)?.comments;
      if (known) return view ? known.map(view) : known;
      viaRest(number);
      return rest.comments(number, view);
    },
    async pull(number) {
      const known = facts.get(number)?.pull;
      if (known) return known;
      viaRest(number);
      if (!rest.pull) throw new Error(`No pull request read for #${number}`);
      return rest.pull(number);
    },
    async files(number) {
      const known = facts.get(number)?.files;
      if (known) return known;
      viaRest(number);
      return rest.files(number);
    },
    async labelEvent(number, label) {
      const events = facts.get(number)?.events;
      const known = events ? labelEventOf(events, label) : undefined;
      if (known !== undefined) return known;
      viaRest(number);
      return rest.labelEvent ? rest.labelEvent(number, label) : null;
    },
    async onlyLabeledSince(number, label) {
      // GraphQL's timeline is read for label events only: the item's other events come from REST.
      viaRest(number);
      return rest.onlyLabeledSince ? rest.onlyLabeledSince(number, label) : false;
    },
    async labels() {
      const names: string[] = [];
      let after: string | null = null;
      for (;;) {
        const answer = await ask(triageLabels, () => queries.labels({ owner: repo.owner, name: repo.repo, after }));
        const labels = answer?.repository?.labels;
        // A label GraphQL gave as null is not known: the names come from REST (a plan checks that its labels exist).
        const page = labels?.nodes?.filter((l) => l !== null);
        if (!labels || !page || page.length !== labels.nodes?.length) return rest.labels ? rest.labels() : [];
        names.push(...page.map((l) => l.name));
        if (!labels.pageInfo.hasNextPage || !labels.pageInfo.endCursor) return names;
        after = labels.pageInfo.endCursor;
      }
    },
    openItems() {
      return {
        async *[Symbol.asyncIterator]() {
          const items = await listThroughGraphql();
          if (items) {
            yield items.map(see);
            return;
          }
          options.log.info(`Listing the open items through REST (${account.fallback}).`);
          yield* rest.openItems();
        },
      };
    },
    account: () => account,
    notes() {
      const lines: string[] = [];
      if (account.queries > 0)
        lines.push(
          `Read through GraphQL: ${account.queries} ${account.queries === 1 ? 'query' : 'queries'}, ${account.points} ${account.points === 1 ? 'point' : 'points'}.`,
        );
      if (account.restItems.size > 0)
        lines.push(
          `Read through REST what GraphQL did not tell exactly (more comments, events or files than one query reads; renamed files): ${[...account.restItems].map((n) => `#${n}`).join(', ')}.`,
        );
      if (account.fallback !== null) lines.push(`GraphQL unavailable (${account.fallback}): read through REST.`);
      return lines;
    },
  };
  return reader;
}
