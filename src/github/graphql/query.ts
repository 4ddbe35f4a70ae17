// A GraphQL document sent through the shared client, with the points its answer cost (the client's telemetry: the
// answer's `rateLimit.cost`, else the document's computed cost), for plans that price their reads in both budgets.
// The answer is the document's generated type: the client has checked it against the document's shape (every
// selected field there, nulls only where the schema allows them, GitHub's scalars in their form), so the callers
// check only what a schema cannot say (a list that changed while read, an object that answers for another).
import type { GraphqlDocument } from '../client';
import type { Client } from '../client/types';

export interface QueryAnswer<D> {
  data: D;
  points: number;
}

/**
 * `paid` hears what the document cost once it was answered, whether the answer was data or an error (GitHub's
 * `errors`, a shape the client refused): an answer refused is still paid for. Not called when no answer cost points.
 */
export async function sendQuery<D, V>(
  client: Pick<Client, 'graphql' | 'telemetry'>,
  document: GraphqlDocument<D, V>,
  variables: V,
  paid?: (points: number) => void,
): Promise<QueryAnswer<D>> {
  const spent = () => client.telemetry.snapshot().graphqlPoints ?? 0;
  const before = spent();
  try {
    const data = await client.graphql(document, variables);
    const points = spent() - before;
    paid?.(points);
    return { data, points };
  } catch (err) {
    const points = spent() - before;
    if (points > 0) paid?.(points);
    throw err;
  }
}
