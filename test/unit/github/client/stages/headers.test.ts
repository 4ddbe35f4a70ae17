import { describe, expect, it } from 'vitest';
import { TrustedOrigins } from '../../../../../src/github/client/origins';
import { applyHeaders } from '../../../../../src/github/client/stages/headers';
import { UntrustedOriginError } from '../../../../../src/github/client/transport-errors';
import { API, exchange, testEndpoint } from './fixture';

const settings = () => ({ token: 'ghs_t', apiVersion: '2022-11-28', origins: new TrustedOrigins(API) });

describe('headers stage', () => {
  it('adds the token, the API version and manual redirects for the API origin', () => {
    const ex = exchange('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r' });
    applyHeaders(ex, testEndpoint, settings());
    expect(ex.options.headers).toMatchObject({ authorization: 'Bearer ghs_t', 'x-github-api-version': '2022-11-28' });
    expect(ex.options.request?.redirect).toBe('manual');
    expect(ex.parsed.url).toBe(`${API}/repos/o/r`);
  });

  it('keeps a caller-chosen API version and upgrades the v3 media type', () => {
    const ex = exchange('GET /x');
    ex.options.headers = { 'X-GitHub-Api-Version': '2026-03-10', accept: 'application/vnd.github.v3+json' };
    applyHeaders(ex, testEndpoint, settings());
    expect(ex.options.headers['x-github-api-version']).toBe('2026-03-10');
    expect(ex.options.headers.accept).toBe('application/vnd.github+json');
  });

  it('sends no token to another origin, even one the caller put in the headers', () => {
    const ex = exchange('GET /x');
    ex.options = { ...ex.options, url: 'https://elsewhere.test/x', headers: { authorization: 'token leaked' } };
    applyHeaders(ex, testEndpoint, settings());
    expect(ex.options.headers.authorization).toBeUndefined();
  });

  it('refuses a write to an origin that is neither the API nor a named upload host', () => {
    const ex = exchange('POST /x');
    ex.options = { ...ex.options, url: 'https://elsewhere.test/x' };
    expect(() => applyHeaders(ex, testEndpoint, settings())).toThrow(UntrustedOriginError);
  });

  it('gives the token to an upload host once a release named it, for POST only', () => {
    const s = settings();
    s.origins.learn(
      [{ upload_url: 'https://uploads.example.test/repos/o/r/releases/1/assets{?name,label}' }],
      `${API}/repos/o/r/releases`,
    );
    const post = exchange('POST /x');
    post.options = { ...post.options, url: 'https://uploads.example.test/repos/o/r/releases/1/assets?name=a' };
    applyHeaders(post, testEndpoint, s);
    expect(post.options.headers.authorization).toBe('Bearer ghs_t');
    const get = exchange('GET /x');
    get.options = { ...get.options, url: 'https://uploads.example.test/repos/o/r/releases/1/assets' };
    applyHeaders(get, testEndpoint, s);
    expect(get.options.headers.authorization).toBeUndefined();
  });
});
