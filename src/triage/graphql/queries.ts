// Triage's GraphQL documents (src/triage/queries/*.graphql) sent through the shared client, each answer with the
// points it cost (the client's telemetry: the answer's `rateLimit.cost`, else the document's computed cost).
import type { GraphqlDocument } from '../../client';
import type { Client } from '../../client/types';
import { triageDetails, triageItem, triageLabels, triageOpenIssues, triageOpenPulls } from '../queries/documents';

export interface QueryAnswer {
  data: unknown;
  points: number;
}

export interface ListVariables {
  owner: string;
  name: string;
  after: string | null;
}

export interface TriageQueries {
  openIssues(variables: ListVariables): Promise<QueryAnswer>;
  openPulls(variables: ListVariables): Promise<QueryAnswer>;
  details(variables: { ids: string[] }): Promise<QueryAnswer>;
  item(variables: { owner: string; name: string; number: number }): Promise<QueryAnswer>;
  labels(variables: ListVariables): Promise<QueryAnswer>;
  /** Why GraphQL cannot serve `points` now (no endpoint, its budget spent), or undefined. */
  refuse(points: number): string | undefined;
}

export function createTriageQueries(client: Client): TriageQueries {
  const points = () => client.telemetry.snapshot().graphqlPoints ?? 0;
  const send = async <D, V>(document: GraphqlDocument<D, V>, variables: V): Promise<QueryAnswer> => {
    const before = points();
    const data: unknown = await client.graphql(document, variables);
    return { data, points: points() - before };
  };
  return {
    openIssues: (variables) => send(triageOpenIssues, variables),
    openPulls: (variables) => send(triageOpenPulls, variables),
    details: ({ ids }) => send(triageDetails, { ids }),
    item: ({ owner, name, number }) => send(triageItem, { owner, name, number }),
    labels: (variables) => send(triageLabels, variables),
    refuse: (needed) => client.graphqlUnavailable(needed)?.message,
  };
}
