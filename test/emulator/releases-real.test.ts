// Release behaviours of GitHub the emulator models from evidence: discussion categories through GraphQL
// and at publish, tags once used by immutable releases, tags whose commit brings workflow files.
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';

const WORKFLOW = 'ghs_wf';
const APP = 'ghs_app_with_workflows';
let emu: Emulator;
afterEach(() => emu?.close());

async function start(seed: Record<string, unknown> = {}) {
  emu = await createEmulator({
    tokens: {
      [WORKFLOW]: { kind: 'workflow', repositories: ['octo/app'], permissions: { contents: 'write' } },
      [APP]: {
        kind: 'installation',
        repositories: ['octo/app'],
        permissions: { contents: 'write', workflows: 'write', discussions: 'read' },
      },
    },
    repositories: [{ owner: 'octo', name: 'app', branches: { main: { 'README.md': 'x' } }, ...seed }],
  });
  return emu;
}

const graphql = (token: string) =>
  call(emu.apiUrl, 'POST', '/graphql', {
    token,
    body: {
      query:
        'query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) ' +
        '{ discussionCategories(first: 100) { nodes { name } } } }',
      variables: { owner: 'octo', name: 'app' },
    },
  });

describe('discussion categories', () => {
  it('GraphQL lists them; a token without discussions on a private repository gets an errors array in a 200', async () => {
    await start({ private: true, discussionCategories: ['General', 'Releases'] });
    const ok = await graphql(APP);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      data: { repository: { discussionCategories: { nodes: [{ name: 'General' }, { name: 'Releases' }] } } },
    });
    const refused = await graphql(WORKFLOW);
    expect(refused.status).toBe(200);
    expect(refused.body.errors[0]).toMatchObject({
      type: 'FORBIDDEN',
      message: 'Resource not accessible by integration',
    });
  });

  it('publishing with a category that does not exist: 404 "A Discussion could not be created" (ncipollo/release-action#398)', async () => {
    await start({ discussionCategories: ['General'] });
    const draft = await call(emu.apiUrl, 'POST', '/repos/octo/app/releases', {
      token: WORKFLOW,
      body: { tag_name: 'v1', draft: true },
    });
    const refused = await call(emu.apiUrl, 'PATCH', `/repos/octo/app/releases/${draft.body.id}`, {
      token: WORKFLOW,
      body: { draft: false, discussion_category_name: 'Announcements' },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toMatch(/A Discussion could not be created/);
    expect(emu.state.repo('octo/app')!.releases[0].draft).toBe(true);
    const published = await call(emu.apiUrl, 'PATCH', `/repos/octo/app/releases/${draft.body.id}`, {
      token: WORKFLOW,
      body: { draft: false, discussion_category_name: 'General' },
    });
    expect(published.status).toBe(200);
  });
});

describe('immutable releases', () => {
  it('a deleted immutable release leaves its tag unusable: 422 custom "tag_name was used by an immutable release"', async () => {
    await start({ immutableReleases: true });
    const created = await call(emu.apiUrl, 'POST', '/repos/octo/app/releases', {
      token: WORKFLOW,
      body: { tag_name: 'v1' },
    });
    expect(created.body.immutable).toBe(true);
    await call(emu.apiUrl, 'DELETE', `/repos/octo/app/releases/${created.body.id}`, { token: WORKFLOW });
    const again = await call(emu.apiUrl, 'POST', '/repos/octo/app/releases', {
      token: WORKFLOW,
      body: { tag_name: 'v1', draft: true },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual([
      { resource: 'Release', code: 'custom', field: 'tag_name', message: 'tag_name was used by an immutable release' },
    ]);
  });
});

describe('tags whose commit brings workflow files', () => {
  function workflowCommit(): string {
    const repo = emu.state.repo('octo/app')!;
    const head = repo.branch('main')!;
    const flat = repo.objects.flatten(repo.objects.commit(head)!.tree);
    flat.set('.github/workflows/ci.yml', { mode: '100644', sha: repo.objects.putBlob(Buffer.from('on: push\n')) });
    const who = { name: 'a', email: 'a@example.com', date: '2026-01-01T00:00:00Z' };
    return repo.objects.putCommit({
      tree: repo.objects.buildTree(flat),
      parents: [head],
      author: who,
      committer: who,
      message: 'ci',
    });
  }

  it('GITHUB_TOKEN: 404 (OpenAPI create-a-release), no tag; a token with workflows: created', async () => {
    await start();
    const sha = workflowCommit();
    const refused = await call(emu.apiUrl, 'POST', '/repos/octo/app/releases', {
      token: WORKFLOW,
      body: { tag_name: 'v1', target_commitish: sha },
    });
    expect(refused.status).toBe(404);
    expect(emu.state.repo('octo/app')!.refs.has('refs/tags/v1')).toBe(false);
    const allowed = await call(emu.apiUrl, 'POST', '/repos/octo/app/releases', {
      token: APP,
      body: { tag_name: 'v1', target_commitish: sha },
    });
    expect(allowed.status).toBe(201);
    expect(emu.state.repo('octo/app')!.refs.get('refs/tags/v1')).toBe(sha);
  });

  it('a commit already on a branch is fine with GITHUB_TOKEN', async () => {
    await start();
    const sha = workflowCommit();
    emu.state.repo('octo/app')!.refs.set('refs/heads/ci', sha);
    const created = await call(emu.apiUrl, 'POST', '/repos/octo/app/releases', {
      token: WORKFLOW,
      body: { tag_name: 'v1', target_commitish: sha },
    });
    expect(created.status).toBe(201);
  });
});
