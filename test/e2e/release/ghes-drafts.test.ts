// GitHub Enterprise Server versions whose releases API has no `discussion_category_name` (the plan warns, naming
// the version, instead of losing the discussion silently), and drafts GraphQL hides from the workflow token
// (cli/cli#9076): found through REST before any create, so no second draft is ever made.
import { describe, expect, it } from 'vitest';
import { createEmulator, type EmulatorOptions } from '../../../emulator';
import type { RunResult } from '../../../harness/run-bundle';
import { releaseScenario } from '../../../emulator/scenarios/release';
import { releaseHarness } from './harness';

const h = releaseHarness();
const { ws, run, releases } = h;
const warnings = (r: RunResult) =>
  r.annotations
    .filter((a) => a.level === 'warning')
    .map((a) => a.message)
    .join('\n');
const creates = (r: RunResult) => r.requests.filter((e) => e.method === 'POST' && /\/releases$/.test(e.path));

describe('release: discussion-category on GitHub Enterprise Server', () => {
  const publish = async (options: EmulatorOptions) => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01, ...options });
    const r = await run({ 'discussion-category': 'Announcements' }, ws({}));
    expect(r.code, r.stdout).toBe(0);
    expect(releases()).toHaveLength(1);
    expect(releases()[0].draft).toBe(false);
    return r;
  };

  it('GHES 3.19: a warning naming the version, the parameter not sent, the release published without a discussion', async () => {
    const r = await publish({ ghes: { version: '3.19.2' } });
    expect(warnings(r)).toMatch(
      /GitHub Enterprise Server 3\.19\.2 has no `discussion_category_name` on releases .*without a discussion in "Announcements"/,
    );
    expect(r.stdout).not.toMatch(/discussion_category_name: "Announcements"/);
    expect(releases()[0].discussion).toBeUndefined();
  });

  it.each([
    ['GHES 3.20', { ghes: { version: '3.20.0' } }],
    ['github.com', { ghes: false }],
  ])('%s: sent when publishing, a discussion opened, no warning', async (_, options: EmulatorOptions) => {
    const r = await publish(options);
    expect(warnings(r)).not.toMatch(/discussion/);
    expect(r.stdout).toMatch(/update\s+release\s+v1\.0\.0\s+draft: false, discussion_category_name: "Announcements"/);
    expect(releases()[0].discussion).toEqual(expect.any(Number));
  });
});

describe('release: drafts GraphQL hides from the workflow token', () => {
  const leftDraft = { tag: 'v1.0.0', draft: true, name: 'Failed run', assets: [{ name: 'a.zip', content: 'A' }] };

  it('an existing draft + hidden drafts: found through REST before any create; one draft at the end', async () => {
    h.emu = await createEmulator(releaseScenario({ releases: [leftDraft] }), {
      ghes: false,
      graphqlHidesDrafts: true,
      timeScale: 0.01,
    });
    const draftId = releases()[0].id;
    const r = await run({ files: 'b.zip', draft: true }, ws({ 'b.zip': 'B' }));
    expect(r.code, r.stdout).toBe(0);
    expect(creates(r)).toEqual([]);
    expect(r.requests.filter((e) => e.method === 'DELETE')).toEqual([]);
    expect(releases()).toHaveLength(1);
    expect(releases()[0]).toMatchObject({ id: draftId, draft: true });
    expect(
      releases()[0]
        .assets.map((a) => a.name)
        .sort(),
    ).toEqual(['a.zip', 'b.zip']);
    expect(r.outputs).toMatchObject({ id: String(draftId), created: 'false' });
  });

  it('no draft anywhere: one REST page read after GraphQL, one create, its draft confirmed through REST', async () => {
    h.emu = await createEmulator(releaseScenario(), { ghes: false, graphqlHidesDrafts: true, timeScale: 0.01 });
    const r = await run({ files: 'b.zip' }, ws({ 'b.zip': 'B' }));
    expect(r.code, r.stdout).toBe(0);
    expect(creates(r)).toHaveLength(1);
    expect(r.requests.filter((e) => e.method === 'GET' && e.path === '/repos/octo/app/releases')).toHaveLength(2);
    expect(releases()).toHaveLength(1);
    expect(releases()[0].draft).toBe(false);
  });
});
