// An upload origin is learned only from an answer whose final URL is the API's own origin. The attack: a read of a
// release is redirected to another origin (followed without the token), whose answer names itself as the
// `upload_url`; the client must not then send the token there with the asset's POST. Another port of the API's
// host is another origin.
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, UntrustedOriginError } from '../../src/github/client';
import { uploadOriginProblem } from '../../src/actions/release/domain/upload';

const TOKEN = 'ghs_upload_origin_secret';
const API = 'https://api.example.test';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

const release = (uploadOrigin: string) => ({
  id: 1,
  tag_name: 'v1',
  name: 'v1',
  draft: true,
  prerelease: false,
  upload_url: `${uploadOrigin}/repos/o/r/releases/1/assets{?name,label}`,
  assets: [],
});

describe('an upload origin named by a cross-origin answer gets no token', () => {
  it.each([
    ['another host', 'https://evil.example.test'],
    ['another port of the API host', 'https://api.example.test:8443'],
  ])('%s', async (_what, attacker) => {
    nock(API)
      .get('/repos/o/r/releases/1')
      .reply(302, {}, { location: `${attacker}/repos/o/r/releases/1` });
    nock(attacker, { badheaders: ['authorization'] })
      .get('/repos/o/r/releases/1')
      .reply(200, release(attacker));
    const upload = nock(attacker).post('/repos/o/r/releases/1/assets').query(true).reply(201, { id: 9 });
    const c = createClient({ token: TOKEN, action: 'security', baseUrl: API });
    const { data } = await c.octokit.request('GET /repos/{owner}/{repo}/releases/{release_id}', {
      owner: 'o',
      repo: 'r',
      release_id: 1,
    });
    expect(data.upload_url).toContain(attacker);
    const err = await c.octokit
      .request({
        method: 'POST',
        url: `${attacker}/repos/o/r/releases/1/assets?name=a.txt`,
        headers: { 'content-type': 'text/plain' },
        data: 'a',
      })
      .catch((e) => e);
    expect(err).toBeInstanceOf(UntrustedOriginError);
    expect(upload.isDone()).toBe(false);
  });

  it('the same release read from the API itself names an upload host that gets the token for POST', async () => {
    const uploads = 'https://uploads.example.test';
    nock(API).get('/repos/o/r/releases/1').reply(200, release(uploads));
    const upload = nock(uploads, { reqheaders: { authorization: `Bearer ${TOKEN}` } })
      .post('/repos/o/r/releases/1/assets')
      .query(true)
      .reply(201, { id: 9, name: 'a.txt', state: 'uploaded' });
    const c = createClient({ token: TOKEN, action: 'security', baseUrl: API });
    await c.octokit.request('GET /repos/{owner}/{repo}/releases/{release_id}', {
      owner: 'o',
      repo: 'r',
      release_id: 1,
    });
    const { status } = await c.octokit.request({
      method: 'POST',
      url: `${uploads}/repos/o/r/releases/1/assets?name=a.txt`,
      headers: { 'content-type': 'text/plain' },
      data: 'a',
    });
    expect(status).toBe(201);
    upload.done();
  });
});

describe("release sends assets only to the API's uploads host on the API's port", () => {
  // Even named by the API's own answer: another port of the same host is another origin (another program).
  it.each([
    [
      'GHES, another port of the API host',
      'https://ghes.example.test:8443/api/uploads',
      'https://ghes.example.test/api/v3',
    ],
    [
      'GHES, the default port for an API on 8443',
      'https://ghes.example.test/api/uploads',
      'https://ghes.example.test:8443/api/v3',
    ],
    ['github.com, the uploads host on another port', 'https://uploads.github.com:8443', 'https://api.github.com'],
  ])('%s is refused', (_what, upload, api) => {
    expect(uploadOriginProblem(`${upload}/repos/o/r/releases/1/assets{?name,label}`, api)).toMatch(
      /is not GitHub's uploads host for .*; the token is not sent there/,
    );
  });

  it('the same host and port (GHES) and the uploads host beside the API (github.com) are accepted', () => {
    expect(
      uploadOriginProblem('https://ghes.example.test:8443/api/uploads/x', 'https://ghes.example.test:8443/api/v3'),
    ).toBeUndefined();
    expect(uploadOriginProblem('https://uploads.github.com/x{?name,label}', 'https://api.github.com')).toBeUndefined();
  });
});
