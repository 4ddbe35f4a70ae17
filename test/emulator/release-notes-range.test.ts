// Generated release notes built from the tag range, as GitHub builds them: the merged pull requests whose commits
// are reachable from the tag (or `target_commitish` for a new tag) and not from the previous tag, a squash-merged
// one by its merge time, "New Contributors" for first merged pull requests, the "Full Changelog" compare link, and
// a first release's `commits/TAG` link.
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';

const REPO = 'octo/app';
const WEB = 'https://github.com/octo/app';
let emu: Emulator;
const api = (method: string, path: string, body?: unknown) =>
  call(emu.apiUrl, method, `/repos/${REPO}${path}`, { token: 'wf', body });

const pull = (title: string, user: string, head: string, mergedAt?: string) => ({
  title,
  user,
  pull: { head, files: [{ filename: `${head}.txt` }], merged: mergedAt !== undefined, mergedAt },
});

beforeAll(async () => {
  emu = await createEmulator({
    tokens: { wf: { kind: 'workflow', repositories: [REPO], permissions: { contents: 'write' } } },
    repositories: [
      {
        owner: 'octo',
        name: 'app',
        branches: { main: { 'README.md': '# app\n' } },
        issues: [
          // Merged late, but its commit is in v1.0.0: the graph, not the time, puts it in v1.0.0.
          pull('Old fix', 'bob', 'oldfix', '2030-01-01T00:00:00Z'),
          pull('Add login', 'alice', 'login', '2030-03-01T00:00:00Z'),
          // Squash-merged: its head is in no branch's history, so its merge time places it.
          pull('Squashed docs', 'carol', 'docs', '2030-06-01T00:00:00Z'),
          pull('Not merged', 'dave', 'wip'),
          pull('Second by bob', 'bob', 'second', '2031-01-01T00:00:00Z'),
        ],
      },
    ],
  });
  const state = emu.state;
  const repo = state.mustRepo(REPO);
  const headOf = (n: number, sha: string) => (repo.issues.get(n)!.pull!.headSha = sha);

  // #1 fast-forwards main, and v1.0.0 is released there.
  const oldfix = state.commitFiles(REPO, 'oldfix', { 'fix.txt': 'fixed' }, 'Fix', 'bob');
  headOf(1, oldfix);
  repo.refs.set('refs/heads/main', oldfix);
  expect((await api('POST', '/releases', { tag_name: 'v1.0.0', target_commitish: 'main' })).status).toBe(201);

  // #2 is merged by a merge commit; #5 fast-forwards after it.
  const login = state.commitFiles(REPO, 'login', { 'login.txt': 'login' }, 'Login', 'alice');
  headOf(2, login);
  const person = state.person('octocat');
  const merge = repo.objects.putCommit({
    tree: repo.objects.commit(login)!.tree,
    parents: [oldfix, login],
    author: person,
    committer: person,
    message: 'Merge pull request #2 from octo/login',
  });
  repo.refs.set('refs/heads/main', merge);
  const second = state.commitFiles(REPO, 'main', { 'second.txt': 'two' }, 'Second', 'bob');
  headOf(5, second);
});
afterAll(() => emu.close());

describe('generate-notes from the tag range', () => {
  it('a new tag: the pull requests merged since the previous release, new contributors, the compare link', async () => {
    const r = await api('POST', '/releases/generate-notes', { tag_name: 'v2.0.0', target_commitish: 'main' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      name: 'v2.0.0',
      body: [
        "## What's Changed",
        `* Add login by @alice in ${WEB}/pull/2`,
        `* Squashed docs by @carol in ${WEB}/pull/3`,
        `* Second by bob by @bob in ${WEB}/pull/5`,
        '',
        '## New Contributors',
        `* @alice made their first contribution in ${WEB}/pull/2`,
        `* @carol made their first contribution in ${WEB}/pull/3`,
        '',
        `**Full Changelog**: ${WEB}/compare/v1.0.0...v2.0.0`,
      ].join('\n'),
    });
    const named = await api('POST', '/releases/generate-notes', {
      tag_name: 'v2.0.0',
      target_commitish: 'main',
      previous_tag_name: 'v1.0.0',
    });
    expect(named.body).toEqual(r.body);
  });

  it('the range ends at the target: a branch behind main leaves out what main got later', async () => {
    const r = await api('POST', '/releases/generate-notes', { tag_name: 'v1.1.0', target_commitish: 'login' });
    expect(r.status).toBe(200);
    // login holds #2's commit but not #5's; #3 was squash-merged into main, not into login.
    expect(r.body.body).toContain(`* Add login by @alice in ${WEB}/pull/2`);
    expect(r.body.body).not.toContain('/pull/5');
    expect(r.body.body).not.toContain('/pull/3');
    expect(r.body.body).toMatch(/\*\*Full Changelog\*\*: .*\/compare\/v1\.0\.0\.\.\.v1\.1\.0$/);
  });

  it('a first release: the pull requests up to the tag and the commits/TAG link; the target is ignored', async () => {
    const r = await api('POST', '/releases/generate-notes', { tag_name: 'v1.0.0', target_commitish: 'main' });
    expect(r.status).toBe(200);
    expect(r.body.body).toBe(
      [
        "## What's Changed",
        `* Old fix by @bob in ${WEB}/pull/1`,
        '',
        '## New Contributors',
        `* @bob made their first contribution in ${WEB}/pull/1`,
        '',
        `**Full Changelog**: ${WEB}/commits/v1.0.0`,
      ].join('\n'),
    );
  });

  it('a release created with generate_release_notes gets the same notes after its own body', async () => {
    const r = await api('POST', '/releases', {
      tag_name: 'v2.0.0',
      target_commitish: 'main',
      body: 'Highlights.',
      generate_release_notes: true,
    });
    expect(r.status).toBe(201);
    expect(r.body.name).toBe('v2.0.0');
    expect(r.body.body).toMatch(/^Highlights\.\n\n## What's Changed\n\* Add login by @alice/);
    expect(r.body.body).toContain(`**Full Changelog**: ${WEB}/compare/v1.0.0...v2.0.0`);
    expect(r.body.body).not.toContain('Not merged');
  });
});
