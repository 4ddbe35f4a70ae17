// Triage's GraphQL documents (src/actions/triage/queries/*.graphql) sent through the shared client, each answer with the
// points it cost (the client's telemetry: the answer's `rateLimit.cost`, else the document's computed cost).
import type { Client } from '../../../github/client/types';
import { sendQuery, type QueryAnswer } from '../../../github/graphql/query';
import {
  triageDetails,
  triageItem,
  triageLabels,
  triageOpenIssues,
  triageOpenPulls,
  type TriageDetailsData,
  type TriageItemData,
  type TriageLabelsData,
  type TriageOpenIssuesData,
  type TriageOpenPullsData,
} from '../queries/documents';

export type { QueryAnswer };

export interface ListVariables {
  owner: string;
  name: string;
  after: string | null;
}

export interface TriageQueries {
  openIssues(variables: ListVariables): Promise<QueryAnswer<TriageOpenIssuesData>>;
  openPulls(variables: ListVariables): Promise<QueryAnswer<TriageOpenPullsData>>;
  details(variables: { ids: string[] }): Promise<QueryAnswer<TriageDetailsData>>;
  item(variables: { owner: string; name: string; number: number }): Promise<QueryAnswer<TriageItemData>>;
  labels(variables: ListVariables): Promise<QueryAnswer<TriageLabelsData>>;
  /** Why GraphQL cannot serve `points` now (no endpoint, its budget spent), or undefined. */
  refuse(points: number): string | undefined;
}

export function createTriageQueries(client: Client): TriageQueries {
  return {
    openIssues: (variables) => sendQuery(client, triageOpenIssues, variables),
    openPulls: (variables) => sendQuery(client, triageOpenPulls, variables),
    details: ({ ids }) => sendQuery(client, triageDetails, { ids }),
    item: ({ owner, name, number }) => sendQuery(client, triageItem, { owner, name, number }),
    labels: (variables) => sendQuery(client, triageLabels, variables),
    refuse: (needed) => client.graphqlUnavailable(needed)?.message,
  };
}
