// GitHub Enterprise Server mode (ghes.ts), rate limiting off, Enterprise Cloud's workflow limit, permissions by item
// type on issue routes (item-permissions.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';
import type { Scenario } from '../../emulator/types';

const scenario: Scenario = {
  tokens: {
    wf: {
      kind: 'workflow',
      repositories: ['octo/app'],
      permissions: { issues: 'write', contents: 'write', discussions: 'read' },
    },
    prs: { kind: 'workflow', repositories: ['octo/app'], permissions: { 'pull-requests': 'write' } },
  },
  repositories: [
    {
      owner: 'octo',
      name: 'app',
      labels: Array.from({ length: 3 }, (_, i) => ({ name: `l${i}`, color: '00ff00' })),
      branches: { main: { 'README.md': 'hi' }, feature: { 'README.md': 'hi', 'a.ts': 'x' } },
      issues: [{ title: 'Bug' }, { title: 'A PR', pull: { head: 'feature' } }],
      releases: [{ tag: 'v1', draft: true }],
    },
  ],
};

describe('GHES mode', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await createEmulator(scenario, { ghes: { version: '3.14.1' } });
  });
  afterAll(() => emu.close());

  it('serves the API under /api/v3 with x-github-enterprise-version and no x-ratelimit-* headers', async () => {
    expect(emu.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v3$/);
    expect(emu.serverUrl).toBe(new URL(emu.apiUrl).origin);
    const r = await call(emu.apiUrl, 'GET', '/repos/octo/app/labels', { token: 'wf' });
    expect(r.status).toBe(200);
    expect(r.body.map((l: { name: string }) => l.name)).toEqual(['l0', 'l1', 'l2']);
    expect(r.headers.get('x-github-enterprise-version')).toBe('3.14.1');
    expect([...r.headers.keys()].filter((k) => k.startsWith('x-ratelimit'))).toEqual([]);
    // Outside /api/v3 and the two other prefixes nothing answers.
    expect((await call(emu.serverUrl, 'GET', '/repos/octo/app/labels', { token: 'wf' })).status).toBe(404);
  });

  it('answers GET /rate_limit 404 "Rate limiting is not enabled."', async () => {
    const r = await call(emu.apiUrl, 'GET', '/rate_limit', { token: 'wf' });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Rate limiting is not enabled.');
    expect(r.body.documentation_url).toMatch(/^https:\/\/docs\.github\.com\//);
  });

  it('never refuses for the primary limit however many requests are made', async () => {
    const small = await createEmulator(scenario, { ghes: true, limits: { workflow: 2 } });
    try {
      for (let i = 0; i < 5; i++)
        expect((await call(small.apiUrl, 'GET', '/repos/octo/app/labels', { token: 'wf' })).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('answers GraphQL at /api/graphql, and /api/v3/graphql is a 404', async () => {
    expect(emu.graphqlUrl).toBe(`${emu.serverUrl}/api/graphql`);
    const query =
      'query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { discussionCategories(first: 100) { nodes { name } } } }';
    const body = { query, variables: { owner: 'octo', name: 'app' } };
    const r = await call(emu.graphqlUrl, 'POST', '', { token: 'wf', body });
    expect(r.status).toBe(200);
    expect(r.body.data.repository.discussionCategories.nodes.length).toBeGreaterThan(0);
    expect((await call(emu.apiUrl, 'POST', '/graphql', { token: 'wf', body })).status).toBe(404);
  });

  it('names upload_url under /api/uploads on the same origin and accepts the upload there', async () => {
    const releases = await call(emu.apiUrl, 'GET', '/repos/octo/app/releases', { token: 'wf' });
    const uploadUrl = String(releases.body[0].upload_url).replace(/\{[^}]*\}$/, '');
    expect(uploadUrl).toBe(`${emu.serverUrl}/api/uploads/repos/octo/app/releases/${releases.body[0].id}/assets`);
    const res = await fetch(`${uploadUrl}?name=a.txt`, {
      method: 'POST',
      headers: { authorization: 'Bearer wf', 'user-agent': 't', 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { name: string }).name).toBe('a.txt');
  });

  it('names the repository by id in Link headers under /api/v3', async () => {
    const r = await call(emu.apiUrl, 'GET', '/repos/octo/app/labels?per_page=1', { token: 'wf' });
    const id = emu.state.repo('octo/app')!.id;
    expect(r.headers.get('link')).toContain(`<${emu.apiUrl}/repositories/${id}/labels?per_page=1&page=2>; rel="next"`);
  });
});

describe('rate limiting and Enterprise Cloud options on github.com mode', () => {
  it('rateLimiting: false drops the headers there too', async () => {
    const emu = await createEmulator(scenario, { ghes: false, rateLimiting: false });
    try {
      const r = await call(emu.apiUrl, 'GET', '/repos/octo/app/labels', { token: 'wf' });
      expect(r.headers.get('x-ratelimit-limit')).toBeNull();
      expect(r.headers.get('x-github-enterprise-version')).toBeNull();
      expect((await call(emu.apiUrl, 'GET', '/rate_limit', { token: 'wf' })).status).toBe(404);
    } finally {
      await emu.close();
    }
  });

  it('enterpriseCloud: a workflow token has 15,000 requests an hour', async () => {
    const emu = await createEmulator(scenario, { ghes: false, enterpriseCloud: true });
    try {
      const r = await call(emu.apiUrl, 'GET', '/rate_limit', { token: 'wf' });
      expect(r.body.resources.core.limit).toBe(15_000);
      const labels = await call(emu.apiUrl, 'GET', '/repos/octo/app/labels', { token: 'wf' });
      expect(labels.headers.get('x-ratelimit-limit')).toBe('15000');
    } finally {
      await emu.close();
    }
  });
});

describe('issue routes: the item decides the permission', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await createEmulator(scenario, { ghes: false });
  });
  afterAll(() => emu.close());
  const labels = { labels: ['l0'] };

  it('issues: write labels and comments on an issue, but gets 403 on a pull request', async () => {
    expect(
      (await call(emu.apiUrl, 'POST', '/repos/octo/app/issues/1/labels', { token: 'wf', body: labels })).status,
    ).toBe(200);
    const pr = await call(emu.apiUrl, 'POST', '/repos/octo/app/issues/2/labels', { token: 'wf', body: labels });
    expect(pr.status).toBe(403);
    expect(pr.body.message).toBe('Resource not accessible by integration');
    expect(pr.headers.get('x-accepted-github-permissions')).toBe('pull_requests=write');
    const comment = await call(emu.apiUrl, 'POST', '/repos/octo/app/issues/2/comments', {
      token: 'wf',
      body: { body: 'x' },
    });
    expect(comment.status).toBe(403);
    expect(emu.state.repo('octo/app')!.issues.get(2)!.labels).toEqual([]);
  });

  it('pull-requests: write labels a pull request, but gets 403 on an issue', async () => {
    expect(
      (await call(emu.apiUrl, 'POST', '/repos/octo/app/issues/2/labels', { token: 'prs', body: labels })).status,
    ).toBe(200);
    const issue = await call(emu.apiUrl, 'POST', '/repos/octo/app/issues/1/assignees', {
      token: 'prs',
      body: { assignees: ['octo'] },
    });
    expect(issue.status).toBe(403);
    expect(issue.headers.get('x-accepted-github-permissions')).toBe('issues=write');
  });

  it('a repository-wide issue route accepts either permission and names both sets', async () => {
    const r = await call(emu.apiUrl, 'POST', '/repos/octo/app/labels', {
      token: 'prs',
      body: { name: 'new', color: '000000' },
    });
    expect(r.status).toBe(201);
  });

  it('every 403 carries x-accepted-github-permissions', async () => {
    const r = await call(emu.apiUrl, 'PUT', '/repos/octo/app/contents/x.txt', {
      token: 'prs',
      body: { message: 'x', content: Buffer.from('x').toString('base64') },
    });
    expect(r.status).toBe(403);
    expect(r.headers.get('x-accepted-github-permissions')).toBe('contents=write');
  });
});
