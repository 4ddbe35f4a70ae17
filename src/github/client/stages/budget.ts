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

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A GraphQL answer's `data.rateLimit { cost remaining resetAt limit }`, when the document selected it. */
export function rateLimitOf(body: unknown) {
  const data = isObject(body) ? body.data : undefined;
  const r = isObject(data) ? data.rateLimit : undefined;
  if (!isObject(r)) return undefined;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
  const resetAt = typeof r.resetAt === 'string' ? Date.parse(r.resetAt) : Number.NaN;
  return {
    cost: num(r.cost),
    remaining: num(r.remaining),
    limit: num(r.limit),
    reset: Number.isFinite(resetAt) ? Math.floor(resetAt / 1000) : undefined,
  };
}

/**
 * After the integrity check: a GraphQL answer that selected `rateLimit { remaining resetAt }` tells GraphQL's budget
 * its numbers (the same rule as headers, the smaller remaining within one window), before telemetry records it.
 */
export function noteGraphqlRateLimit(ex: Pick<Exchange, 'graphql'>, attempt: Attempt, graphql?: BudgetTracker): void {
  if (!ex.graphql || !graphql || !attempt.response) return;
  const rate = rateLimitOf(attempt.response.data);
  if (rate?.remaining !== undefined && rate.reset !== undefined)
    graphql.noteRemaining(rate.remaining, rate.reset, rate.limit);
}
