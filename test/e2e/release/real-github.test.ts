// GitHub behaviours the emulator models from evidence and the action's answers: a tag whose commit
// brings workflow files, a discussion category that does not exist, a tag once used by an immutable release,
// an upload GitHub stores under another name than predicted.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../../emulator';
import type { Scenario } from '../../../emulator';
import { releaseHarness } from './harness';
import { releaseScenario, REPO, WORKFLOW_TOKEN } from '../../../emulator/scenarios/release';

const h = releaseHarness();
const { ws, run, releases } = h;
const writesOk = (r: { requests: { contentCreating: boolean; status: number; path: string }[] }) =>
  r.requests.filter((e) => e.contentCreating && e.status < 400);

/** The release scenario with `discussions` granted to the workflow token (GraphQL reads the categories). */
function withDiscussions(scenario: Scenario, level: 'read' | 'write' = 'write'): Scenario {
  const token = scenario.tokens![WORKFLOW_TOKEN]!;
  token.permissions = { ...token.permissions, discussions: level };
  return scenario;
}

describe('release: discussion categories', () => {
  it('a missing category is named with the existing ones, before any write (one GraphQL read in the plan)', async () => {
    h.emu = await createEmulator(withDiscussions(releaseScenario({ discussionCategories: ['General', 'Releases'] })), {
      timeScale: 0.01,
    });
    const r = await run({ files: '*.zip', 'discussion-category': 'Announcements' }, ws({ 'a.zip': 'A' }));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/discussion category "Announcements" does not exist.*"General", "Releases"/);
    // Two GraphQL queries: the releases list, and the categories.
    expect(r.requests.filter((e) => e.path === '/graphql')).toHaveLength(2);
    expect(writesOk(r).filter((e) => e.path !== '/graphql')).toEqual([]);
    expect(releases()).toEqual([]);
  });

  it('an existing category: checked, then the release is published with it', async () => {
    h.emu = await createEmulator(withDiscussions(releaseScenario({ discussionCategories: ['Releases'] })), {
      timeScale: 0.01,
    });
    const r = await run({ files: '*.zip', 'discussion-category': 'Releases' }, ws({ 'a.zip': 'A' }));
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/read\s+discussion categories\s+Releases/);
    expect(releases()[0].draft).toBe(false);
  });

  it('unreadable categories: a warning; when GitHub refuses the category at publish, the draft keeps its assets', async () => {
    // A private repository: without `discussions` the token cannot read its categories.
    h.emu = await createEmulator(releaseScenario({ private: true, discussionCategories: ['General'] }), {
      timeScale: 0.01,
    });
    const r = await run({ files: '*.zip', 'discussion-category': 'Announcements' }, ws({ 'a.zip': 'A' }));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/discussion categories could not be read \(Resource not accessible by integration\)/);
    expect(r.stdout).toMatch(/stays a draft \(id \d+\) with every asset uploaded/);
    expect(releases()).toHaveLength(1);
    expect(releases()[0]).toMatchObject({ draft: true });
    expect(releases()[0].assets.map((a) => [a.name, a.state])).toEqual([['a.zip', 'uploaded']]);
  });
});

describe('release: immutable releases', () => {
  it('a tag once used by an immutable release is named at the create, before any upload', async () => {
    h.emu = await createEmulator(releaseScenario({ immutableReleases: true }), { timeScale: 0.01 });
    // An immutable release of v1.0.0 existed and was deleted with its tag.
    h.emu.state.repo(REPO)!.immutableTagsUsed.add('v1.0.0');
    const r = await run({ files: '*.zip' }, ws({ 'a.zip': 'A' }));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/tag v1\.0\.0 was used by an immutable release before.*new tag\. Nothing was uploaded/);
    expect(r.requests.filter((e) => e.host === 'uploads')).toEqual([]);
    expect(releases()).toEqual([]);
  });
});

describe('release: a tag whose commit brings workflow files', () => {
  it('publishing is refused (404) with GITHUB_TOKEN: the error explains it and the draft keeps its assets', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const repo = h.emu.state.repo(REPO)!;
    const head = repo.branch('main')!;
    const parent = repo.objects.commit(head)!;
    const flat = repo.objects.flatten(parent.tree);
    flat.set('.github/workflows/release.yml', { mode: '100644', sha: repo.objects.putBlob(Buffer.from('on: push\n')) });
    const person = { name: 'dev', email: 'dev@example.com', date: '2026-01-01T00:00:00Z' };
    const commit = repo.objects.putCommit({
      tree: repo.objects.buildTree(flat),
      parents: [head],
      author: person,
      committer: person,
      message: 'ci: release workflow',
    });
    const r = await run({ files: '*.zip', 'target-commitish': commit }, ws({ 'a.zip': 'A' }));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/Publishing v1\.0\.0 was refused.*\.github\/workflows\/.*`workflows` permission/);
    expect(r.stdout).toMatch(/Push the tag first/);
    expect(r.stdout).toMatch(/stays a draft .* with every asset uploaded/);
    expect(releases()[0]).toMatchObject({ draft: true });
    expect(releases()[0].assets.map((a) => a.state)).toEqual(['uploaded']);
    expect(repo.refs.has('refs/tags/v1.0.0')).toBe(false);
  });
});

describe('release: GitHub stored an asset under another name than predicted', () => {
  it('a re-run finds it by size and digest and keeps it: no second upload', async () => {
    // What a run that met the renaming left (the upload's answer named it differently; see upload.test.ts).
    const seed = { tag: 'v1.0.0', assets: [{ name: 'stored-app.zip', content: 'the app' }] };
    h.emu = await createEmulator(releaseScenario({ releases: [seed] }), { timeScale: 0.01 });
    const r = await run({ files: '*.zip' }, ws({ 'app.zip': 'the app' }));
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/keep\s+asset\s+app\.zip.*same size and sha256, stored as "stored-app\.zip"/);
    expect(r.requests.filter((e) => e.host === 'uploads')).toEqual([]);
    expect(releases()[0].assets.map((a) => a.name)).toEqual(['stored-app.zip']);
    expect(JSON.parse(r.outputs.assets).map((a: { name: string }) => a.name)).toEqual(['stored-app.zip']);
  });
});
