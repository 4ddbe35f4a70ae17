// Stage 1, headers: the API version, GitHub's media type, manual redirects, and the token only where it belongs.
import type { RequestHeaders } from '@octokit/types';
import type { TrustedOrigins } from '../origins';
import { UntrustedOriginError } from '../transport-errors';
import type { Exchange, RequestFn } from './exchange';

export interface HeaderSettings {
  token: string;
  apiVersion: string;
  origins: TrustedOrigins;
}

/** GitHub's media type, sent where Octokit's default asks for the older `application/vnd.github.v3+json`. */
export const GITHUB_MEDIA_TYPE = 'application/vnd.github+json';

/** The `accept` a request carries after this stage (what the ETag cache keys on). */
export const acceptSent = (accept: string | undefined) =>
  accept === 'application/vnd.github.v3+json' ? GITHUB_MEDIA_TYPE : (accept ?? '');

/** Sets the headers of `ex.options` and resolves `ex.parsed`; throws for a write to an untrusted origin. */
export function applyHeaders(ex: Exchange, endpoint: RequestFn['endpoint'], s: HeaderSettings): void {
  const headers: RequestHeaders = {};
  for (const [k, v] of Object.entries(ex.options.headers)) headers[k.toLowerCase()] = v;
  if (!headers['x-github-api-version']) headers['x-github-api-version'] = s.apiVersion;
  if (headers.accept !== undefined) headers.accept = acceptSent(headers.accept);
  delete headers.authorization;
  ex.options = { ...ex.options, headers, request: { ...ex.options.request, redirect: 'manual' } };
  ex.parsed = endpoint.parse(ex.options);
  const method = ex.parsed.method.toUpperCase();
  if (s.origins.allowsCredentials(ex.parsed.url, method)) {
    if (s.token) headers.authorization = `Bearer ${s.token}`;
  } else if (method !== 'GET' && method !== 'HEAD') {
    throw new UntrustedOriginError(method, new URL(ex.parsed.url).origin);
  }
}
