// Stage 2, cache: validators on a cacheable GET before sending; a 304 answered from the cache (free); a fresh
// 200 with an ETag remembered.
import { cacheKey, keepHeaders, type EtagCache } from '../etag-cache';
import type { TrustedOrigins } from '../origins';
import type { RequestHeaders } from '@octokit/types';
import { headerText, type Attempt, type Exchange, type OctoResponse } from './exchange';

export interface CacheSettings {
  cache: EtagCache;
  apiVersion: string;
  token: string;
  origins: TrustedOrigins;
}

/** Adds `If-None-Match` (or `If-Modified-Since`) to a GET of the API origin that has a cache entry. */
export function addValidators(ex: Exchange, s: CacheSettings): void {
  const headers: RequestHeaders = ex.options.headers;
  delete headers['if-none-match'];
  delete headers['if-modified-since'];
  ex.cacheKey = undefined;
  if (ex.method !== 'GET' || ex.policy.noCache || ex.free || !s.origins.allowsCredentials(ex.parsed.url, 'GET')) return;
  ex.cacheKey = cacheKey({
    method: ex.method,
    url: ex.parsed.url,
    accept: headerText(ex.parsed.headers.accept) ?? '',
    apiVersion: s.apiVersion,
    token: s.token,
  });
  const cached = s.cache.get(ex.cacheKey);
  if (cached?.etag) headers['if-none-match'] = cached.etag;
  else if (cached?.lastModified) headers['if-modified-since'] = cached.lastModified;
}

const NEXT = /<([^<>]+)>;\s*rel="next"/;

/**
 * True when the cache holds, with validators, every page of the list starting at `url` (following each cached
 * page's `rel="next"`, as pagination would): reading the list again is conditional throughout, free while unchanged.
 * Sends nothing. `accept` is the media type as the headers stage sends it.
 */
export function holdsPages(s: CacheSettings, url: string, accept: string, maxPages = 1000): boolean {
  const seen = new Set<string>();
  for (let next: string | undefined = url; next !== undefined;) {
    if (seen.has(next) || seen.size >= maxPages || !s.origins.allowsCredentials(next, 'GET')) return false;
    seen.add(next);
    const key = cacheKey({ method: 'GET', url: next, accept, apiVersion: s.apiVersion, token: s.token });
    const entry = s.cache.get(key);
    if (!entry?.etag && !entry?.lastModified) return false;
    next = NEXT.exec(entry.headers.link ?? '')?.[1];
  }
  return true;
}

/** A 304 becomes the cached answer, marked `x-repo-actions-cache: hit`. */
export function answerFromCache(ex: Exchange, attempt: Attempt, s: CacheSettings): OctoResponse | undefined {
  if (attempt.status !== 304 || !ex.cacheKey) return undefined;
  const cached = s.cache.get(ex.cacheKey);
  if (!cached) return undefined;
  return {
    status: 200,
    url: ex.parsed.url,
    headers: { ...cached.headers, ...attempt.headers, 'x-repo-actions-cache': 'hit' },
    data: cached.data,
  };
}

/** Keeps a complete 200 that carries validators. */
export function remember(ex: Exchange, attempt: Attempt, s: CacheSettings): void {
  const response = attempt.response;
  if (!ex.cacheKey || !response || attempt.status !== 200) return;
  const etag = attempt.headers['etag'];
  const lastModified = attempt.headers['last-modified'];
  if (!etag && !lastModified) return;
  s.cache.set(ex.cacheKey, { etag, lastModified, headers: keepHeaders(attempt.headers), data: response.data });
}
