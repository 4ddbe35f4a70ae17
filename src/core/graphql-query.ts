// A GraphQL document sent through the shared client, with the points its answer cost (the client's telemetry: the
// answer's `rateLimit.cost`, else the document's computed cost), for plans that price their reads in both budgets.
// The answer is `unknown` here: each action checks the shape it reads before using it as data.
import type { GraphqlDocument } from '../client';
import type { Client } from '../client/types';

export interface QueryAnswer {
  data: unknown;
  points: number;
}

export async function sendQuery<D, V>(
  client: Pick<Client, 'graphql' | 'telemetry'>,
  document: GraphqlDocument<D, V>,
  variables: V,
): Promise<QueryAnswer> {
  const spent = () => client.telemetry.snapshot().graphqlPoints ?? 0;
  const before = spent();
  const data: unknown = await client.graphql(document, variables);
  return { data, points: spent() - before };
}
