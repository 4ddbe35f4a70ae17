// Why a delivery's run failed, as the queue must treat it. Waiting on GitHub is never the delivery's fault: an
// exhausted primary limit (its reset is known), a secondary limit, a 5xx outage or a network outage defer the
// installation's jobs until the cause clears, spending none of their attempts (`item-job.ts`, `store/circuits.ts`).
// Only a refusal of the request itself that will not change by waiting (a 4xx that is not a limit: a permission, a
// missing item, a validation error) fails a delivery at once; anything else (a bug, an answer of the wrong shape) is
// the delivery's own and spends an attempt.
import { ApiError, BudgetError, classifyError } from '../../github/client/errors';
import { WaitTooLongError } from '../../github/client/pacer';
import { resetWaitMs, retryAfterMs } from '../../github/client/retry';

/** What a run waits for (the `cause` label of the wait metrics); `credentials`: GitHub refuses the App's every key. */
export type WaitCause = 'rate_limit' | 'secondary_limit' | 'outage' | 'network' | 'credentials';

export type FailureKind =
  /** GitHub's limits or availability: wait, until `untilMs` when GitHub said when (epoch ms). */
  | { kind: 'wait'; cause: WaitCause; untilMs?: number }
  /** A 4xx of the request itself: retrying cannot help. */
  | { kind: 'refused' }
  /** Anything else: the delivery's own failure, retried with back-off while its attempts last. */
  | { kind: 'own' };

/** The errors an error carries (`cause`, an AggregateError's `errors`), breadth first, bounded. */
function chainOf(err: unknown): unknown[] {
  const out: unknown[] = [];
  const todo = [err];
  while (todo.length && out.length < 32) {
    const e = todo.shift();
    if (e === undefined || e === null || out.includes(e)) continue;
    out.push(e);
    if (e instanceof AggregateError) todo.push(...(e.errors as unknown[]));
    if (e instanceof Error) todo.push(e.cause);
  }
  return out;
}

function kindOfOne(err: unknown, now: number, timeScale: number): FailureKind | undefined {
  if (err instanceof BudgetError) return { kind: 'wait', cause: 'rate_limit', untilMs: err.resetAt.getTime() + 1000 };
  if (err instanceof WaitTooLongError)
    return {
      kind: 'wait',
      cause: /primary/.test(err.message) ? 'rate_limit' : 'secondary_limit',
      untilMs: now + err.waitMs,
    };
  if (!(err instanceof ApiError)) return undefined;
  // The client's one classification of GitHub's answers (github/client/answers.ts) says which limit or outage it is.
  const { status, headers } = err;
  const scaled = (ms: number | undefined) => (ms === undefined ? undefined : now + ms * timeScale);
  const retryAfter = () => scaled(retryAfterMs(headers['retry-after'], now));
  switch (classifyError(err)?.kind) {
    case 'transient':
      return status === 0
        ? { kind: 'wait', cause: 'network' }
        : { kind: 'wait', cause: 'outage', untilMs: retryAfter() };
    case 'graphql-timeout':
      return { kind: 'wait', cause: 'outage', untilMs: retryAfter() };
    case 'primary':
      return {
        kind: 'wait',
        cause: 'rate_limit',
        untilMs: retryAfter() ?? scaled(resetWaitMs(headers['x-ratelimit-reset'], now)),
      };
    case 'secondary':
      return { kind: 'wait', cause: 'secondary_limit', untilMs: retryAfter() };
  }
  // 409 (a conflict) and 408 change with time; every other 4xx refuses the request itself.
  if (status === 409 || status === 408) return { kind: 'own' };
  if (status >= 400 && status < 500) return { kind: 'refused' };
  return undefined;
}

/** How one failure is treated: the first error in its chain that says. */
export function failureKind(err: unknown, now: number, timeScale = 1): FailureKind {
  for (const e of chainOf(err)) {
    const kind = kindOfOne(e, now, timeScale);
    if (kind) return kind;
  }
  return { kind: 'own' };
}

/**
 * Several failures of one run as one: any wait makes the run wait (the latest known end); else any failure of its
 * own makes it retry; only when every failure is a refusal is the run refused.
 */
export function combinedKind(kinds: readonly FailureKind[]): FailureKind {
  const waits = kinds.filter((k): k is Extract<FailureKind, { kind: 'wait' }> => k.kind === 'wait');
  if (waits.length) {
    const known = waits.filter((w) => w.untilMs !== undefined);
    const latest = known.sort((a, b) => b.untilMs! - a.untilMs!)[0];
    return latest ?? waits[0];
  }
  if (kinds.length && kinds.every((k) => k.kind === 'refused')) return { kind: 'refused' };
  return { kind: 'own' };
}
