// Conventions: headers, auth, pagination, ETags, error shapes, redirects, permissions, visibility.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';
import type { Scenario } from '../../emulator/types';

const scenario: Scenario = {
  tokens: {
    wf: {
      kind: 'workflow',
      repositories: ['octo/app'],
      permissions: { issues: 'write', contents: 'read', 'pull-requests': 'read' },
    },
    ro: { kind: 'workflow', repositories: ['octo/app'], permissions: { contents: 'read' } },
    alice: { kind: 'user', login: 'alice' },
    sec: { kind: 'workflow', repositories: ['octo/secret'], permissions: { issues: 'read' } },
  },
  repositories: [
    {
      owner: 'octo',
      name: 'app',
      renamedFrom: ['octo/old-app'],
      labels: Array.from({ length: 105 }, (_, i) => ({ name: `label-${String(i).padStart(3, '0')}`, color: '00ff00' })),
      issues: [
        { title: 'Bug', labels: ['label-000'] },
        { title: 'Closed', state: 'closed' },
        { title: 'A PR', pull: { head: 'feature', files: [{ filename: 'a.ts' }] } },
      ],
      collaborators: { alice: 'maintain', bob: 'triage' },
    },
    { owner: 'octo', name: 'secret', private: true },
  ],
};

let emu: Emulator;
const api = (method: string, path: string, o: Parameters<typeof call>[3] = {}) => call(emu.apiUrl, method, path, o);

beforeAll(async () => {
  emu = await createEmulator(scenario);
});
afterAll(() => emu.close());

describe('headers and auth', () => {
  it('GET / reports the selected API version; every response has ETag and rate-limit headers', async () => {
    const root = await api('GET', '/', { headers: { 'x-github-api-version': '2022-11-28' } });
    expect(root.status).toBe(200);
    expect(root.headers.get('x-github-api-version-selected')).toBe('2022-11-28');
    const r = await api('GET', '/repos/octo/app/labels', { token: 'wf' });
    for (const h of [
      'etag',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-used',
      'x-ratelimit-reset',
      'x-ratelimit-resource',
      'x-github-request-id',
    ]) {
      expect(r.headers.get(h), h).toBeTruthy();
    }
    expect(r.headers.get('x-ratelimit-limit')).toBe('1000');
    const bad = await api('GET', '/repos/octo/app/nope', { token: 'wf' });
    expect(bad.headers.get('etag')).toBeTruthy();
  });

  it('rejects a missing User-Agent, bad credentials and unsupported versions', async () => {
    const res = await fetch(`${emu.apiUrl}/repos/octo/app`, { headers: { 'user-agent': '' } });
    expect(res.status).toBe(403);
    const bad = await api('GET', '/repos/octo/app', { token: 'nope' });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe('Bad credentials');
    const tokenForm = await api('GET', '/repos/octo/app', { headers: { authorization: 'token wf' } });
    expect(tokenForm.status).toBe(200);
    expect((await api('GET', '/', { headers: { 'x-github-api-version': '1999-01-01' } })).status).toBe(400);
  });

  it('serves /meta and /rate_limit without counting', async () => {
    const meta = await api('GET', '/meta');
    expect(meta.status).toBe(200);
    expect(meta.body.ssh_key_fingerprints.SHA256_ED25519).toBeTruthy();
    const before = (await api('GET', '/rate_limit', { token: 'alice' })).body.resources.core.used;
    const after = (await api('GET', '/rate_limit', { token: 'alice' })).body.resources.core;
    expect(after.used).toBe(before);
    expect(after.limit).toBe(5000);
    expect(emu.log.entries.filter((e) => e.path === '/rate_limit').every((e) => !e.counted)).toBe(true);
  });
});

