// GraphQL first, REST after: the one account of an action's reads. Every action reads through GraphQL while it
// serves (its endpoint seen, its budget able to pay, nothing failed) and through REST from the first refusal or
// failure on; what the GraphQL reads cost, and why they stopped, is told in the plan's notes and the summary. This
// module holds that account and the one way a failure becomes the reason shown (it used to be four accounts and
// three copies of the reason).
import type { Logger } from '../github/client/types';

/** What the GraphQL reads of a run cost, and why they stopped. */
export interface ReadAccount {
  /** GraphQL queries sent. */
  queries: number;
  /** The points they cost. */
  points: number;
  /** Null while GraphQL answers; why the reads went to REST otherwise. */
  fallback: string | null;
}

/**
 * A failure as the reason shown for reading through REST: the first line of its message, capped (it may quote a
 * server's words). An answer of the wrong shape is the client's ShapeError, whose message names the problem.
 */
export function fallbackReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0].slice(0, 200);
}

/** One run's GraphQL-first reads: the account, and the switch to REST (once, logged once). */
export class GraphqlFirst<A extends ReadAccount = ReadAccount> {
  constructor(
    readonly account: A,
    private readonly log: Pick<Logger, 'info'> | undefined,
    /** What reading through REST means for this reader, for the log: "commit-files reads through REST". */
    private readonly restWords: string,
  ) {}

  /** True while the reads go through GraphQL. */
  get serving(): boolean {
    return this.account.fallback === null;
  }

  /**
   * True while GraphQL serves and `refusal` (the client's reason it cannot serve a document now, if any) does not
   * stop it; a refusal switches the reads to REST.
   */
  serves(refusal?: unknown): boolean {
    if (this.serving && refusal !== undefined && refusal !== null) this.fallBack(refusal);
    return this.serving;
  }

  /** One answer's cost. */
  count(points: number): void {
    this.account.queries++;
    this.account.points += points;
  }

  /** From now on through REST (the first reason stays). */
  fallBack(why: unknown): void {
    if (!this.serving) return;
    this.account.fallback = fallbackReason(why);
    this.log?.info(`GraphQL unavailable (${this.account.fallback}): ${this.restWords}.`);
  }
}
