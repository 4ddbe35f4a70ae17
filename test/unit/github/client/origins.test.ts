import { describe, expect, it } from 'vitest';
import { TrustedOrigins } from '../../../../src/github/client/origins';
import { routeMatcher } from '../../../../harness/route-match';

describe('trusted origins', () => {
  it('the API origin only, scheme and port included', () => {
    const o = new TrustedOrigins('https://ghe.example.test/api/v3');
    expect(o.allowsCredentials('https://ghe.example.test/api/v3/repos/o/r', 'PATCH')).toBe(true);
    expect(o.allowsCredentials('http://ghe.example.test/api/v3/repos/o/r', 'GET')).toBe(false);
    expect(o.allowsCredentials('https://ghe.example.test:8443/api/v3/repos/o/r', 'GET')).toBe(false);
    expect(o.allowsCredentials('https://ghe.example.test.evil.test/x', 'GET')).toBe(false);
    expect(o.allowsCredentials('not a url', 'GET')).toBe(false);
  });

  it('learns upload hosts from releases (one or a list), for POST only', () => {
    const o = new TrustedOrigins('https://api.example.test');
    const from = 'https://api.example.test/repos/o/r/releases';
    o.learn({ id: 1, upload_url: 'https://uploads.example.test/repos/o/r/releases/1/assets{?name,label}' }, from);
    o.learn([{ upload_url: 'https://other-uploads.example.test/x{?name}' }, { name: 'no url' }, null], from);
    o.learn('text', from);
    expect(o.allowsCredentials('https://uploads.example.test/repos/o/r/releases/1/assets?name=a', 'POST')).toBe(true);
    expect(o.allowsCredentials('https://other-uploads.example.test/x?name=a', 'POST')).toBe(true);
    expect(o.allowsCredentials('https://uploads.example.test/anything', 'GET')).toBe(false);
    expect(() => new TrustedOrigins('relative/path')).toThrow(/not an absolute URL/);
  });

  it('learns nothing from an answer whose final URL is another origin (a followed redirect), ports included', () => {
    const o = new TrustedOrigins('https://api.example.test');
    const release = { upload_url: 'https://evil.example.test/x{?name}' };
    o.learn(release, 'https://evil.example.test/repos/o/r/releases/1');
    o.learn(release, 'https://api.example.test:8443/repos/o/r/releases/1');
    expect(o.allowsCredentials('https://evil.example.test/x?name=a', 'POST')).toBe(false);
  });
});

describe('route matching', () => {
  const match = routeMatcher([
    'GET /repos/{owner}/{repo}/releases/{release_id}',
    'GET /repos/{owner}/{repo}/releases/latest',
    'GET /repos/{owner}/{repo}/git/ref/{+ref}',
    'GET /repos/{owner}/{repo}/contents/{path}',
  ]);

  it('prefers the named route, then the most literal template for a path', () => {
    expect(match('GET', '/repos/{owner}/{repo}/releases/{release_id}', '/repos/o/r/releases/latest')).toBe(
      'GET /repos/{owner}/{repo}/releases/{release_id}',
    );
    expect(match('GET', '/repos/o/r/releases/latest', '/repos/o/r/releases/latest')).toBe(
      'GET /repos/{owner}/{repo}/releases/latest',
    );
    expect(match('GET', '', '/repos/o/r/releases/7')).toBe('GET /repos/{owner}/{repo}/releases/{release_id}');
    expect(match('GET', '', '/repos/o/r/git/ref/heads/feature/x')).toBe('GET /repos/{owner}/{repo}/git/ref/{+ref}');
    expect(match('GET', '', '/repos/o/r/contents/docs/a.md')).toBe('GET /repos/{owner}/{repo}/contents/{path}');
    expect(match('POST', '', '/repos/o/r/releases/7')).toBeUndefined();
  });
});
