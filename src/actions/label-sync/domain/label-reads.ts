// Where label-sync reads a repository's labels from, the list it reads again after the run, and an account of what
// the reads cost in both budgets (for the plan, the dry run and the summary).
//
// GitHub gives the workflow token two hourly budgets of 1,000 each: REST requests and GraphQL points. A list of n
// labels costs c = ceil(n / 100) either way; a conditional REST read answered 304 is free ("Use conditional requests
// if appropriate"), and the client keeps ETags for the whole job ($RUNNER_TEMP/repo-actions-cache). So:
// - When the job holds the list's ETag (`client.holdsList`: every page), read through REST: 0 while unchanged.
// - Else GraphQL (c points, keeping every REST request for the writes), REST where GraphQL cannot serve.
// - After a run that wrote a repository's labels, read its list once over REST (c requests): it checks the writes
//   and leaves the job the ETag of the list as it now is, so the same run again costs 0 and 0.
// - A run that wrote nothing reads nothing more. Seeding the ETag there (c requests) would pay off only in a job that
//   runs label-sync three times or more, and every lone run, the common case, would pay it: a later run in the same
//   job reads through GraphQL again (c points), or for free once a run that wrote left the ETag. A dry run reads
//   nothing more.
import { reads } from '../reads';
import { GraphqlError } from '../../../github/client';
import type { Client, Logger } from '../../../github/client/types';
import { fallbackReason, GraphqlFirst, type ReadAccount } from '../../../kernel/reads';
import { parseRepositoryName } from '../../../github/names';
import { plural } from '../../../kernel/words';
import { LabelListProblem, readLabelsThroughGraphql } from './graphql-labels';
import { labelList } from '../queries/documents';
import { listIssuesWithLabel, listLabels, type RepositoryLabels } from './state';

/** What the label reads cost, and which repositories were read through REST and why. */
export interface LabelReadAccount extends ReadAccount {
  /** REST requests the reads were counted for (label lists and alias carriers; a 304 is free; retries included). */
  restRequests: number;
  /** Repositories whose labels were read through REST, with the reason. */
  throughRest: { repository: string; reason: string }[];
  /**
   * Lists to read again over REST once the run is done (it wrote them), with their
   * pages as planned; `afterRequests` is what those reads were counted for, once made.
   */
  after: { repository: string; pages: number }[];
  afterRequests?: number;
  // `fallback`: why GraphQL is off for the rest of the run (its endpoint, its budget, an unexpected failure).
}

export interface LabelReader {
  /** A repository's labels: through GraphQL while it serves, else through REST. */
  labels(repository: string): Promise<RepositoryLabels>;
  /** The issues and pull requests carrying a label (through REST), for an alias to be merged. */
  carriers(repository: string, label: string): Promise<number[]>;
  /** Whether the job holds the ETag of every page of a repository's list (no request). */
  holds(repository: string): boolean;
  /** A repository's labels again, through REST (counted in `afterRequests`; leaves the job the list's ETag). */
  reread(repository: string): Promise<RepositoryLabels>;
  account(): LabelReadAccount;
}

/** Why a list is read through REST while GraphQL serves. */
export const HELD = 'this job holds its ETag: free while unchanged';

/**
 * True when the failure concerns this repository only (GitHub's typed errors such as NOT_FOUND or FORBIDDEN, or a
 * list that changed while read): GraphQL stays on for the next. Anything else (no endpoint, its budget spent, a
 * network failure, an answer not of the document's shape) says GraphQL cannot be relied on in this run.
 */
const concernsOneRepository = (err: unknown) => err instanceof GraphqlError || err instanceof LabelListProblem;

export function createLabelReader(client: Client, log: Pick<Logger, 'info'>): LabelReader {
  // No log of its own: each repository read through REST says so, with the reason.
  const first = new GraphqlFirst<LabelReadAccount>(
    { queries: 0, points: 0, fallback: null, restRequests: 0, throughRest: [], after: [] },
    undefined,
    'labels read through REST',
  );
  const account = first.account;
  const counted = () => {
    const s = client.telemetry.snapshot();
    return s.requests - s.notModified;
  };

  async function rest<T>(read: () => Promise<T>, add = (n: number) => (account.restRequests += n)): Promise<T> {
    const before = counted();
    try {
      return await read();
    } finally {
      add(counted() - before);
    }
  }
  const holds = (repository: string) => {
    const { owner, repo } = parseRepositoryName(repository);
    return client.holdsList(reads.labels.route, { owner, repo });
  };

  async function throughRest(repository: string, reason: string): Promise<RepositoryLabels> {
    account.throughRest.push({ repository, reason });
    log.info(`${repository}: reading the labels through REST (${reason}).`);
    return rest(() => listLabels(client, repository));
  }

  return {
    async labels(repository) {
      if (holds(repository)) return throughRest(repository, HELD);
      if (!first.serves(first.serving ? client.graphqlUnavailable(labelList.points) : undefined))
        return throughRest(repository, `GraphQL unavailable: ${account.fallback}`);
      // (pages answered before a failure cost their points too: counted either way)
      const spent = { queries: 0, points: 0 };
      try {
        const read = await readLabelsThroughGraphql(client, repository, spent);
        return { labels: read.labels, repository: read.repository };
      } catch (err) {
        if (!concernsOneRepository(err)) first.fallBack(err);
        return throughRest(repository, `GraphQL failed: ${fallbackReason(err)}`);
      } finally {
        account.queries += spent.queries;
        account.points += spent.points;
      }
    },
    carriers: (repository, label) => rest(() => listIssuesWithLabel(client, repository, label)),
    holds,
    reread: (repository) =>
      rest(
        () => listLabels(client, repository),
        (n) => (account.afterRequests = (account.afterRequests ?? 0) + n),
      ),
    account: () => account,
  };
}

/**
 * The reads in one line for the plan and the summary: `1 GraphQL query (1 point), 0 REST requests`, then the lists
 * read again after the run: planned (`then 1 REST request to read 1 list again …`) or, once read, counted.
 */
export function readsLine(a: LabelReadAccount): string {
  const line = `${plural(a.queries, 'GraphQL query', 'GraphQL queries')} (${plural(a.points, 'point')}), ${plural(a.restRequests, 'REST request')}`;
  if (a.after.length === 0) return line;
  const lists = plural(a.after.length, 'list');
  const spent =
    a.afterRequests === undefined
      ? `up to ${plural(
          a.after.reduce((n, r) => n + r.pages, 0),
          'REST request',
        )} once applied`
      : plural(a.afterRequests, 'REST request');
  return `${line}; then ${spent} to read ${lists} again (a check of the writes, and the ETag that makes the same run again free)`;
}

/**
 * The lists to read again once the run is done: those it writes; `pages` from the label count the plan leaves (a
 * 304 costs nothing, so this is the most it costs).
 */
export function listsToReread(
  plans: readonly { repository: string; labels: number; writes: number }[],
): { repository: string; pages: number }[] {
  return plans
    .filter((p) => p.writes > 0)
    .map((p) => ({ repository: p.repository, pages: Math.max(1, Math.ceil(p.labels / 100)) }));
}

/** What the plan's notes say about the reads: which repositories went through REST, and why. */
export function readNotes(a: LabelReadAccount): string[] {
  const notes = a.throughRest.map(({ repository, reason }) => `${repository}: labels read through REST (${reason}).`);
  if (a.fallback !== null && a.throughRest.length === 0) notes.push(`GraphQL unavailable (${a.fallback}).`);
  return notes;
}
