// Real recorded GitHub traffic (@octokit/fixtures) replayed through the shared client.
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, isAlreadyExists } from '../../src/github/client';
import { replay } from './replay';

const owner = 'octokit-fixture-org';
const TOKEN = '0000000000000000000000000000000000000001';

function client() {
  const warnings: string[] = [];
  const c = createClient({
    token: TOKEN,
    action: 'contract',
    baseUrl: 'https://api.github.com',
    cacheDir: null,
    timeScale: 0.001,
    log: { debug() {}, info() {}, warning: (m) => warnings.push(m) },
  });
  return Object.assign(c, { warnings });
}

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

describe('contract: recorded GitHub traffic', () => {
  it('labels: list, create, get, update, delete — with the GitHub request headers (token, API version, user agent, media type) on every request', async () => {
    const r = replay('labels');
    const c = client();
    const repo = { owner, repo: 'labels' };
    const list = await c.paginate('GET /repos/{owner}/{repo}/labels', repo);
    expect(list.map((l: any) => l.name)).toContain('bug');
    const created = await c.octokit.rest.issues.createLabel({ ...repo, name: 'test-label', color: '663399' });
    expect(created.status).toBe(201);
    const got = await c.octokit.rest.issues.getLabel({ ...repo, name: 'test-label' });
    expect(got.data.color).toBe('663399');
    const updated = await c.octokit.rest.issues.updateLabel({
      ...repo,
      name: 'test-label',
      new_name: 'test-label-updated',
      color: 'BADA55',
    });
    expect(updated.data.name).toBe('test-label-updated');
    const deleted = await c.octokit.rest.issues.deleteLabel({ ...repo, name: 'test-label-updated' });
    expect(deleted.status).toBe(204);
    r.done();
    for (const s of r.sent) {
      expect(s.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(s.headers['x-github-api-version']).toBe('2022-11-28');
      expect(s.headers['user-agent']).toMatch(/^repo-actions\//);
      expect(s.headers.accept).toBe('application/vnd.github+json');
    }
    expect(r.sent[0].url).toContain('per_page=100');
    // The budget follows the x-ratelimit-* headers of the responses.
    expect(c.budget.state().known).toBe(true);
  });

  it('errors: a 422 is an ApiError with the body read (message, errors[], documentation_url)', async () => {
    const r = replay('errors');
    const err = await client()
      .octokit.rest.issues.createLabel({ owner, repo: 'errors', name: 'foo', color: 'invalid' })
      .catch((e) => e);
    r.done();
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(422);
    expect(err.apiMessage).toBe('Validation Failed');
    expect(err.errors[0]).toMatchObject({ resource: 'Label', code: 'invalid', field: 'color' });
    expect(err.documentationUrl).toMatch(/^https:\/\/docs\.github\.com/);
    expect(isAlreadyExists(err)).toBe(false);
  });

  it('paginate-issues: follows rel="next" across the recorded Link headers to the end', async () => {
    const r = replay('paginate-issues');
    const issues = await client().paginate('GET /repos/{owner}/{repo}/issues', {
      owner,
      repo: 'paginate-issues',
      per_page: 3,
    });
    r.done();
    expect(issues).toHaveLength(13);
    expect(new Set(issues.map((i: any) => i.number)).size).toBe(13);
  });

  it('rename-repository: 301 and 307 are followed with the same method, with a warning', async () => {
    const r = replay('rename-repository');
    const c = client();
    await c.octokit.rest.repos.update({ owner, repo: 'rename-repository', name: 'rename-repository-newname' });
    const got = await c.octokit.rest.repos.get({ owner, repo: 'rename-repository' });
    expect(got.data.name).toBe('rename-repository-newname');
    const patched = await c.octokit.rest.repos.update({
      owner,
      repo: 'rename-repository',
      name: 'rename-repository-newname',
      description: 'test description',
    });
    expect(patched.status).toBe(200);
    r.done();
    expect(r.sent.map((s) => `${s.method} ${new URL(s.url, 'https://api.github.com').pathname}`)).toEqual([
      'PATCH /repos/octokit-fixture-org/rename-repository',
      'GET /repos/octokit-fixture-org/rename-repository',
      'GET /repositories/1000',
      'PATCH /repos/octokit-fixture-org/rename-repository',
      'PATCH /repositories/1000',
    ]);
    expect(JSON.parse(r.sent[4].body)).toEqual({ name: 'rename-repository-newname', description: 'test description' });
    expect(c.warnings.join('\n')).toMatch(/moved permanently to \/repositories\/1000/);
  });

  it('release-assets: uploads go to the upload_url host the release returns', async () => {
    const r = replay('release-assets');
    const c = client();
    const repo = { owner, repo: 'release-assets' };
    const release = await c.octokit.rest.repos.getReleaseByTag({ ...repo, tag: 'v1.0.0' });
    const uploadUrl = release.data.upload_url.replace(/\{[^}]*\}$/, '');
    expect(new URL(uploadUrl).host).toBe('uploads.github.com');
    const body = 'Hello, world!\n';
    const uploaded = await c.octokit.request({
      method: 'POST',
      url: `${uploadUrl}?name=test-upload.txt&label=test`,
      headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) },
      data: body,
    });
    expect(uploaded.status).toBe(201);
    const assets = await c.paginate('GET /repos/{owner}/{repo}/releases/{release_id}/assets', {
      ...repo,
      release_id: release.data.id,
    });
    expect(assets[0].name).toBe('test-upload.txt');
    await c.octokit.rest.repos.getReleaseAsset({ ...repo, asset_id: 1000 });
    await c.octokit.rest.repos.updateReleaseAsset({
      ...repo,
      asset_id: 1000,
      name: 'new-filename.txt',
      label: 'new label',
    });
    const del = await c.octokit.rest.repos.deleteReleaseAsset({ ...repo, asset_id: 1000 });
    expect(del.status).toBe(204);
    r.done();
  });

  it('release-assets-conflict: 422 already_exists on a duplicate name, then delete and upload again', async () => {
    const r = replay('release-assets-conflict');
    const c = client();
    const repo = { owner, repo: 'release-assets-conflict' };
    const release = await c.octokit.rest.repos.getReleaseByTag({ ...repo, tag: 'v1.0.0' });
    const uploadUrl = release.data.upload_url.replace(/\{[^}]*\}$/, '');
    const path = r.fixtures[1].path;
    const upload = () =>
      c.octokit.request({
        method: 'POST',
        url: `https://uploads.github.com${path}`,
        headers: { 'content-type': 'text/plain' },
        data: r.fixtures[1].body,
        request: { retries: 0 },
      });
    expect(new URL(uploadUrl).host).toBe('uploads.github.com');
    const err = await upload().catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(isAlreadyExists(err)).toBe(true);
    const assets = await c.paginate('GET /repos/{owner}/{repo}/releases/{release_id}/assets', {
      ...repo,
      release_id: release.data.id,
    });
    await c.octokit.rest.repos.deleteReleaseAsset({ ...repo, asset_id: assets[0].id });
    expect((await upload()).status).toBe(201);
    r.done();
  });

  it('git-refs: list, create, update, delete refs', async () => {
    const r = replay('git-refs');
    const c = client();
    const repo = { owner, repo: 'git-refs' };
    const refs = await c.octokit.request('GET /repos/{owner}/{repo}/git/refs/', repo);
    expect(refs.data[0].object.sha).toMatch(/^0+1$/);
    const createBody = r.fixtures[1].body as { ref: string; sha: string };
    const created = await c.octokit.rest.git.createRef({ ...repo, ...createBody });
    expect(created.status).toBe(201);
    const moved = await c.octokit.rest.git.updateRef({
      ...repo,
      ref: 'heads/test',
      ...(r.fixtures[2].body as { sha: string }),
    });
    expect(moved.status).toBe(200);
    const after = await c.octokit.request('GET /repos/{owner}/{repo}/git/refs/', {
      ...repo,
      request: { noCache: true },
    });
    expect(after.data).toHaveLength(2);
    expect((await c.octokit.rest.git.deleteRef({ ...repo, ref: 'heads/test' })).status).toBe(204);
    r.done();
  });

  it('get-content: JSON listing and the raw media type', async () => {
    const r = replay('get-content');
    const c = client();
    const repo = { owner, repo: 'hello-world' };
    const listing = await c.octokit.rest.repos.getContent({ ...repo, path: '' });
    expect(Array.isArray(listing.data)).toBe(true);
    const raw = await c.octokit.rest.repos.getContent({ ...repo, path: 'README.md', mediaType: { format: 'raw' } });
    expect(String(raw.data)).toMatch(/^# hello-world/);
    expect(r.sent[1].headers.accept).toBe('application/vnd.github.raw');
    r.done();
  });

  it('create-file: PUT contents with base64 content', async () => {
    const r = replay('create-file');
    const c = client();
    const body = r.fixtures[0].body as { message: string; content: string };
    const res = await c.octokit.rest.repos.createOrUpdateFileContents({
      owner,
      repo: 'create-file',
      path: 'test.txt',
      message: body.message,
      content: body.content,
    });
    expect(res.status).toBe(201);
    expect(res.data.content?.path).toBe('test.txt');
    r.done();
  });
});
