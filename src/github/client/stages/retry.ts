// Stage 7, retry: GitHub's documented retry matrix (src/github/client/retry.ts) applied to one failed attempt, within the call's
// retry allowance, the wait bound, and the write's rule after a lost answer, which the call passes with its request
// (`request.afterLostAnswer`, src/github/client/write-rules.ts).
import { decideRetry, type RetrySettings } from '../retry';
import { AnswerTooLargeError, ShapeError, permanentCause } from '../transport-errors';
import { DEFAULT_AFTER_LOST_ANSWER } from '../write-rules';
import { type Attempt, type Exchange, type Verdict } from './exchange';

export interface RetryStageSettings {
  retry: RetrySettings;
  maxWaitMs: number;
}

export type RetryOutcome = { verdict: Extract<Verdict, { kind: 'retry' }> } | { gaveUp?: string };

export function apiMessage(data: unknown): string | undefined {
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** GitHub's `errors` details (REST 422s, GraphQL entries), as far as the classification reads them. */
export function apiErrors(data: unknown): { type?: string; code?: string; field?: string; message?: string }[] {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return errors
    .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    .map((e) => ({ type: text(e.type), code: text(e.code), field: text(e.field), message: text(e.message) }));
}

export function retryStage(ex: Exchange, attempt: Attempt, s: RetryStageSettings): RetryOutcome {
  const { status } = attempt;
  if (attempt.response || (status !== undefined && status < 400)) return {};
  // A wrong shape, a too-large answer and a host that cannot be reached are not transient.
  if (
    attempt.failure instanceof ShapeError ||
    attempt.failure instanceof AnswerTooLargeError ||
    (attempt.failure !== undefined && permanentCause(attempt.failure))
  )
    return {};
  const lostAnswer = status === undefined || status >= 500;
  if (lostAnswer && ex.write && (ex.policy.afterLostAnswer ?? DEFAULT_AFTER_LOST_ANSWER) === 'caller')
    return { gaveUp: 'the client does not repeat this write after a lost answer; the caller checks first' };
  const noRetries = ex.policy.retries === 0;
  const decision = decideRetry(
    { status, headers: attempt.headers, message: apiMessage(attempt.data), errors: apiErrors(attempt.data) },
    ex.counts.server,
    ex.counts.rate,
    {
      ...s.retry,
      maxWaitMs: s.maxWaitMs,
      maxRetries: ex.policy.retries ?? s.retry.maxRetries,
      // A call that cannot be replayed (a streamed body) opts out of every retry.
      maxRateLimitRetries: noRetries ? 0 : s.retry.maxRateLimitRetries,
    },
  );
  if (!decision.retry) return { gaveUp: ex.counts.server || ex.counts.rate ? decision.reason : undefined };
  if (decision.waitMs > s.maxWaitMs)
    return {
      gaveUp: `${decision.reason}: would have to wait ${Math.ceil(decision.waitMs / 1000)} s, more than the ${Math.ceil(s.maxWaitMs / 1000)} s allowed`,
    };
  return {
    verdict: { kind: 'retry', waitMs: decision.waitMs, reason: decision.reason, rateLimited: decision.rateLimited },
  };
}
