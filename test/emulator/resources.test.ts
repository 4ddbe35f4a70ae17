// Resource behaviour: comments and reactions, pulls and files, contents with the sha guard, releases, search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';

let emu: Emulator;
const token = 'wf';
const api = (method: string, path: string, o: Parameters<typeof call>[3] = {}) =>
  call(emu.apiUrl, method, path, { token, ...o });

beforeAll(async () => {
  emu = await createEmulator({
    tokens: {
      wf: {
        kind: 'workflow',
        repositories: ['octo/app'],
        permissions: { issues: 'write', contents: 'write', 'pull-requests': 'write' },
      },
    },
    repositories: [
      {
        owner: 'octo',
        name: 'app',
        language: 'TypeScript',
        stars: 42,
        branches: {
          main: { 'README.md': '# app\n', 'src/a.ts': 'one\ntwo\n' },
          feature: { 'src/a.ts': 'one\nthree\n', 'docs/new.md': 'hi\n' },
        },
        issues: [
          { title: 'Crash on start', labels: ['bug'], comments: [{ body: 'me too', user: 'bob' }] },
          { title: 'Feature', pull: { head: 'feature' } },
          {
            title: 'Merged',
            state: 'closed',
            pull: { head: 'old', merged: true, files: [{ filename: 'x.md', status: 'added' }] },
          },
        ],
        releases: [
          { tag: 'v1.0.0', createdAt: '2020-01-01T00:00:00Z' },
          { tag: 'v1.1.0', draft: true },
        ],
      },
      { owner: 'octo', name: 'other', stars: 5, description: 'crash test dummy' },
    ],
  });
});
afterAll(() => emu.close());

