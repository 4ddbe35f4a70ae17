import { describe, expect, it } from 'vitest';
import { EtagCache } from '../../../../../src/github/client/etag-cache';
import { TrustedOrigins } from '../../../../../src/github/client/origins';
import { addValidators, answerFromCache, remember } from '../../../../../src/github/client/stages/cache';
import { API, attempt, exchange } from './fixture';

const settings = () => ({
  cache: new EtagCache(null),
  apiVersion: '2022-11-28',
  token: 't',
  origins: new TrustedOrigins(API),
});
const labels = () => exchange('GET /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' });

describe('cache stage', () => {
  it('remembers a 200 with an ETag, sends If-None-Match next time, and answers a 304 from it', () => {
    const s = settings();
    const first = labels();
    addValidators(first, s);
    expect(first.options.headers['if-none-match']).toBeUndefined();
    const data = [{ name: 'bug' }];
    remember(
      first,
      attempt(200, {
        headers: { etag: '"e1"', 'x-ratelimit-remaining': '9', link: '<x>; rel="next"' },
        response: { status: 200, url: '', headers: {}, data },
      }),
      s,
    );
    const second = labels();
    addValidators(second, s);
    expect(second.options.headers['if-none-match']).toBe('"e1"');
    const hit = answerFromCache(second, attempt(304, { headers: { 'x-ratelimit-remaining': '8' } }), s);
    expect(hit).toMatchObject({
      status: 200,
      data,
      headers: { link: '<x>; rel="next"', 'x-repo-actions-cache': 'hit' },
    });
    expect(hit?.headers['x-ratelimit-remaining']).toBe('8');
  });

  it('uses If-Modified-Since when only Last-Modified was given', () => {
    const s = settings();
    const first = labels();
    addValidators(first, s);
    const lastModified = 'Tue, 24 Nov 2026 10:00:00 GMT';
    remember(
      first,
      attempt(200, {
        headers: { 'last-modified': lastModified },
        response: { status: 200, url: '', headers: {}, data: [] },
      }),
      s,
    );
    const second = labels();
    addValidators(second, s);
    expect(second.options.headers['if-modified-since']).toBe(lastModified);
  });

  it('leaves writes, noCache calls, /rate_limit and other origins alone', () => {
    const s = settings();
    for (const ex of [
      exchange('POST /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' }),
      exchange('GET /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' }, { noCache: true }),
      exchange('GET /rate_limit'),
    ]) {
      addValidators(ex, s);
      expect(ex.cacheKey).toBeUndefined();
    }
    const elsewhere = labels();
    elsewhere.parsed = { ...elsewhere.parsed, url: 'https://elsewhere.test/x' };
    elsewhere.options.headers['if-none-match'] = '"stale"';
    addValidators(elsewhere, s);
    expect(elsewhere.cacheKey).toBeUndefined();
    expect(elsewhere.options.headers['if-none-match']).toBeUndefined();
  });

  it('a 304 with nothing cached is not an answer', () => {
    const s = settings();
    const ex = labels();
    addValidators(ex, s);
    expect(answerFromCache(ex, attempt(304), s)).toBeUndefined();
  });
});
