// Stage 9, errors: what is left after retries and redirects becomes one error: an `ApiError` for an HTTP
// answer (status, GitHub's message and errors, a hint), a `NetworkError` naming the host and the cause for
// no usable answer at all.
import { ApiError, type ApiErrorDetail } from '../errors';
import {
  AnswerTooLargeError,
  IntegrityError,
  NetworkError,
  ShapeError,
  causeText,
  permanentCause,
} from '../transport-errors';
import type { Attempt, Exchange } from './exchange';

function bodyMessage(data: unknown): { message?: string; errors?: ApiErrorDetail[]; documentationUrl?: string } {
  if (data && typeof data === 'object') {
    const d = data as { message?: unknown; errors?: unknown; documentation_url?: unknown };
    const errors = Array.isArray(d.errors)
      ? d.errors.map((e) => (typeof e === 'string' ? { message: e } : (e as ApiErrorDetail)))
      : undefined;
    return {
      message: typeof d.message === 'string' ? d.message : undefined,
      errors,
      documentationUrl: typeof d.documentation_url === 'string' ? d.documentation_url : undefined,
    };
  }
  if (typeof data === 'string' && data.trim()) return { message: data.trim().slice(0, 500) };
  return {};
}

/** The error of a final failed attempt; `gaveUp` says why the retries stopped, when they did. */
export function failureOf(ex: Exchange, attempt: Attempt, gaveUp?: string): Error {
  if (attempt.failure instanceof ShapeError || attempt.failure instanceof AnswerTooLargeError) return attempt.failure;
  if (attempt.status === undefined) {
    const permanent = permanentCause(attempt.failure);
    const reason =
      attempt.failure instanceof IntegrityError ? attempt.failure.message : causeText(attempt.failure ?? 'no answer');
    return new NetworkError(
      ex.method,
      ex.parsed.url,
      `${reason}${gaveUp && !permanent ? ` (${gaveUp})` : ''}`,
      permanent !== undefined,
      attempt.failure,
    );
  }
  const body = bodyMessage(attempt.data);
  return new ApiError({
    status: attempt.status,
    method: ex.method,
    url: ex.parsed.url,
    message: (body.message ?? `HTTP ${attempt.status}`) + (gaveUp ? ` (${gaveUp})` : ''),
    errors: body.errors,
    documentationUrl: body.documentationUrl,
    headers: attempt.headers,
  });
}