describe('pagination and conditional requests', () => {
  it('pages with per_page/page and absolute Link URLs naming the repository by id', async () => {
    const first = await api('GET', '/repos/octo/app/labels', { token: 'wf' });
    expect(first.body).toHaveLength(30);
    const link = first.headers.get('link')!;
    const id = emu.state.repo('octo/app')!.id;
    expect(link).toContain(`<${emu.apiUrl}/repositories/${id}/labels?page=2>; rel="next"`);
    expect(link).toContain(`<${emu.apiUrl}/repositories/${id}/labels?page=4>; rel="last"`);
    const second = await api('GET', `/repositories/${id}/labels?page=2`, { token: 'wf' });
    expect(second.body[0].name).toBe('label-030');
    const big = await api('GET', '/repos/octo/app/labels?per_page=500', { token: 'wf' });
    expect(big.body).toHaveLength(100);
    expect(big.headers.get('link')).toContain('per_page=500&page=2>; rel="next"');
    const mid = await api('GET', '/repos/octo/app/labels?per_page=25&page=2', { token: 'wf' });
    expect(mid.body[0].name).toBe('label-025');
    const midLink = mid.headers.get('link')!;
    for (const rel of ['prev', 'next', 'last', 'first']) expect(midLink).toContain(`rel="${rel}"`);
    expect(midLink).toContain('per_page=25&page=3>; rel="next"');
  });

  it('answers If-None-Match with a free 304, and a changed resource with 200', async () => {
    const first = await api('GET', '/repos/octo/app/issues', { token: 'wf' });
    const etag = first.headers.get('etag')!;
    const used = Number(first.headers.get('x-ratelimit-used'));
    const again = await api('GET', '/repos/octo/app/issues', { token: 'wf', headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(Number(again.headers.get('x-ratelimit-used'))).toBe(used);
    expect(emu.log.entries.at(-1)).toMatchObject({ status: 304, counted: false, notModified: true, points: 0 });
    await api('POST', '/repos/octo/app/issues/1/labels', { token: 'wf', body: { labels: ['label-001'] } });
    const changed = await api('GET', '/repos/octo/app/issues', { token: 'wf', headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
  });
});

describe('Last-Modified', () => {
  it('honours If-Modified-Since on resources that send Last-Modified', async () => {
    const first = await api('GET', '/repos/octo/app/issues/2', { token: 'wf' });
    const lastModified = first.headers.get('last-modified')!;
    expect(lastModified).toMatch(/GMT$/);
    const same = await api('GET', '/repos/octo/app/issues/2', {
      token: 'wf',
      headers: { 'if-modified-since': lastModified },
    });
    expect(same.status).toBe(304);
    expect(emu.log.entries.at(-1)).toMatchObject({ notModified: true, counted: false });
    const old = await api('GET', '/repos/octo/app/issues/2', {
      token: 'wf',
      headers: { 'if-modified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' },
    });
    expect(old.status).toBe(200);
  });
});

describe('issues and labels', () => {
  it('lists pull requests among issues and counts them in open_issues_count', async () => {
    const list = await api('GET', '/repos/octo/app/issues', { token: 'wf' });
    expect(list.body.map((i: any) => [i.number, 'pull_request' in i])).toEqual([
      [3, true],
      [1, false],
    ]);
    const all = await api('GET', '/repos/octo/app/issues?state=all&direction=asc', { token: 'wf' });
    expect(all.body.map((i: any) => i.number)).toEqual([1, 2, 3]);
    const repo = await api('GET', '/repos/octo/app', { token: 'wf' });
    expect(repo.body.open_issues_count).toBe(2);
    expect(repo.body.default_branch).toBe('main');
  });

  it('answers the documented error shapes', async () => {
    const dup = await api('POST', '/repos/octo/app/labels', { token: 'wf', body: { name: 'LABEL-000' } });
    expect(dup.status).toBe(422);
    expect(dup.body).toMatchObject({
      message: 'Validation Failed',
      errors: [{ resource: 'Label', code: 'already_exists', field: 'name' }],
    });
    expect(dup.body.documentation_url).toMatch(/^https:\/\/docs\.github\.com/);
    const noTitle = await api('POST', '/repos/octo/app/issues', { token: 'wf', body: { body: 'x' } });
    expect(noTitle.body.errors).toEqual([{ resource: 'Issue', code: 'missing_field', field: 'title' }]);
    const color = await api('POST', '/repos/octo/app/labels', { token: 'wf', body: { name: 'x', color: 'red' } });
    expect(color.body.errors[0]).toMatchObject({ code: 'invalid', field: 'color' });
    const del = await api('DELETE', '/repos/octo/app/issues/1', { token: 'wf' });
    expect(del.status).toBe(404);
    const notOn = await api('DELETE', '/repos/octo/app/issues/1/labels/label-050', { token: 'wf' });
    expect(notOn.status).toBe(404);
    expect(notOn.body.message).toBe('Label does not exist');
    const badJson = await fetch(`${emu.apiUrl}/repos/octo/app/labels`, {
      method: 'POST',
      headers: { 'user-agent': 't', authorization: 'Bearer wf' },
      body: '{',
    });
    expect(badJson.status).toBe(400);
  });

  it('adds labels to an issue, creating missing ones', async () => {
    const r = await api('POST', '/repos/octo/app/issues/1/labels', { token: 'wf', body: { labels: ['brand-new'] } });
    expect(r.status).toBe(200);
    expect(r.body.map((l: any) => l.name)).toContain('brand-new');
    expect(emu.state.repo('octo/app')!.label('BRAND-NEW')).toBeTruthy();
  });
});

describe('permissions, visibility and redirects', () => {
  it('403 for a missing permission, naming it', async () => {
    const r = await api('POST', '/repos/octo/app/labels', { token: 'ro', body: { name: 'x' } });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Resource not accessible by integration');
    expect(r.headers.get('x-accepted-github-permissions')).toBe('issues=write; pull_requests=write');
  });

  it('reads of a private repository need the permission; public data is readable by any token', async () => {
    expect((await api('GET', '/repos/octo/secret/issues', { token: 'sec' })).status).toBe(200);
    const r = await api('GET', '/repos/octo/secret/contents/README.md', { token: 'sec' });
    expect(r.status).toBe(403);
    expect(r.headers.get('x-accepted-github-permissions')).toBe('contents=read');
    expect((await api('GET', '/repos/octo/app/contents/README.md', { token: 'sec' })).status).toBe(404); // no such file, but readable
  });

  it('404 for a private repository the token cannot see', async () => {
    expect((await api('GET', '/repos/octo/secret', { token: 'wf' })).status).toBe(404);
    expect((await api('GET', '/repos/octo/secret')).status).toBe(404);
  });

  it('301 for a renamed repository, with a Location that works', async () => {
    const r = await api('GET', '/repos/octo/old-app/labels?per_page=2', { token: 'wf' });
    expect(r.status).toBe(301);
    const location = r.headers.get('location')!;
    expect(location).toBe(`${emu.apiUrl}/repositories/${emu.state.repo('octo/app')!.id}/labels?per_page=2`);
    expect(r.body).toMatchObject({ message: 'Moved Permanently', url: location });
    const followed = await api('GET', location, { token: 'wf' });
    expect(followed.body).toHaveLength(2);
    expect((await api('POST', '/repos/octo/old-app/labels', { token: 'wf', body: { name: 'z' } })).status).toBe(307);
  });

  it('reports collaborator permission and role', async () => {
    const alice = await api('GET', '/repos/octo/app/collaborators/alice/permission', { token: 'wf' });
    expect(alice.body).toMatchObject({ permission: 'write', role_name: 'maintain', user: { login: 'alice' } });
    const bob = await api('GET', '/repos/octo/app/collaborators/bob/permission', { token: 'wf' });
    expect(bob.body).toMatchObject({ permission: 'read', role_name: 'triage' });
    const owner = await api('GET', '/repos/octo/app/collaborators/octo/permission', { token: 'wf' });
    expect(owner.body.permission).toBe('admin');
  });
});
