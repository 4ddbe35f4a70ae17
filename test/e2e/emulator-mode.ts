// The mode the emulators of this test run play (EMULATOR_MODE, set per vitest project: `e2e` is github.com,
// `e2e-ghes` is GitHub Enterprise Server with rate limiting off), for the assertions whose facts differ by server.
import { ghesVersionOf, rateLimitingOf } from '../../emulator/ghes';

/** The emulators play GitHub Enterprise Server (API under /api/v3, GraphQL at /api/graphql). */
export const ON_GHES = ghesVersionOf({}) !== undefined;

/**
 * The server has no primary rate limit (GHES with rate limiting off, its default): no answer carries
 * `x-ratelimit-*`, `GET /rate_limit` answers 404, every plan fits the budget and the run says so once.
 */
export const NO_PRIMARY_LIMIT = !rateLimitingOf({});

/** What a run prints when the server has no primary limit (the client's log line and the summary's row). */
export const NO_PRIMARY_LIMIT_SAID = /no primary rate limit/;

/** A request that met an error, leaving out GHES's 404 to `GET /rate_limit` (how "no primary limit" is learnt). */
export function isFailure(e: { status: number; path: string }): boolean {
  return e.status >= 400 && !(NO_PRIMARY_LIMIT && e.path === '/rate_limit' && e.status === 404);
}

/** A run's requests without GHES's `GET /rate_limit` 404 (the one read that learns there is no primary limit). */
export function withoutLimitProbe<T extends { status: number; path: string }>(entries: T[]): T[] {
  return entries.filter((e) => !(NO_PRIMARY_LIMIT && e.path === '/rate_limit' && e.status === 404));
}

/**
 * A pattern for an action's message naming a request path: `{api}` stands where the API's own path prefix goes
 * (`/api/v3` on GHES, nothing on github.com), as the client names the URL it requested.
 */
export function messagePattern(source: string): RegExp {
  return new RegExp(source.replaceAll('{api}', ON_GHES ? String.raw`\/api\/v3` : ''));
}
