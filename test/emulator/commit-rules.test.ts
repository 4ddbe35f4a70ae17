// GitHub's rules on the git database that the actions must never trip over, each
// with its evidence beside the emulator's code: workflow files and the workflow token, nesting branch names,
// deleting what is not a file, moving a ref that does not exist; and annotated tag objects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';

const repo = '/repos/octo/app';
const WORKFLOW = 'ghs_rules_workflow';
const APP = 'ghs_rules_app';

describe('git database rules', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await createEmulator({
      repositories: [
        {
          owner: 'octo',
          name: 'app',
          branches: { main: { 'README.md': '# app\n', 'src/a.ts': 'a\n' }, feature: { 'README.md': '# app\n' } },
        },
      ],
      tokens: {
        [WORKFLOW]: { kind: 'workflow', repositories: ['octo/app'], permissions: { contents: 'write' } },
        [APP]: {
          kind: 'installation',
          login: 'bot[bot]',
          repositories: ['octo/app'],
          permissions: { contents: 'write', workflows: 'write' },
        },
      },
    });
  });
  afterAll(() => emu.close());

  async function commitOnMain(tree: unknown[], token = WORKFLOW): Promise<string> {
    const head = (await call(emu.apiUrl, 'GET', `${repo}/git/ref/heads/main`, { token })).body.object.sha;
    const base = (await call(emu.apiUrl, 'GET', `${repo}/git/commits/${head}`, { token })).body.tree.sha;
    const t = await call(emu.apiUrl, 'POST', `${repo}/git/trees`, { token, body: { base_tree: base, tree } });
    expect(t.status, JSON.stringify(t.body)).toBe(201);
    const c = await call(emu.apiUrl, 'POST', `${repo}/git/commits`, {
      token,
      body: { message: 'm', tree: t.body.sha, parents: [head] },
    });
    return c.body.sha;
  }

  it('a ref update that changes .github/workflows is refused for the workflow token, allowed with `workflows`', async () => {
    const sha = await commitOnMain([
      { path: '.github/workflows/ci.yml', mode: '100644', type: 'blob', content: 'on: push\n' },
    ]);
    const refused = await call(emu.apiUrl, 'PATCH', `${repo}/git/refs/heads/main`, { token: WORKFLOW, body: { sha } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(
      /refusing to allow a GitHub App to create or update workflow `.github\/workflows\/ci.yml` without `workflows` permission/,
    );
    const allowed = await call(emu.apiUrl, 'PATCH', `${repo}/git/refs/heads/main`, { token: APP, body: { sha } });
    expect(allowed.status).toBe(200);
  });

  it('creating a branch that nests with an existing one is 422 "Reference update failed"', async () => {
    const head = (await call(emu.apiUrl, 'GET', `${repo}/git/ref/heads/main`, { token: WORKFLOW })).body.object.sha;
    for (const ref of ['refs/heads/feature/x', 'refs/heads/main/sub']) {
      const r = await call(emu.apiUrl, 'POST', `${repo}/git/refs`, { token: WORKFLOW, body: { ref, sha: head } });
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('Reference update failed');
    }
  });

  it.each([
    ['a path that does not exist', 'nope.txt'],
    ['a directory', 'src'],
  ])('a tree entry with sha null for %s is 422', async (_what, path) => {
    const head = (await call(emu.apiUrl, 'GET', `${repo}/git/ref/heads/feature`, { token: WORKFLOW })).body.object.sha;
    const base = (await call(emu.apiUrl, 'GET', `${repo}/git/commits/${head}`, { token: WORKFLOW })).body.tree.sha;
    const main = (await call(emu.apiUrl, 'GET', `${repo}/git/ref/heads/main`, { token: WORKFLOW })).body.object.sha;
    const mainTree = (await call(emu.apiUrl, 'GET', `${repo}/git/commits/${main}`, { token: WORKFLOW })).body.tree.sha;
    const r = await call(emu.apiUrl, 'POST', `${repo}/git/trees`, {
      token: WORKFLOW,
      body: { base_tree: path === 'src' ? mainTree : base, tree: [{ path, mode: '100644', type: 'blob', sha: null }] },
    });
    expect(r.status).toBe(422);
  });

  it('moving a ref that does not exist is 422 "Reference does not exist"', async () => {
    const head = (await call(emu.apiUrl, 'GET', `${repo}/git/ref/heads/main`, { token: WORKFLOW })).body.object.sha;
    const r = await call(emu.apiUrl, 'PATCH', `${repo}/git/refs/heads/nope`, { token: WORKFLOW, body: { sha: head } });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Reference does not exist');
  });

  it('an annotated tag object points at its commit; the tag ref names a tag object', async () => {
    const head = (await call(emu.apiUrl, 'GET', `${repo}/git/ref/heads/main`, { token: WORKFLOW })).body.object.sha;
    const tag = await call(emu.apiUrl, 'POST', `${repo}/git/tags`, {
      token: WORKFLOW,
      body: { tag: 'v1', message: 'Version 1', object: head, type: 'commit' },
    });
    expect(tag.status).toBe(201);
    expect(tag.body).toMatchObject({ tag: 'v1', message: 'Version 1', object: { sha: head, type: 'commit' } });
    await call(emu.apiUrl, 'POST', `${repo}/git/refs`, {
      token: WORKFLOW,
      body: { ref: 'refs/tags/v1', sha: tag.body.sha },
    });
    const ref = await call(emu.apiUrl, 'GET', `${repo}/git/ref/tags/v1`, { token: WORKFLOW });
    expect(ref.body.object).toMatchObject({ sha: tag.body.sha, type: 'tag' });
    const read = await call(emu.apiUrl, 'GET', `${repo}/git/tags/${tag.body.sha}`, { token: WORKFLOW });
    expect(read.body.object.sha).toBe(head);
  });
});
