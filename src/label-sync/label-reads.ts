// Where label-sync reads a repository's labels from: GraphQL first, REST as the fallback, and an account of what the
// reads cost in both budgets (for the plan, the dry run and the summary).
//
// Why GraphQL, re-runs included. GitHub gives the workflow token two separate hourly budgets of 1,000 each: REST
// requests and GraphQL points ("Rate limits and query limits for the GraphQL API"). A list of n labels costs
// ceil(n / 100) either way: GraphQL points, or REST requests from the budget the writes need. Scenario A (60 labels,
// 22 writes) costs 23 REST requests through REST, 22 REST + 1 point through GraphQL. A re-run in the same job is where
// REST can be cheaper: a REST list answered 304 from the ETag cache is free, but only when this job read it through
// REST before *and* nothing changed since; the first run's writes change it, so its first re-run pays ceil(n / 100)
// REST requests again, and a job whose first run read through GraphQL has nothing cached to revalidate. GraphQL's
// re-run costs ceil(n / 100) points every time (1 point for up to 100 labels, of 1,000 an hour that label-sync spends
// on nothing else). The budget that can run out under label-sync is REST's (its writes: 22 here, up to hundreds for
// a new repository), so GraphQL is the cheaper path where it matters: it keeps every REST request for a write, at
// the price of 1 point per 100 labels per run. REST is used when GraphQL cannot serve (no endpoint, its budget minus
// the reserve cannot pay, an error, an answer that is not the whole list): then the 304 path applies as before.
import { GraphqlError } from '../client';
import type { Client, Logger } from '../client/types';
import { fallbackReason, GraphqlFirst, type ReadAccount } from '../core/graphql-reads';
import { plural } from '../core/words';
import { LabelListProblem, readLabelsThroughGraphql } from './graphql-labels';
import { labelList } from './queries/documents';
import { listIssuesWithLabel, listLabels, type RepositoryLabels } from './state';

/** What the label reads cost, and which repositories were read through REST and why. */
export interface LabelReadAccount extends ReadAccount {
  /** REST requests the reads were counted for (label lists and alias carriers; a 304 is free; retries included). */
  restRequests: number;
  /** Repositories whose labels were read through REST, with the reason. */
  throughRest: { repository: string; reason: string }[];
  // `fallback`: why GraphQL is off for the rest of the run (its endpoint, its budget, an unexpected failure).
}

export interface LabelReader {
  /** A repository's labels: through GraphQL while it serves, else through REST. */
  labels(repository: string): Promise<RepositoryLabels>;
  /** The issues and pull requests carrying a label (through REST), for an alias to be merged. */
  carriers(repository: string, label: string): Promise<number[]>;
  account(): LabelReadAccount;
}

/**
 * True when the failure concerns this repository only (GitHub's typed errors such as NOT_FOUND or FORBIDDEN, or a
 * list that changed while read): GraphQL stays on for the next. Anything else (no endpoint, its budget spent, a
 * network failure, an answer not of the document's shape) says GraphQL cannot be relied on in this run.
 */
const concernsOneRepository = (err: unknown) => err instanceof GraphqlError || err instanceof LabelListProblem;

export function createLabelReader(client: Client, log: Pick<Logger, 'info'>): LabelReader {
  // No log of its own: each repository read through REST says so, with the reason.
  const first = new GraphqlFirst<LabelReadAccount>(
    { queries: 0, points: 0, fallback: null, restRequests: 0, throughRest: [] },
    undefined,
    'labels read through REST',
  );
  const account = first.account;
  const counted = () => {
    const s = client.telemetry.snapshot();
    return s.requests - s.notModified;
  };

  async function rest<T>(read: () => Promise<T>): Promise<T> {
    const before = counted();
    try {
      return await read();
    } finally {
      account.restRequests += counted() - before;
    }
  }

  async function throughRest(repository: string, reason: string): Promise<RepositoryLabels> {
    account.throughRest.push({ repository, reason });
    log.info(`${repository}: reading the labels through REST (${reason}).`);
    return rest(() => listLabels(client, repository));
  }

  return {
    async labels(repository) {
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
    account: () => account,
  };
}

/** The reads in one line for the plan and the summary: `1 GraphQL query (1 point), 0 REST requests`. */
export function readsLine(a: LabelReadAccount): string {
  return `${plural(a.queries, 'GraphQL query', 'GraphQL queries')} (${plural(a.points, 'point')}), ${plural(a.restRequests, 'REST request')}`;
}

/** What the plan's notes say about the reads: which repositories went through REST, and why. */
export function readNotes(a: LabelReadAccount): string[] {
  const notes = a.throughRest.map(({ repository, reason }) => `${repository}: labels read through REST (${reason}).`);
  if (a.fallback !== null && a.throughRest.length === 0) notes.push(`GraphQL unavailable (${a.fallback}).`);
  return notes;
}
