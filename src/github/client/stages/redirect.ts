// Stage 8, redirect: 301/302/307/308 (a renamed or transferred repository) followed with the same method and
// body. Within the API origin the token goes along; to another origin (or from https to http) only a GET is
// followed, without `Authorization` and without conditional validators; a write is refused.
import type { RequestHeaders } from '@octokit/types';
import type { TrustedOrigins } from '../origins';
import { RedirectRefusedError } from '../transport-errors';
import { pathOf, type Attempt, type Exchange, type RequestFn, type Verdict } from './exchange';

export const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 307, 308]);

/** Undefined when the attempt is not a redirect. */
export function redirectVerdict(ex: Exchange, attempt: Attempt, origins: TrustedOrigins): Verdict | undefined {
  const location = attempt.headers['location'];
  if (attempt.status === undefined || !REDIRECTS.has(attempt.status) || !location) return undefined;
  const to = new URL(location, ex.parsed.url).toString();
  const refuse = (why: string): Verdict => ({
    kind: 'fail',
    error: new RedirectRefusedError(ex.method, pathOf(ex.parsed.url), to, why),
  });
  if (ex.counts.redirects >= MAX_REDIRECTS) return refuse(`more than ${MAX_REDIRECTS} redirects`);
  if (!origins.sameOrigin(to, ex.parsed.url) && ex.method !== 'GET' && ex.method !== 'HEAD')
    return refuse('a write is never sent to another origin');
  return { kind: 'follow', to };
}

/** The options of the next hop: same method, headers and body at the new address (its parameters are in `to`). */
export function follow(ex: Exchange, to: string, endpoint: RequestFn['endpoint']): void {
  const headers: RequestHeaders = { ...ex.options.headers };
  const crossOrigin = new URL(to).origin !== new URL(ex.parsed.url).origin;
  if (crossOrigin) {
    delete headers.authorization;
    delete headers['if-none-match'];
    delete headers['if-modified-since'];
  }
  ex.counts.redirects++;
  ex.options = {
    method: ex.options.method,
    url: to,
    baseUrl: ex.options.baseUrl,
    mediaType: ex.options.mediaType,
    headers,
    request: ex.options.request,
    ...(ex.parsed.body !== undefined && !crossOrigin ? { data: ex.parsed.body } : {}),
  };
  ex.parsed = endpoint.parse(ex.options);
}
