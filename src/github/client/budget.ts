// The primary rate limit as a budget: numbers from every response's x-ratelimit-* headers and from the
// free `GET /rate_limit`; a plan is checked against it (minus a reserve) before any write.
// GitHub Enterprise Server with rate limiting disabled (its default, "Configuring rate limits") sends no
// x-ratelimit-* header and answers `GET /rate_limit` 404 "Rate limiting is not enabled." (actions/stale#1227): that
// is "no primary limit", a budget every plan fits. Secondary limits are paced regardless (pacer.ts).
import { BudgetError, WriteLimitError } from './errors';
import { WaitTooLongError, type WritePlanFit } from './pacer';
import type { Budget, BudgetState, Cost } from './types';

export interface BudgetDeps {
  /**
   * The resource this budget follows (`x-ratelimit-resource`): `core` (REST requests, the default) or `graphql`
   * (GraphQL points, a separate primary budget: "Rate limits and query limits for the GraphQL API").
   */
  resource?: 'core' | 'graphql';
  /** The GraphQL budget a plan's `points` are checked against (the core budget's companion). */
  graphql?: BudgetTracker;
  reserve: number;
  maxWaitMs: number;
  /** Multiplies waits until a reset (see RetrySettings.timeScale). */
  timeScale: number;
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Reads `GET /rate_limit` and returns this resource's numbers, or undefined when the server has no primary limit. */
  fetchRateLimit(): Promise<
    { limit: number; remaining: number; used: number; reset: number; resource?: string } | undefined
  >;
  onWait?(ms: number, why: string): void;
  /** Told once when the server turns out to have no primary limit. */
  onUnlimited?(): void;
  /**
   * The secondary limits of content-creating requests (the client's pacer): a plan's `writes` are checked against
   * the hour's window before the first write, and announced so a large plan's writes are spaced from the first.
   */
  writes?: {
    planFit(writes: number): WritePlanFit;
    expectWrites(writes: number): void;
    onPlan?(fit: WritePlanFit, what: string): void;
  };
}

const UNKNOWN: BudgetState = { known: false, limit: 0, remaining: 0, used: 0, reset: 0, resource: 'core' };

/** No primary limit: every plan fits, nothing is ever waited for. */
export const UNLIMITED: BudgetState = {
  known: true,
  unlimited: true,
  limit: Number.POSITIVE_INFINITY,
  remaining: Number.POSITIVE_INFINITY,
  used: 0,
  reset: 0,
  resource: 'core',
};

function costOf(cost: Cost | number, resource: string): number {
  if (typeof cost === 'number') return cost;
  return resource === 'graphql' ? (cost.points ?? 0) : cost.requests;
}

export class BudgetTracker implements Budget {
  private current: BudgetState;

  constructor(private readonly deps: BudgetDeps) {
    this.current = { ...UNKNOWN, resource: this.resource };
  }

  get resource(): 'core' | 'graphql' {
    return this.deps.resource ?? 'core';
  }

  get reserve(): number {
    return this.deps.reserve;
  }

  state(): BudgetState {
    return { ...this.current };
  }

  /** Takes the numbers of a response. Other resources (search, graphql) have budgets of their own. */
  update(headers: Record<string, string | number | undefined>): void {
    const num = (k: string) => (headers[k] === undefined || headers[k] === '' ? undefined : Number(headers[k]));
    const limit = num('x-ratelimit-limit');
    const remaining = num('x-ratelimit-remaining');
    const reset = num('x-ratelimit-reset');
    const resource = String(headers['x-ratelimit-resource'] ?? 'core');
    if (resource !== this.resource || limit === undefined || remaining === undefined || reset === undefined) return;
    if (![limit, remaining, reset].every(Number.isFinite)) return;
    // Responses can arrive out of order: within one window the smaller remaining is the newer. A window
    // ends when the reset moves on by more than a little clock jitter.
    const newWindow = !this.current.known || reset > this.current.reset + 5;
    if (!newWindow && remaining > this.current.remaining) return;
    this.current = {
      known: true,
      limit,
      remaining,
      used: num('x-ratelimit-used') ?? limit - remaining,
      reset,
      resource,
    };
  }

