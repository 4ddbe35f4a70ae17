// The token goes only to the API's origin (and, for uploads, to the upload host a release named): never to
// another origin by redirect, never from https down to http, never in a request the caller aims elsewhere.
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, RedirectRefusedError, UntrustedOriginError } from '../../src/github/client';
import { createEmulator, type Emulator } from '../../emulator';
import { emulatorClient, TOKEN } from '../e2e/client/emulator-client';
import { secondOrigin, type SecondOrigin } from '../e2e/client/second-origin';

let emu: Emulator | undefined;
let other: SecondOrigin | undefined;
beforeAll(() => {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
});
afterAll(() => nock.enableNetConnect());
afterEach(async () => {
  nock.cleanAll();
  await emu?.close();
  await other?.close();
  emu = undefined;
  other = undefined;
});

const label = { name: 'bug', color: 'd73a4a' };

describe('the token never reaches another origin', () => {
  it('https → http on the same host: followed without Authorization', async () => {
    nock('https://api.example.test')
      .get('/repos/o/r/labels/bug')
      .reply(301, {}, { location: 'http://api.example.test/repos/o/r/labels/bug' });
    const downgraded = nock('http://api.example.test', { badheaders: ['authorization'] })
      .get('/repos/o/r/labels/bug')
      .reply(200, label);
    const c = createClient({ token: TOKEN, action: 'security', baseUrl: 'https://api.example.test' });
    const { data } = await c.octokit.request('GET /repos/{owner}/{repo}/labels/{name}', {
      owner: 'o',
      repo: 'r',
      name: 'bug',
    });
    expect(data).toEqual(label);
    downgraded.done();
  });

  it('https → http for a write: refused, nothing sent', async () => {
    nock('https://api.example.test')
      .patch('/repos/o/r/labels/bug')
      .reply(307, {}, { location: 'http://api.example.test/repos/o/r/labels/bug' });
    const downgraded = nock('http://api.example.test').patch('/repos/o/r/labels/bug').reply(200, label);
    const c = createClient({ token: TOKEN, action: 'security', baseUrl: 'https://api.example.test' });
    const err = await c.octokit
      .request('PATCH /repos/{owner}/{repo}/labels/{name}', { owner: 'o', repo: 'r', name: 'bug', color: '000000' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(RedirectRefusedError);
    expect(downgraded.isDone()).toBe(false);
  });

  it('a GET the caller aims at another origin carries no token; a write there is refused before sending', async () => {
    emu = await createEmulator({ tokens: { [TOKEN]: { kind: 'workflow', repositories: [] } }, repositories: [] });
    other = await secondOrigin();
    const c = emulatorClient(emu);
    const { data } = await c.octokit.request({ method: 'GET', url: `${other.url}/anything` });
    expect(data.name).toBe('elsewhere');
    expect(other.received[0].headers.authorization).toBeUndefined();
    const err = await c.octokit.request({ method: 'POST', url: `${other.url}/anything`, data: 'x' }).catch((e) => e);
    expect(err).toBeInstanceOf(UntrustedOriginError);
    expect(other.received).toHaveLength(1);
  });

  it('the upload host a release names gets the token for uploads only', async () => {
    emu = await createEmulator({
      tokens: { [TOKEN]: { kind: 'workflow', repositories: ['octo/app'], permissions: { contents: 'write' } } },
      repositories: [{ owner: 'octo', name: 'app', releases: [{ tag: 'v1', draft: true }] }],
    });
    const c = emulatorClient(emu);
    const uploadOrigin = new URL(emu.uploadUrl).origin;
    // Before the API named it, the uploads host is just another origin.
    const early = await c.octokit
      .request({ method: 'POST', url: `${uploadOrigin}/repos/octo/app/releases/1/assets?name=a.txt`, data: 'a' })
      .catch((e) => e);
    expect(early).toBeInstanceOf(UntrustedOriginError);
    const [release] = await c.paginate<{ id: number; upload_url: string }>('GET /repos/{owner}/{repo}/releases', {
      owner: 'octo',
      repo: 'app',
    });
    const target = release.upload_url.replace(/\{[^}]*\}$/, '') + '?name=a.txt';
    const { status } = await c.octokit.request({
      method: 'POST',
      url: target,
      headers: { 'content-type': 'text/plain' },
      data: 'a',
    });
    expect(status).toBe(201);
    const upload = emu.log.entries.find((e) => e.host === 'uploads' && e.method === 'POST');
    expect(upload?.tokenKind).toBe('workflow');
  });
});
