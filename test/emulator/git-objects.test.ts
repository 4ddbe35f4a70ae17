// Object ids equal real git's: blobs (hash-object), trees (mktree), commits (commit-tree), and through the API.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObjectStore } from '../../emulator/git-objects';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';

let dir: string;
const git = (args: string[], input?: string | Buffer, env: Record<string, string> = {}) =>
  execFileSync('git', args, { cwd: dir, input, env: { ...process.env, ...env } })
    .toString()
    .trim();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'git-ids-'));
  git(['init', '-q']);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('git object ids', () => {
  const store = new ObjectStore();

  it('blobs match git hash-object', () => {
    for (const content of ['', 'hello\n', 'no newline', Buffer.from([0, 1, 2, 255]), 'ünïcödé ✓\n'.repeat(100)]) {
      const buf = Buffer.from(content);
      expect(store.putBlob(buf)).toBe(git(['hash-object', '-w', '--stdin'], buf));
    }
  });

  it('trees match git mktree, with git ordering and every mode', () => {
    const a = git(['hash-object', '-w', '--stdin'], 'a');
    const b = git(['hash-object', '-w', '--stdin'], 'b');
    store.putBlob(Buffer.from('a'));
    store.putBlob(Buffer.from('b'));
    const sub = store.putTree([{ name: 'inner.txt', mode: '100644', type: 'blob', sha: a }]);
    const subGit = git(['mktree'], `100644 blob ${a}\tinner.txt\n`);
    expect(sub).toBe(subGit);
    // "foo" (tree) sorts after "foo.txt" in git's order ("foo/" > "foo.txt"), and "foo-bar" before both.
    const entries = [
      { name: 'foo', mode: '040000' as const, type: 'tree' as const, sha: sub },
      { name: 'foo.txt', mode: '100644' as const, type: 'blob' as const, sha: a },
      { name: 'foo-bar', mode: '100755' as const, type: 'blob' as const, sha: b },
      { name: 'link', mode: '120000' as const, type: 'blob' as const, sha: b },
      { name: 'module', mode: '160000' as const, type: 'commit' as const, sha: 'c'.repeat(40) },
    ];
    const mktreeInput = entries.map((e) => `${e.mode} ${e.type} ${e.sha}\t${e.name}`).join('\n') + '\n';
    expect(store.putTree(entries)).toBe(git(['mktree', '--missing'], mktreeInput));
    expect(store.tree(store.putTree(entries))!.map((e) => e.name)).toEqual([
      'foo-bar',
      'foo.txt',
      'foo',
      'link',
      'module',
    ]);
  });

  it('nested trees built from paths match git write-tree', () => {
    const flat = new Map([
      ['README.md', { mode: '100644' as const, sha: store.putBlob(Buffer.from('# hi\n')) }],
      ['src/a/b.ts', { mode: '100644' as const, sha: store.putBlob(Buffer.from('export {}\n')) }],
      ['src/run.sh', { mode: '100755' as const, sha: store.putBlob(Buffer.from('#!/bin/sh\n')) }],
    ]);
    const sub = git(['mktree'], `100644 blob ${git(['hash-object', '-w', '--stdin'], 'export {}\n')}\tb.ts\n`);
    const src = git(
      ['mktree'],
      `040000 tree ${sub}\ta\n100755 blob ${git(['hash-object', '-w', '--stdin'], '#!/bin/sh\n')}\trun.sh\n`,
    );
    const root = git(
      ['mktree'],
      `100644 blob ${git(['hash-object', '-w', '--stdin'], '# hi\n')}\tREADME.md\n040000 tree ${src}\tsrc\n`,
    );
    expect(store.buildTree(flat)).toBe(root);
  });

  it('commits match git commit-tree', () => {
    const tree = git(['mktree'], '');
    const date = '2024-05-01T12:34:56Z';
    const env = {
      GIT_AUTHOR_NAME: 'Mona',
      GIT_AUTHOR_EMAIL: 'mona@example.com',
      GIT_AUTHOR_DATE: `${Date.parse(date) / 1000} +0000`,
      GIT_COMMITTER_NAME: 'GitHub',
      GIT_COMMITTER_EMAIL: 'noreply@github.com',
      GIT_COMMITTER_DATE: `${Date.parse(date) / 1000} +0000`,
    };
    const first = git(['commit-tree', tree, '-m', 'first'], undefined, env);
    const second = git(['commit-tree', tree, '-p', first, '-m', 'second\n\nbody line'], undefined, env);
    const author = { name: 'Mona', email: 'mona@example.com', date };
    const committer = { name: 'GitHub', email: 'noreply@github.com', date };
    expect(store.emptyTree).toBe(tree);
    const c1 = store.putCommit({ tree, parents: [], author, committer, message: 'first\n' });
    expect(c1).toBe(first);
    expect(store.putCommit({ tree, parents: [c1], author, committer, message: 'second\n\nbody line\n' })).toBe(second);
    expect(store.commit(c1)).toEqual({ tree, parents: [], author, committer, message: 'first\n' });
  });
});