  async refresh(): Promise<BudgetState> {
    const core = await this.deps.fetchRateLimit();
    if (core === undefined) {
      if (!this.current.unlimited) this.deps.onUnlimited?.();
      this.current = { ...UNLIMITED, resource: this.resource };
      return this.state();
    }
    this.current = {
      known: true,
      limit: core.limit,
      remaining: core.remaining,
      used: core.used ?? core.limit - core.remaining,
      reset: core.reset,
      resource: this.resource,
    };
    return this.state();
  }

  /**
   * Numbers learnt from a GraphQL answer's `rateLimit { remaining resetAt }` (the graphql budget only): the same
   * rule as headers, the smaller remaining within one window.
   */
  noteRemaining(remaining: number, resetEpochSeconds: number, limit?: number): void {
    limit ??= this.current.known && !this.current.unlimited ? this.current.limit : remaining;
    this.update({
      'x-ratelimit-limit': limit,
      'x-ratelimit-remaining': remaining,
      'x-ratelimit-reset': resetEpochSeconds,
      'x-ratelimit-resource': this.resource,
    });
  }

  /** The plan's writes do not fit the hour's window within the wait bound. */
  private writesRefused(cost: Cost | number): WritePlanFit | undefined {
    const writes = typeof cost === 'number' ? 0 : cost.writes;
    if (!this.deps.writes || writes <= 0) return undefined;
    const fit = this.deps.writes.planFit(writes);
    return fit.waitMs > this.deps.maxWaitMs ? fit : undefined;
  }

  canAfford(cost: Cost | number): boolean {
    if (this.writesRefused(cost)) return false;
    if (this.deps.graphql && typeof cost !== 'number' && (cost.points ?? 0) > 0 && !this.deps.graphql.canAfford(cost))
      return false;
    if (!this.current.known) return true;
    return this.current.remaining - this.deps.reserve >= costOf(cost, this.resource);
  }

  async ensure(cost: Cost | number, what = 'the plan'): Promise<void> {
    const refused = this.writesRefused(cost);
    if (refused) {
      const freeAt = new Date(
        Date.now() + (Number.isFinite(refused.waitMs) ? refused.waitMs / this.deps.timeScale : 0),
      );
      throw new WriteLimitError(refused.writes, refused.perHour, refused.inHour, freeAt, what);
    }
    if (this.deps.writes && typeof cost !== 'number' && cost.writes > 0) {
      this.deps.writes.onPlan?.(this.deps.writes.planFit(cost.writes), what);
      this.deps.writes.expectWrites(cost.writes);
    }
    if (this.deps.graphql && typeof cost !== 'number' && (cost.points ?? 0) > 0)
      await this.deps.graphql.ensure(cost, what);
    const needed = costOf(cost, this.resource);
    if (needed <= 0) return;
    if (!this.current.known) await this.refresh();
    if (this.affords(needed)) return;
    const waitMs = this.resetWaitMs();
    const fitsAfterReset = this.current.limit - this.deps.reserve >= needed;
    if (fitsAfterReset && waitMs > 0 && waitMs <= this.deps.maxWaitMs) {
      this.deps.onWait?.(waitMs, 'primary rate limit reset');
      await this.deps.sleep(waitMs);
      await this.refresh();
      if (this.affords(needed)) return;
    }
    throw new BudgetError(
      needed,
      this.current.remaining,
      this.deps.reserve,
      new Date(this.current.reset * 1000),
      what,
      this.current.limit,
      this.resource === 'graphql' ? 'GraphQL point' : 'request',
    );
  }

  private affords(needed: number): boolean {
    return !this.current.known || this.current.remaining - this.deps.reserve >= needed;
  }

  private resetWaitMs(): number {
    return (this.current.reset * 1000 - this.deps.now() + 1000) * this.deps.timeScale;
  }

  /** Before sending: when the limit is known to be exhausted, wait for the reset (bounded) instead of spending a 403. */
  async beforeRequest(): Promise<void> {
    if (!this.current.known || this.current.remaining > 0) return;
    const waitMs = this.resetWaitMs();
    if (waitMs <= 0) return;
    if (waitMs > this.deps.maxWaitMs)
      throw new WaitTooLongError(waitMs, this.deps.maxWaitMs, 'primary rate limit exhausted');
    this.deps.onWait?.(waitMs, 'primary rate limit reset');
    await this.deps.sleep(waitMs);
    this.current = { ...this.current, known: false };
  }
}
