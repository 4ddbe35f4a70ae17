// Behaviours of GitHub the OpenAPI description does not print (issue 39), each as the emulator answers it: transferred
// and deleted issues, empty assets, body limits and "was submitted too quickly". Evidence is cited in the emulator's
// modules (emulator/issue-moves.ts, emulator/body-limits.ts, emulator/routes/uploads.ts, emulator/faults.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { deleteIssue, transferIssue } from '../../emulator/issue-moves';
import { call } from '../../emulator/request';

let emu: Emulator;
const api = (method: string, path: string, o: Parameters<typeof call>[3] = {}) =>
  call(emu.apiUrl, method, path, { token: 'wf', ...o });

beforeEach(async () => {
  emu = await createEmulator({
    tokens: {
      wf: {
        kind: 'workflow',
        repositories: ['octo/app', 'octo/other'],
        permissions: { issues: 'write', contents: 'write', 'pull-requests': 'write' },
      },
      narrow: { kind: 'workflow', repositories: ['octo/app'], permissions: { issues: 'write' } },
    },
    repositories: [
      {
        owner: 'octo',
        name: 'app',
        branches: { main: { 'a.txt': 'a\n' }, topic: { 'a.txt': 'b\n' } },
        issues: [{ title: 'one' }, { title: 'two' }, { title: 'three' }],
        releases: [{ tag: 'v1.0.0', draft: true }],
      },
      { owner: 'octo', name: 'other', private: true, issues: [{ title: 'x' }, { title: 'y' }] },
    ],
  });
});
afterEach(() => emu.close());

describe('issues that left their repository', () => {
  it('a transferred issue answers 301 to /repositories/<id>/issues/<n>, whose answer names the other repository', async () => {
    const other = emu.state.repo('octo/other')!;
    const moved = transferIssue(emu.state.repo('octo/app')!, 2, other);
    expect(moved).toBe(3);
    const r = await api('GET', '/repos/octo/app/issues/2');
    expect(r.status).toBe(301);
    expect(r.headers.get('location')).toBe(`${emu.apiUrl}/repositories/${other.id}/issues/3`);
    const followed = await api('GET', '/repos/octo/app/issues/2', { redirect: 'follow' });
    expect(followed.status).toBe(200);
    expect(followed.body).toMatchObject({ number: 3, title: 'two' });
    expect(followed.body.repository_url).toMatch(/\/repos\/octo\/other$/);
    // A write is redirected with 307 (method and body repeated), a sub-resource keeps its tail.
    const write = await api('POST', '/repos/octo/app/issues/2/labels', { body: { labels: ['x'] } });
    expect(write.status).toBe(307);
    expect(write.headers.get('location')).toBe(`${emu.apiUrl}/repositories/${other.id}/issues/3/labels`);
  });

  it('a token that cannot read the new repository gets 404; GraphQL answers NOT_FOUND', async () => {
    transferIssue(emu.state.repo('octo/app')!, 1, emu.state.repo('octo/other')!);
    expect((await api('GET', '/repos/octo/app/issues/1', { token: 'narrow' })).status).toBe(404);
    const q = await api('POST', '/graphql', {
      body: { query: '{ repository(owner: "octo", name: "app") { issue(number: 1) { number } } }' },
    });
    expect(q.status).toBe(200);
    expect(q.body.errors?.[0]?.type).toBe('NOT_FOUND');
  });

  it('a deleted issue answers 410 Gone', async () => {
    deleteIssue(emu.state.repo('octo/app')!, 3);
    const r = await api('GET', '/repos/octo/app/issues/3');
    expect(r.status).toBe(410);
    expect((await api('PATCH', '/repos/octo/app/issues/3', { body: { state: 'closed' } })).status).toBe(410);
    expect((await api('GET', '/repos/octo/app/issues/99')).status).toBe(404);
  });
});