describe('git database API', () => {
  let emu: Emulator;
  const token = 'ghs_w';
  beforeAll(async () => {
    emu = await createEmulator({
      repositories: [
        {
          owner: 'octo',
          name: 'app',
          branches: { main: { 'README.md': '# app\n', 'src/a.ts': 'a\n', 'src/b.ts': 'b\n' } },
        },
      ],
      tokens: { [token]: { kind: 'workflow', repositories: ['octo/app'], permissions: { contents: 'write' } } },
    });
  });
  afterAll(() => emu.close());

  it('builds a commit from blobs, a tree on base_tree and moves the ref, with real ids', async () => {
    const repo = '/repos/octo/app';
    const blob = await call(emu.apiUrl, 'POST', `${repo}/git/blobs`, {
      token,
      body: { content: Buffer.from('new\n').toString('base64'), encoding: 'base64' },
    });
    expect(blob.status).toBe(201);
    expect(blob.body.sha).toBe(git(['hash-object', '--stdin'], 'new\n'));
    const ref = await call(emu.apiUrl, 'GET', `${repo}/git/ref/heads/main`, { token });
    const head = ref.body.object.sha;
    const commit = await call(emu.apiUrl, 'GET', `${repo}/git/commits/${head}`, { token });
    const tree = await call(emu.apiUrl, 'POST', `${repo}/git/trees`, {
      token,
      body: {
        base_tree: commit.body.tree.sha,
        tree: [
          { path: 'src/new.txt', mode: '100644', type: 'blob', sha: blob.body.sha },
          { path: 'docs/guide/index.md', mode: '100644', type: 'blob', content: '# Guide\n' },
          { path: 'bin/run', mode: '100755', type: 'blob', content: '#!/bin/sh\n' },
          { path: 'src/b.ts', mode: '100644', type: 'blob', sha: null },
        ],
      },
    });
    expect(tree.status).toBe(201);
    // The same tree built by git itself.
    const h = (s: string) => git(['hash-object', '-w', '--stdin'], s);
    const src = git(['mktree'], `100644 blob ${h('a\n')}\ta.ts\n100644 blob ${h('new\n')}\tnew.txt\n`);
    const guide = git(['mktree'], `100644 blob ${h('# Guide\n')}\tindex.md\n`);
    const docs = git(['mktree'], `040000 tree ${guide}\tguide\n`);
    const bin = git(['mktree'], `100755 blob ${h('#!/bin/sh\n')}\trun\n`);
    const root = git(
      ['mktree'],
      `100644 blob ${h('# app\n')}\tREADME.md\n040000 tree ${bin}\tbin\n040000 tree ${docs}\tdocs\n040000 tree ${src}\tsrc\n`,
    );
    expect(tree.body.sha).toBe(root);

    const created = await call(emu.apiUrl, 'POST', `${repo}/git/commits`, {
      token,
      body: { message: 'Add files', tree: tree.body.sha, parents: [head] },
    });
    expect(created.status).toBe(201);
    expect(created.body.verification).toMatchObject({ verified: true, reason: 'valid' });
    expect(created.body.author.name).toBe('github-actions[bot]');
    expect(created.body.committer).toMatchObject({ name: 'GitHub', email: 'noreply@github.com' });
    // Rebuild the whole history with git itself: the seeded commit, then this one.
    const asGit = (p: { name: string; email: string; date: string }, role: 'AUTHOR' | 'COMMITTER') => ({
      [`GIT_${role}_NAME`]: p.name,
      [`GIT_${role}_EMAIL`]: p.email,
      [`GIT_${role}_DATE`]: `${Date.parse(p.date) / 1000} +0000`,
    });
    const seedSrc = git(['mktree'], `100644 blob ${h('a\n')}\ta.ts\n100644 blob ${h('b\n')}\tb.ts\n`);
    const seedRoot = git(['mktree'], `100644 blob ${h('# app\n')}\tREADME.md\n040000 tree ${seedSrc}\tsrc\n`);
    expect(commit.body.tree.sha).toBe(seedRoot);
    const seedCommit = git(['commit-tree', seedRoot], 'Initial commit', {
      ...asGit(commit.body.author, 'AUTHOR'),
      ...asGit(commit.body.committer, 'COMMITTER'),
    });
    expect(seedCommit).toBe(head);
    const ours = git(['commit-tree', root, '-p', head], 'Add files', {
      ...asGit(created.body.author, 'AUTHOR'),
      ...asGit(created.body.committer, 'COMMITTER'),
    });
    expect(created.body.sha).toBe(ours);

    const custom = await call(emu.apiUrl, 'POST', `${repo}/git/commits`, {
      token,
      body: {
        message: 'x',
        tree: tree.body.sha,
        parents: [head],
        author: { name: 'Me', email: 'me@example.com', date: '2024-01-01T00:00:00Z' },
      },
    });
    expect(custom.body.verification.verified).toBe(false);

    const recursive = await call(emu.apiUrl, 'GET', `${repo}/git/trees/${tree.body.sha}?recursive=1`, { token });
    expect(recursive.body.truncated).toBe(false);
    expect(
      recursive.body.tree
        .filter((e: any) => e.type === 'blob')
        .map((e: any) => e.path)
        .sort(),
    ).toEqual(['README.md', 'bin/run', 'docs/guide/index.md', 'src/a.ts', 'src/new.txt']);

    const notFf = await call(emu.apiUrl, 'PATCH', `${repo}/git/refs/heads/main`, {
      token,
      body: { sha: custom.body.sha },
    });
    expect(notFf.status).toBe(200); // custom's parent is head: a fast forward
    const back = await call(emu.apiUrl, 'PATCH', `${repo}/git/refs/heads/main`, {
      token,
      body: { sha: created.body.sha },
    });
    expect(back.status).toBe(422);
    expect(back.body.message).toBe('Update is not a fast forward');
    const forced = await call(emu.apiUrl, 'PATCH', `${repo}/git/refs/heads/main`, {
      token,
      body: { sha: created.body.sha, force: true },
    });
    expect(forced.status).toBe(200);
    expect(emu.state.fileAt('octo/app', 'main', 'docs/guide/index.md')).toBe('# Guide\n');
    expect(emu.state.fileAt('octo/app', 'main', 'src/b.ts')).toBeUndefined();
  });
});
