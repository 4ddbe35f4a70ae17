// Triage's GraphQL documents (src/triage/queries/*.graphql) sent through the shared client, each answer with the
// points it cost (the client's telemetry: the answer's `rateLimit.cost`, else the document's computed cost).
import type { Client } from '../../client/types';
import { triageDocuments } from './documents';

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
  details(variables: { ids: string[]; withFiles: boolean }): Promise<QueryAnswer>;
  item(variables: { owner: string; name: string; number: number; withFiles: boolean }): Promise<QueryAnswer>;
  labels(variables: ListVariables): Promise<QueryAnswer>;
  /** Why GraphQL cannot serve `points` now (no endpoint, its budget spent), or undefined. */
  refuse(points: number): string | undefined;
}

export function createTriageQueries(client: Client): TriageQueries {
  const points = () => client.telemetry.snapshot().graphqlPoints ?? 0;
  const send = async (document: (typeof triageDocuments)[keyof typeof triageDocuments], variables: unknown) => {
    const before = points();
    const data: unknown = await client.graphql(document, variables as never);
    return { data, points: points() - before };
  };
  return {
    openIssues: (variables) => send(triageDocuments.openIssues, variables),
    openPulls: (variables) => send(triageDocuments.openPulls, variables),
    details: (variables) => send(triageDocuments.details, variables),
    item: (variables) => send(triageDocuments.item, variables),
    labels: (variables) => send(triageDocuments.labels, variables),
    refuse: (needed) => client.graphqlUnavailable(needed)?.message,
  };
}