describe('limits GitHub enforces without printing them', () => {
  it('an empty asset: 422 size must be greater than or equal to 1', async () => {
    const release = emu.state.repo('octo/app')!.releases[0];
    const url = `${emu.uploadUrl}/repos/octo/app/releases/${release.id}/assets?name=empty.txt`;
    const r = await fetch(url, {
      method: 'POST',
      headers: { authorization: 'Bearer wf', 'content-type': 'text/plain', 'content-length': '0' },
      body: '',
    });
    expect(r.status).toBe(422);
    const body = (await r.json()) as { errors: { field: string; message: string }[] };
    expect(body.errors[0]).toMatchObject({ field: 'size', message: 'size must be greater than or equal to 1' });
    expect(release.assets).toHaveLength(0);
  });

  it('a release body over 125,000 characters is refused on create and update; 125,000 passes', async () => {
    const long = 'x'.repeat(125_001);
    const created = await api('POST', '/repos/octo/app/releases', {
      body: { tag_name: 'v2', draft: true, body: long },
    });
    expect(created.status).toBe(422);
    expect(created.body.errors[0].message).toBe('body is too long (maximum is 125000 characters)');
    const fits = await api('POST', '/repos/octo/app/releases', {
      body: { tag_name: 'v2', draft: true, body: long.slice(1) },
    });
    expect(fits.status).toBe(201);
    const patched = await api('PATCH', `/repos/octo/app/releases/${fits.body.id}`, { body: { body: long } });
    expect(patched.status).toBe(422);
  });

  it('a pull-request body over 65,536 characters is refused; counted in characters, not UTF-16 units', async () => {
    const refused = await api('POST', '/repos/octo/app/pulls', {
      body: { title: 't', head: 'topic', base: 'main', body: 'y'.repeat(65_537) },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toBe('body is too long (maximum is 65536 characters)');
    expect([...emu.state.repo('octo/app')!.issues.values()].some((i) => i.pull)).toBe(false);
    const emoji = await api('POST', '/repos/octo/app/pulls', {
      body: { title: 't', head: 'topic', base: 'main', body: '🙂'.repeat(65_536) },
    });
    expect(emoji.status).toBe(201);
  });

  it('"was submitted too quickly" is a 422, with or without retry-after', async () => {
    emu.faults.submittedTooQuickly({ method: 'POST', path: /\/comments$/, resource: 'IssueComment' });
    emu.faults.submittedTooQuickly({ method: 'POST', path: /\/comments$/, retryAfterSeconds: 5 });
    const first = await api('POST', '/repos/octo/app/issues/1/comments', { body: { body: 'hi' } });
    expect(first.status).toBe(422);
    expect(first.headers.get('retry-after')).toBeNull();
    expect(first.body.errors[0]).toMatchObject({ resource: 'IssueComment', message: 'was submitted too quickly' });
    const second = await api('POST', '/repos/octo/app/issues/1/comments', { body: { body: 'hi' } });
    expect(second.status).toBe(422);
    expect(second.headers.get('retry-after')).toBe('5');
    expect((await api('POST', '/repos/octo/app/issues/1/comments', { body: { body: 'hi' } })).status).toBe(201);
  });

  it('nodes(ids:) with more than 100 ids is refused as a whole (ARGUMENT_LIMIT); 100 unknown ids are 100 NOT_FOUNDs', async () => {
    const ask = (n: number) =>
      api('POST', '/graphql', {
        body: {
          query: 'query($ids: [ID!]!) { nodes(ids: $ids) { __typename } }',
          variables: { ids: Array.from({ length: n }, (_, i) => `I_missing${i}`) },
        },
      });
    const over = await ask(101);
    expect(over.body.data ?? null).toBeNull();
    expect(over.body.errors[0]).toMatchObject({
      type: 'ARGUMENT_LIMIT',
      message: 'You may not provide more than 100 node ids; you provided 101.',
    });
    const fits = await ask(100);
    expect(fits.body.data.nodes).toHaveLength(100);
    expect(fits.body.errors.every((e: { type: string }) => e.type === 'NOT_FOUND')).toBe(true);
  });

  it('read-after-write lag: pull-request creation and ref updates answer the documented 422s, then succeed', async () => {
    emu.faults.readAfterWriteLag({ on: 'pulls', base: 'main', head: 'topic' });
    emu.faults.readAfterWriteLag({ on: 'head-invalid' });
    emu.faults.readAfterWriteLag({ on: 'refs' });
    const create = () => api('POST', '/repos/octo/app/pulls', { body: { title: 't', head: 'topic', base: 'main' } });
    const first = await create();
    expect(first.status).toBe(422);
    expect(first.body.errors[0].message).toBe('No commits between main and topic');
    const second = await create();
    expect(second.body.errors[0]).toMatchObject({ field: 'head', code: 'invalid' });
    expect((await create()).status).toBe(201);
    const sha = emu.state.repo('octo/app')!.branch('topic')!;
    const ref = await api('PATCH', '/repos/octo/app/git/refs/heads/main', { body: { sha, force: true } });
    expect(ref.status).toBe(422);
    expect(ref.body.message).toBe('Reference update failed');
    expect((await api('PATCH', '/repos/octo/app/git/refs/heads/main', { body: { sha, force: true } })).status).toBe(
      200,
    );
  });
});
