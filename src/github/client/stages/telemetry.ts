// Stage 10, telemetry: every attempt counted (status, write, retry, wait) in its API's column — REST or GraphQL, two
// primary budgets — with GraphQL's points; each budget recorded after its own API's answers only; one debug line per
// attempt, and one warning per deprecated route (`Deprecation`/`Sunset`) or moved repository.
import type { BudgetTracker } from '../budget';
import type { TelemetryRecorder } from '../telemetry';
import type { Logger } from '../types';
import { rateLimitOf } from './budget';
import { pathOf, type Attempt, type Exchange, type Verdict } from './exchange';

/**
 * The points a GraphQL answer cost ("Rate limits and query limits for the GraphQL API": a query costs at least 1
 * point): its own `data.rateLimit.cost` when the document selected it; an answer refused before running (`errors`
 * and no `data`) the minimum, 1, or nothing when refused for the spent budget (`RATE_LIMITED`); otherwise the
 * document's computed cost (GitHub's formula, passed by the caller), else the minimum.
 */
function pointsOf(ex: Exchange, body: unknown): number {
  const cost = rateLimitOf(body)?.cost;
  if (cost !== undefined && Number.isInteger(cost)) return cost;
  const answer = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (Array.isArray(answer.errors) && (answer.data === undefined || answer.data === null)) {
    const type = (e: unknown) => (typeof e === 'object' && e !== null ? (e as { type?: unknown }).type : undefined);
    return answer.errors.some((e) => type(e) === 'RATE_LIMITED') ? 0 : 1;
  }
  return ex.policy.graphqlPoints ?? 1;
}

/**
 * What one REST attempt cost of the primary budget: 1 for an answer, none for the free `GET /rate_limit`, a 304
 * ("Making a conditional request ... does not count against your primary rate limit"), a 5xx or no answer.
 */
function restCost(ex: Exchange, attempt: Attempt): number {
  const status = attempt.status;
  return ex.free || status === undefined || status === 304 || status >= 500 ? 0 : 1;
}

export class AttemptObserver {
  private readonly warned = new Set<string>();

  constructor(
    private readonly telemetry: TelemetryRecorder,
    private readonly budget: BudgetTracker,
    private readonly log: Logger,
    /** GraphQL's own budget (points); without it GraphQL's budget is not reported. */
    private readonly graphqlBudget?: BudgetTracker,
  ) {}

  observe(ex: Exchange, attempt: Attempt, verdict: Verdict): void {
    const path = pathOf(ex.parsed.url);
    const kind = ex.graphql ? 'graphql' : 'rest';
    if (!ex.free) this.telemetry.record(kind, attempt.status, ex.write);
    if (attempt.status !== undefined) this.telemetry.server(attempt.headers['x-github-enterprise-version']);
    const points = ex.graphql && verdict.kind === 'return' ? pointsOf(ex, verdict.response.data) : 0;
    if (ex.graphql) {
      this.telemetry.points(points);
      if (this.graphqlBudget) this.telemetry.budget('graphql', this.graphqlBudget.state(), points);
    } else this.telemetry.budget('rest', this.budget.state(), restCost(ex, attempt));
    const remaining = attempt.headers['x-ratelimit-remaining'];
    this.log.debug(
      `${ex.method} ${path} → ${attempt.status ?? 'no answer'} in ${Date.now() - attempt.startedAt} ms` +
        (points ? `, ${points === 1 ? '1 GraphQL point' : `${points} GraphQL points`}` : '') +
        (remaining ? ` (remaining ${remaining})` : ''),
    );
    this.noteDeprecation(ex, attempt);
    if (verdict.kind === 'retry') {
      this.telemetry.retry(kind, verdict.waitMs);
      this.log.info(`${ex.method} ${path}: ${verdict.reason}; retrying in ${(verdict.waitMs / 1000).toFixed(1)} s`);
    } else if (verdict.kind === 'follow') {
      this.warnOnce(
        `moved ${path.split('/').slice(0, 4).join('/')}`,
        `${path} moved permanently to ${pathOf(verdict.to)}: the repository was renamed or transferred; update the workflow to the new name.`,
      );
    }
  }

  private noteDeprecation(ex: Exchange, attempt: Attempt): void {
    const { deprecation, sunset, link } = attempt.headers;
    if (!deprecation && !sunset) return;
    const docs = /<([^>]+)>;\s*rel="deprecation"/.exec(link ?? '')?.[1];
    const parts = [`${ex.method} ${ex.route} is deprecated${deprecation ? ` (Deprecation: ${deprecation})` : ''}`];
    if (sunset) parts.push(`it stops working on ${sunset}`);
    if (docs) parts.push(`see ${docs}`);
    this.warnOnce(`deprecation ${ex.method} ${ex.route}`, parts.join('; '));
  }

  private warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.log.warning(message);
  }
}
