// The emulator's responses carry every field real GitHub sent in the traffic recorded by @octokit/fixtures.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';

interface Recorded {
  method: string;
  path: string;
  status: number;
  response: any;
  headers: Record<string, string>;
}

const require = createRequire(import.meta.url);
function recorded(scenario: string, pick: (r: Recorded) => boolean): Recorded {
  const all = require(`@octokit/fixtures/scenarios/api.github.com/${scenario}/normalized-fixture.json`) as Recorded[];
  const hit = all.find(pick);
  if (!hit) throw new Error(`no recorded request in ${scenario}`);
  return hit;
}

/** Fields GitHub sends that depend on things the emulator does not model (organisations, merge settings, the caller). */
const NOT_MODELLED = new Set([
  'permissions',
  'temp_clone_token',
  'organization',
  'allow_squash_merge',
  'allow_merge_commit',
  'allow_rebase_merge',
  'allow_auto_merge',
  'delete_branch_on_merge',
  'allow_update_branch',
  'use_squash_pr_title_as_default',
  'request_id',
  'squash_merge_commit_title',
  'squash_merge_commit_message',
  'merge_commit_title',
  'merge_commit_message',
  'security_and_analysis',
  'html_url',
  'url',
]);

function missingKeys(real: object, ours: object): string[] {
  return Object.keys(real).filter((k) => !(k in ours) && !NOT_MODELLED.has(k));
}

let emu: Emulator;
const token = 'wf';
const api = (method: string, path: string, o: Parameters<typeof call>[3] = {}) =>
  call(emu.apiUrl, method, path, { token, ...o });

beforeAll(async () => {
  emu = await createEmulator({
    tokens: { wf: { kind: 'user', login: 'octo' } },
    repositories: [
      {
        owner: 'octo',
        name: 'app',
        branches: { main: { 'README.md': '# hello-world\n', 'docs/a.md': 'a' } },
        issues: [{ title: 'one', labels: ['bug'] }],
        releases: [{ tag: 'v1.0.0' }],
      },
    ],
  });
});
afterAll(() => emu.close());

describe('response fields match recorded GitHub traffic', () => {
  it('label, issue, search result, repository', async () => {
    const label = recorded('labels', (r) => r.method === 'post' && r.status === 201).response;
    expect(
      missingKeys(label, (await api('POST', '/repos/octo/app/labels', { body: { name: 'x', color: 'ffffff' } })).body),
    ).toEqual([]);
    const issue = recorded('paginate-issues', (r) => r.method === 'get').response[0];
    expect(missingKeys(issue, (await api('GET', '/repos/octo/app/issues')).body[0])).toEqual([]);
    const search = recorded('search-issues', () => true).response;
    const ours = (await api('GET', '/search/issues?q=repo:octo/app')).body;
    expect(missingKeys(search, ours)).toEqual([]);
    expect(missingKeys(search.items[0], ours.items[0])).toEqual([]);
    const repo = recorded('get-repository', () => true).response;
    expect(missingKeys(repo, (await api('GET', '/repos/octo/app')).body)).toEqual([]);
  });

  it('contents: a listing and a write', async () => {
    const listing = recorded('get-content', (r) => r.method === 'get' && Array.isArray(r.response)).response[0];
    expect(missingKeys(listing, (await api('GET', '/repos/octo/app/contents/')).body[0])).toEqual([]);
    const write = recorded('create-file', (r) => r.method === 'put').response;
    const ours = (
      await api('PUT', '/repos/octo/app/contents/test.txt', {
        body: { message: 'add', content: Buffer.from('x').toString('base64') },
      })
    ).body;
    expect(missingKeys(write, ours)).toEqual([]);
    expect(missingKeys(write.content, ours.content)).toEqual([]);
    expect(missingKeys(write.commit, ours.commit)).toEqual([]);
  });

  it('release, asset upload and its conflict', async () => {
    const release = recorded('release-assets', (r) => r.method === 'get' && /releases\/tags/.test(r.path)).response;
    const ours = (await api('GET', '/repos/octo/app/releases/tags/v1.0.0')).body;
    expect(missingKeys(release, ours)).toEqual([]);
    const asset = recorded('release-assets', (r) => r.method === 'post' && r.path.includes('/assets')).response;
    const url = ours.upload_url.replace('{?name,label}', '?name=test-upload.txt&label=test');
    const upload = () =>
      fetch(url, {
        method: 'POST',
        headers: { 'user-agent': 't', authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
        body: 'Hello, world!\n',
      });
    const first = await upload();
    expect(first.status).toBe(201);
    expect(missingKeys(asset, (await first.json()) as object)).toEqual([]);
    const conflict = recorded('release-assets-conflict', (r) => r.status === 422).response;
    const second = await upload();
    expect(second.status).toBe(422);
    const body = (await second.json()) as { errors: unknown[] };
    expect(missingKeys(conflict, body)).toEqual([]);
    expect(body.errors).toEqual(conflict.errors);
  });

  it('a collaborator invitation and the renamed-repository redirect', async () => {
    const invitation = recorded(
      'add-and-remove-repository-collaborator',
      (r) => r.method === 'put' && r.status === 201,
    ).response;
    expect(
      missingKeys(invitation, (await api('PUT', '/repos/octo/app/collaborators/someone', { body: {} })).body),
    ).toEqual([]);
    const moved = recorded('rename-repository', (r) => r.status === 307);
    emu.state.renamed.set('octo/old', emu.state.repo('octo/app')!);
    const ours = await api('PATCH', '/repos/octo/old', { body: {} });
    expect(ours.status).toBe(307);
    expect(ours.body.message).toBe(moved.response.message);
  });
});
