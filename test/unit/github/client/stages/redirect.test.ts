import { describe, expect, it } from 'vitest';
import { TrustedOrigins } from '../../../../../src/github/client/origins';
import { follow, redirectVerdict } from '../../../../../src/github/client/stages/redirect';
import { RedirectRefusedError } from '../../../../../src/github/client/transport-errors';
import { API, attempt, exchange, testEndpoint } from './fixture';

const origins = new TrustedOrigins(API);
const moved = (status: number, location: string) => attempt(status, { headers: { location } });

describe('redirect stage', () => {
  it('follows 301, 302, 307 and 308 with a location; other answers are not redirects', () => {
    const ex = exchange('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r' });
    for (const status of [301, 302, 307, 308])
      expect(redirectVerdict(ex, moved(status, '/repositories/1'), origins)).toEqual({
        kind: 'follow',
        to: `${API}/repositories/1`,
      });
    expect(redirectVerdict(ex, moved(303, '/x'), origins)).toBeUndefined();
    expect(redirectVerdict(ex, attempt(301), origins)).toBeUndefined();
  });

  it('same origin: same method, body and token at the new address', () => {
    const ex = exchange('PATCH /repos/{owner}/{repo}/labels/{name}', {
      owner: 'o',
      repo: 'r',
      name: 'bug',
      color: '000000',
    });
    ex.options.headers.authorization = 'Bearer t';
    follow(ex, `${API}/repositories/1/labels/bug`, testEndpoint);
    expect(ex.parsed).toMatchObject({
      method: 'PATCH',
      url: `${API}/repositories/1/labels/bug`,
      body: { color: '000000' },
    });
    expect(ex.options.headers.authorization).toBe('Bearer t');
    expect(ex.counts.redirects).toBe(1);
  });

  it('another origin or https → http: a GET goes without token or validators; a write is refused', () => {
    const get = exchange('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r' });
    get.options.headers = { ...get.options.headers, authorization: 'Bearer t', 'if-none-match': '"e"' };
    const to = 'http://api.example.test/repos/o/r';
    expect(redirectVerdict(get, moved(302, to), origins)).toEqual({ kind: 'follow', to });
    follow(get, to, testEndpoint);
    expect(get.options.headers.authorization).toBeUndefined();
    expect(get.options.headers['if-none-match']).toBeUndefined();

    const post = exchange('POST /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r', name: 'x' });
    const verdict = redirectVerdict(post, moved(307, 'https://elsewhere.test/labels'), origins);
    expect(verdict?.kind === 'fail' && verdict.error).toBeInstanceOf(RedirectRefusedError);
  });

  it('stops after three hops', () => {
    const ex = exchange('GET /user');
    ex.counts.redirects = 3;
    const verdict = redirectVerdict(ex, moved(301, '/user'), origins);
    expect(verdict?.kind === 'fail' && verdict.error.message).toMatch(/more than 3 redirects/);
  });
});