describe('comments and reactions', () => {
  it('creates, lists, deletes (204) comments; reactions are 201 then 200', async () => {
    const created = await api('POST', '/repos/octo/app/issues/1/comments', { body: { body: 'Thanks!' } });
    expect(created.status).toBe(201);
    expect(created.body.user.login).toBe('github-actions[bot]');
    const list = await api('GET', '/repos/octo/app/issues/1/comments');
    expect(list.body.map((c: any) => c.body)).toEqual(['me too', 'Thanks!']);
    const first = await api('POST', `/repos/octo/app/issues/comments/${list.body[0].id}/reactions`, {
      body: { content: 'eyes' },
    });
    expect(first.status).toBe(201);
    const again = await api('POST', `/repos/octo/app/issues/comments/${list.body[0].id}/reactions`, {
      body: { content: 'eyes' },
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(
      (await api('POST', `/repos/octo/app/issues/comments/${list.body[0].id}/reactions`, { body: { content: 'wow' } }))
        .status,
    ).toBe(422);
    const del = await api('DELETE', `/repos/octo/app/issues/comments/${created.body.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
  });
});

describe('pull requests', () => {
  it('gets a pull request with files diffed from the branches', async () => {
    const pr = await api('GET', '/repos/octo/app/pulls/2');
    expect(pr.body).toMatchObject({
      number: 2,
      state: 'open',
      merged: false,
      head: { ref: 'feature' },
      base: { ref: 'main' },
      changed_files: 2,
    });
    expect(pr.body.head.sha).toBe(emu.state.branchSha('octo/app', 'feature'));
    const files = await api('GET', '/repos/octo/app/pulls/2/files');
    expect(files.body.map((f: any) => [f.filename, f.status, f.additions, f.deletions])).toEqual([
      ['docs/new.md', 'added', 1, 0],
      ['src/a.ts', 'modified', 1, 1],
    ]);
    expect((await api('GET', '/repos/octo/app/pulls?state=all')).body.map((p: any) => p.number)).toEqual([3, 2]);
  });

  it('422 when a pull request already exists for head → base', async () => {
    const r = await api('POST', '/repos/octo/app/pulls', { body: { title: 'again', head: 'feature', base: 'main' } });
    expect(r.status).toBe(422);
    expect(r.body.errors[0]).toMatchObject({
      resource: 'PullRequest',
      code: 'custom',
      message: 'A pull request already exists for octo:feature.',
    });
    expect(
      (await api('POST', '/repos/octo/app/pulls', { body: { title: 'x', head: 'nope', base: 'main' } })).body.errors[0],
    ).toMatchObject({ field: 'head', code: 'invalid' });
  });
});

describe('contents', () => {
  it('reads base64 and raw, lists directories, guards writes with sha (409)', async () => {
    const file = await api('GET', '/repos/octo/app/contents/src/a.ts');
    expect(file.body).toMatchObject({ type: 'file', encoding: 'base64', path: 'src/a.ts', size: 8 });
    expect(Buffer.from(file.body.content, 'base64').toString()).toBe('one\ntwo\n');
    const raw = await api('GET', '/repos/octo/app/contents/src/a.ts?ref=feature', {
      headers: { accept: 'application/vnd.github.raw' },
    });
    expect(raw.text).toBe('one\nthree\n');
    const dir = await api('GET', '/repos/octo/app/contents/src');
    expect(dir.body.map((e: any) => [e.name, e.type])).toEqual([['a.ts', 'file']]);
    expect((await api('GET', '/repos/octo/app/contents/missing.txt')).status).toBe(404);

    const content = Buffer.from('updated\n').toString('base64');
    const noSha = await api('PUT', '/repos/octo/app/contents/src/a.ts', { body: { message: 'm', content } });
    expect(noSha.status).toBe(422);
    const stale = await api('PUT', '/repos/octo/app/contents/src/a.ts', {
      body: { message: 'm', content, sha: 'f'.repeat(40) },
    });
    expect(stale.status).toBe(409);
    const ok = await api('PUT', '/repos/octo/app/contents/src/a.ts', {
      body: { message: 'Update a', content, sha: file.body.sha },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.commit.message).toBe('Update a');
    expect(emu.state.fileAt('octo/app', 'main', 'src/a.ts')).toBe('updated\n');
    const created = await api('PUT', '/repos/octo/app/contents/new/file.txt', { body: { message: 'Add', content } });
    expect(created.status).toBe(201);
    const removed = await api('DELETE', '/repos/octo/app/contents/new/file.txt', {
      body: { message: 'Remove', sha: created.body.content.sha },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.content).toBeNull();
  });
});

describe('releases', () => {
  it('hides drafts from the by-tag endpoint, lets drafts share a tag, refuses a second published one', async () => {
    expect((await api('GET', '/repos/octo/app/releases/tags/v1.1.0')).status).toBe(404);
    expect((await api('GET', '/repos/octo/app/releases')).body.map((r: any) => [r.tag_name, r.draft])).toContainEqual([
      'v1.1.0',
      true,
    ]);
    const draft2 = await api('POST', '/repos/octo/app/releases', { body: { tag_name: 'v1.1.0', draft: true } });
    expect(draft2.status).toBe(201);
    const dup = await api('POST', '/repos/octo/app/releases', { body: { tag_name: 'v1.0.0' } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual([{ resource: 'Release', code: 'already_exists', field: 'tag_name' }]);
  });

  it('publishes with generated notes and make_latest', async () => {
    const r = await api('POST', '/repos/octo/app/releases', {
      body: { tag_name: 'v2.0.0', generate_release_notes: true, make_latest: 'true' },
    });
    expect(r.status).toBe(201);
    expect(r.body.body).toContain('* Merged by @octocat in https://github.com/octo/app/pull/3');
    expect(r.body.body).toContain('**Full Changelog**: https://github.com/octo/app/compare/v1.0.0...v2.0.0');
    expect(emu.state.repo('octo/app')!.refs.get('refs/tags/v2.0.0')).toBe(emu.state.branchSha('octo/app', 'main'));
    expect((await api('GET', '/repos/octo/app/releases/latest')).body.tag_name).toBe('v2.0.0');
    const notLatest = await api('POST', '/repos/octo/app/releases', {
      body: { tag_name: 'v0.9.0', make_latest: 'false' },
    });
    expect(notLatest.status).toBe(201);
    expect((await api('GET', '/repos/octo/app/releases/latest')).body.tag_name).toBe('v2.0.0');
  });
});

describe('refs, tags and the token identity', () => {
  it('lists every ref, the tags, and answers /user only for user tokens', async () => {
    const refs = (await api('GET', '/repos/octo/app/git/refs')).body.map((r: any) => r.ref);
    expect(refs).toEqual(expect.arrayContaining(['refs/heads/main', 'refs/heads/feature', 'refs/tags/v1.0.0']));
    expect((await api('GET', '/repos/octo/app/tags')).body.map((t: any) => t.name)).toContain('v1.0.0');
    expect((await api('GET', '/user')).status).toBe(403);
  });

  it('gets a branch with its commit; 404 for a missing one', async () => {
    const b = await api('GET', '/repos/octo/app/branches/feature');
    expect(b.body).toMatchObject({
      name: 'feature',
      protected: false,
      commit: { sha: emu.state.branchSha('octo/app', 'feature') },
    });
    expect(b.body.commit.commit.tree.sha).toBe(emu.state.commit('octo/app', b.body.commit.sha)!.tree);
    expect((await api('GET', '/repos/octo/app/branches/nope')).status).toBe(404);
  });

  it('keeps symlinks and executables in trees, and lists them in contents', async () => {
    const head = emu.state.branchSha('octo/app', 'main')!;
    const tree = await api('POST', '/repos/octo/app/git/trees', {
      body: {
        base_tree: emu.state.commit('octo/app', head)!.tree,
        tree: [
          { path: 'link', mode: '120000', type: 'blob', content: 'README.md' },
          { path: 'run.sh', mode: '100755', type: 'blob', content: '#!/bin/sh\n' },
          { path: 'sub', mode: '040000', type: 'tree', sha: emu.state.commit('octo/app', head)!.tree },
        ],
      },
    });
    expect(tree.status).toBe(201);
    const modes = Object.fromEntries(tree.body.tree.map((e: any) => [e.path, `${e.mode} ${e.type}`]));
    expect(modes).toMatchObject({ link: '120000 blob', 'run.sh': '100755 blob', sub: '040000 tree' });
    const bad = await api('POST', '/repos/octo/app/git/trees', {
      body: { tree: [{ path: 'x', mode: '100644', type: 'tree', sha: head }] },
    });
    expect(bad.status).toBe(422);
  });
});

describe('recursive trees', () => {
  it('sets truncated when the listing is cut by truncateTreesAbove', async () => {
    const small = await createEmulator(
      {
        tokens: { t: { kind: 'user', login: 'octo' } },
        repositories: [
          {
            owner: 'octo',
            name: 'big',
            branches: { main: Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`d${i}/f.txt`, `${i}`])) },
          },
        ],
      },
      { truncateTreesAbove: 10 },
    );
    try {
      const r = await call(small.apiUrl, 'GET', '/repos/octo/big/git/trees/main?recursive=1', { token: 't' });
      expect(r.body.truncated).toBe(true);
      expect(r.body.tree).toHaveLength(10);
      const flat = await call(small.apiUrl, 'GET', '/repos/octo/big/git/trees/main', { token: 't' });
      expect(flat.body).toMatchObject({ truncated: false });
      expect(flat.body.tree).toHaveLength(8);
    } finally {
      await small.close();
    }
  });
});

describe('search', () => {
  it('searches issues and repositories with qualifiers', async () => {
    const issues = await api(
      'GET',
      '/search/issues?q=' + encodeURIComponent('repo:octo/app is:issue is:open label:bug crash'),
    );
    expect(issues.body.total_count).toBe(1);
    expect(issues.body.items[0]).toMatchObject({ number: 1, score: 1 });
    const prs = await api('GET', '/search/issues?q=' + encodeURIComponent('repo:octo/app is:pr'));
    expect(prs.body.items.map((i: any) => i.number).sort()).toEqual([2, 3]);
    const repos = await api(
      'GET',
      '/search/repositories?q=' + encodeURIComponent('user:octo stars:>10 language:typescript'),
    );
    expect(repos.body.items.map((r: any) => r.full_name)).toEqual(['octo/app']);
    expect((await api('GET', '/search/repositories?q=crash')).body.items.map((r: any) => r.full_name)).toEqual([
      'octo/other',
    ]);
    expect((await api('GET', '/search/issues?q=repo:octo/app&per_page=100&page=11')).status).toBe(422);
  });
});
