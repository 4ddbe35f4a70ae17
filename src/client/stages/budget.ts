// Stage 3, budget: before sending, wait for a known-exhausted primary limit to reset (bounded); after an
// answer, take its rate-limit numbers. Only answers below 500 move the budget: an edge's 5xx may carry
// headers that are not the API's own.
// GraphQL has a budget of its own (`x-ratelimit-resource: graphql`; "Rate limits and query limits for the GraphQL
// API": for GraphQL requests the resource "will always be graphql"): a GraphQL request waits on that one and only
// GraphQL's budget reads its answer, so a GraphQL answer never moves REST's budget (and each budget still takes only
// the numbers of its own resource).
import type { BudgetTracker } from '../budget';
import type { Attempt, Exchange } from './exchange';

export async function beforeSend(ex: Exchange, budget: BudgetTracker, graphql?: BudgetTracker): Promise<void> {
  if (ex.free) return;
  await (ex.graphql && graphql ? graphql : budget).beforeRequest();
}

export function noteBudget(
  attempt: Attempt,
  budget: BudgetTracker,
  graphql?: BudgetTracker,
  ex?: Pick<Exchange, 'graphql'>,
): void {
  if (attempt.status === undefined || attempt.status >= 500) return;
  if (ex?.graphql) graphql?.update(attempt.headers);
  else budget.update(attempt.headers);
}
