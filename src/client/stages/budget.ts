// Stage 3, budget: before sending, wait for a known-exhausted primary limit to reset (bounded); after an
// answer, take its rate-limit numbers. Only answers below 500 move the budget: an edge's 5xx may carry
// headers that are not the API's own.
import type { BudgetTracker } from '../budget';
import type { Attempt, Exchange } from './exchange';

export async function beforeSend(ex: Exchange, budget: BudgetTracker): Promise<void> {
  if (!ex.free) await budget.beforeRequest();
}

export function noteBudget(attempt: Attempt, budget: BudgetTracker): void {
  if (attempt.status === undefined || attempt.status >= 500) return;
  budget.update(attempt.headers);
}
