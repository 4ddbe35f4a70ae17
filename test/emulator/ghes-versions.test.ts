// Per-version answers of the GHES mode (ghes.ts: the default a supported release, the API versions each accepts,
// `discussion_category_name` where the API lacks it) and drafts hidden from a workflow token's GraphQL reads
// (`graphqlHidesDrafts`, cli/cli#9076).
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { DEFAULT_GHES_VERSION, takesDiscussionCategory } from '../../emulator/ghes';
import { call } from '../../emulator/request';
import type { EmulatorOptions, Scenario } from '../../emulator/types';

const scenario: Scenario = {
  tokens: {
    wf: { kind: 'workflow', repositories: ['octo/app'], permissions: { contents: 'write' } },
    pat: { kind: 'user', login: 'octocat' },
  },
  repositories: [
    {
      owner: 'octo',
      name: 'app',
      collaborators: { octocat: 'admin' },
      branches: { main: { 'README.md': 'hi' } },
      releases: [{ tag: 'v1', draft: true }, { tag: 'v0' }],
    },
  ],
};

const open: Emulator[] = [];
afterEach(async () => {
  for (const e of open.splice(0)) await e.close();
});
async function start(options: EmulatorOptions): Promise<Emulator> {
  const emu = await createEmulator(scenario, options);
  open.push(emu);
  return emu;
}

/** Publishes v1's draft with a category; the answer's `discussion_url`, if any. */
async function publishWithCategory(emu: Emulator): Promise<unknown> {
  const list = await call(emu.apiUrl, 'GET', '/repos/octo/app/releases', { token: 'wf' });
  const draft = (list.body as { id: number; draft: boolean }[]).find((r) => r.draft);
  const r = await call(emu.apiUrl, 'PATCH', `/repos/octo/app/releases/${draft?.id}`, {
    token: 'wf',
    body: { draft: false, discussion_category_name: 'Announcements' },
  });
  expect(r.status).toBe(200);
  return (r.body as { discussion_url?: unknown }).discussion_url;
}

describe('GHES versions', () => {
  it('plays a supported release by default (3.19 or newer)', async () => {
    const [major, minor] = DEFAULT_GHES_VERSION.split('.').map(Number);
    expect(major * 100 + minor).toBeGreaterThanOrEqual(319);
    const emu = await start({ ghes: true });
    const r = await call(emu.apiUrl, 'GET', '/repos/octo/app', { token: 'wf' });
    expect(r.headers.get('x-github-enterprise-version')).toBe(DEFAULT_GHES_VERSION);
  });

  it('accepts only API version 2022-11-28 on GHES; github.com takes 2026-03-10 too', async () => {
    const ghes = await start({ ghes: { version: '3.20.0' } });
    const ok = await call(ghes.apiUrl, 'GET', '/repos/octo/app', {
      token: 'wf',
      headers: { 'x-github-api-version': '2022-11-28' },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-github-api-version-selected')).toBe('2022-11-28');
    const newer = await call(ghes.apiUrl, 'GET', '/repos/octo/app', {
      token: 'wf',
      headers: { 'x-github-api-version': '2026-03-10' },
    });
    expect(newer.status).toBe(400);
    expect((newer.body as { message: string }).message).toBe("Unsupported 'X-GitHub-Api-Version' of '2026-03-10'");
    const dotcom = await start({ ghes: false });
    const there = await call(dotcom.apiUrl, 'GET', '/repos/octo/app', {
      token: 'wf',
      headers: { 'x-github-api-version': '2026-03-10' },
    });
    expect(there.status).toBe(200);
    expect(there.headers.get('x-github-api-version-selected')).toBe('2026-03-10');
  });

  it('ignores discussion_category_name on 3.17–3.19 (no discussion), opens one on 3.20 and github.com', async () => {
    expect([takesDiscussionCategory('3.17.4'), takesDiscussionCategory('3.19.2')]).toEqual([false, false]);
    expect([takesDiscussionCategory('3.20.0'), takesDiscussionCategory(undefined)]).toEqual([true, true]);
    expect(await publishWithCategory(await start({ ghes: { version: '3.19.2' } }))).toBeUndefined();
    const opened = /^https:\/\/github\.com\/octo\/app\/discussions\/\d+$/;
    expect(await publishWithCategory(await start({ ghes: { version: '3.20.0' } }))).toMatch(opened);
    expect(await publishWithCategory(await start({ ghes: false }))).toMatch(opened);
  });
});

describe('graphqlHidesDrafts', () => {
  const query = '{ repository(owner: "octo", name: "app") { releases(first: 10) { nodes { tagName isDraft } } } }';
  const tags = async (emu: Emulator, token: string) => {
    const r = await call(emu.apiUrl, 'POST', '/graphql', { token, body: { query } });
    expect(r.status).toBe(200);
    return (
      r.body as { data: { repository: { releases: { nodes: { tagName: string }[] } } } }
    ).data.repository.releases.nodes
      .map((n) => n.tagName)
      .sort();
  };

  it('hides drafts from a workflow token through GraphQL only; REST and other tokens still see them', async () => {
    const emu = await start({ ghes: false, graphqlHidesDrafts: true });
    expect(await tags(emu, 'wf')).toEqual(['v0']);
    expect(await tags(emu, 'pat')).toEqual(['v0', 'v1']);
    const rest = await call(emu.apiUrl, 'GET', '/repos/octo/app/releases', { token: 'wf' });
    expect((rest.body as { tag_name: string }[]).map((r) => r.tag_name).sort()).toEqual(['v0', 'v1']);
    const plain = await start({ ghes: false });
    expect(await tags(plain, 'wf')).toEqual(['v0', 'v1']);
  });
});
