// Stage 3, budget: before sending, wait for a known-exhausted primary limit to reset (bounded); after an
// answer, take its rate-limit numbers. Only answers below 500 move the budget: an edge's 5xx may carry
// headers that are not the API's own.
// GraphQL has a budget of its own (`x-ratelimit-resource: graphql`): a GraphQL request waits on that one, and each
// budget takes only the numbers of its own resource.
import type { BudgetTracker } from '../budget';
import { pathOf, type Attempt, type Exchange } from './exchange';

const GRAPHQL_PATH = /\/graphql\/?$/;

export async function beforeSend(ex: Exchange, budget: BudgetTracker, graphql?: BudgetTracker): Promise<void> {
  if (ex.free) return;
  const isGraphql = graphql && GRAPHQL_PATH.test(pathOf(ex.parsed.url));
  await (isGraphql ? graphql : budget).beforeRequest();
}

export function noteBudget(attempt: Attempt, budget: BudgetTracker, graphql?: BudgetTracker): void {
  if (attempt.status === undefined || attempt.status >= 500) return;
  budget.update(attempt.headers);
  graphql?.update(attempt.headers);
}
