// Inputs as users write them: exclusions, empty and unicode-named files, a missing body-path, tag defaults under
// workflow_run, a target for a tag that does not exist yet, a discussion category.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../../emulator';
import { type RunResult } from '../../../harness/run-bundle';
import { releaseScenario, REPO } from '../../../emulator/scenarios/release';
import { releaseHarness } from './harness';

const h = releaseHarness();
const { ws, run, releases } = h;
const writes = (r: RunResult) => r.requests.filter((e) => e.contentCreating);
const errors = (r: RunResult) =>
  r.annotations
    .filter((a) => a.level === 'error')
    .map((a) => a.message)
    .join('\n');

describe('release: files', () => {
  it('`!` patterns exclude files, whatever their order among the patterns', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run(
      { files: ['!dist/*.sig', 'dist/*', '!**/debug-*'] },
      ws({ 'dist/a.zip': 'A', 'dist/a.zip.sig': 's', 'dist/debug-a.zip': 'd', 'dist/b.zip': 'B' }),
    );
    expect(r.code, r.stdout).toBe(0);
    expect(
      releases()[0]
        .assets.map((a) => a.name)
        .sort(),
    ).toEqual(['a.zip', 'b.zip']);
  });

  it('patterns matching nothing: an error before any request with fail-on-unmatched-files: true, else a release without assets', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const strict = await run({ files: 'out/*.zip', 'fail-on-unmatched-files': true }, ws({}));
    expect(strict.code).toBe(1);
    expect(strict.requests).toEqual([]);
    expect(errors(strict)).toMatch(/Pattern "out\/\*\.zip" of `files` matches no file/);
    const lenient = await run({ files: 'out/*.zip' }, ws({}));
    expect(lenient.code, lenient.stdout).toBe(0);
    expect(releases()).toHaveLength(1);
    expect(releases()[0]).toMatchObject({ draft: false, assets: [] });
    expect(JSON.parse(lenient.outputs.assets)).toEqual([]);
  });

  it('an empty file is refused in the plan (GitHub answers 422 "size must be greater than or equal to 1"): nothing written', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const before = releases().length;
    const r = await run({ files: '*' }, ws({ 'empty.txt': '', 'a.zip': 'A' }));
    expect(r.code).toBe(1);
    expect(errors(r)).toMatch(/\/empty\.txt" is empty \(0 bytes\): GitHub refuses empty release assets/);
    expect(writes(r)).toEqual([]);
    expect(releases()).toHaveLength(before);
  });

  it('names with spaces and unicode: the stored names are predicted in the plan and the outputs', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run({ files: 'out/*' }, ws({ 'out/Résumé für Ærø.pdf': 'pdf', 'out/my tool v1.tar.gz': 'tgz' }));
    expect(r.code, r.stdout).toBe(0);
    const stored = releases()[0]
      .assets.map((a) => [a.name, a.label])
      .sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
    expect(stored).toEqual([
      ['Resume.fur.AEro.pdf', 'Résumé für Ærø.pdf'],
      ['my.tool.v1.tar.gz', 'my tool v1.tar.gz'],
    ]);
    expect(r.stdout).toMatch(/upload\s+asset\s+Resume\.fur\.AEro\.pdf\s+3 B \(file "Résumé für Ærø\.pdf"\)/);
    expect(JSON.parse(r.outputs.assets).map((a: { name: string }) => a.name)).toEqual([
      'Resume.fur.AEro.pdf',
      'my.tool.v1.tar.gz',
    ]);
  });

  it('two files in nested folders with one base name: an error naming both, before any request', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run({ files: 'build/**/app.exe' }, ws({ 'build/x64/app.exe': '1', 'build/arm/deep/app.exe': '2' }));
    expect(r.code).toBe(1);
    expect(r.requests).toEqual([]);
    expect(errors(r)).toMatch(
      /build\/arm\/deep\/app\.exe and .*build\/x64\/app\.exe would all be uploaded as the asset "app\.exe"/,
    );
  });
});

describe('release: notes and tag inputs', () => {
  it('a body-path that does not exist: an error naming the input, before any request', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run({ 'body-path': 'docs/NOTES.md' }, ws({}));
    expect(r.code).toBe(1);
    expect(r.requests).toEqual([]);
    expect(errors(r)).toMatch(/Input "body-path": "docs\/NOTES\.md" cannot be read/);
  });

  it('no tag on a branch push: an error naming `tag`, before any write', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run({ files: 'a.zip' }, ws({ 'a.zip': 'A' }), {
      ref: 'refs/heads/main',
      event: { name: 'push', payload: { ref: 'refs/heads/main' } },
    });
    expect(r.code).toBe(1);
    expect(writes(r)).toEqual([]);
    expect(errors(r)).toMatch(/Input "tag" is required/);
  });

  it("workflow_run after a tag push: the triggering run's tag at its head_sha (a branch head is no tag)", async () => {
    h.emu = await createEmulator(
      releaseScenario({ branches: { main: { 'README.md': '# app\n' }, dev: { 'b.txt': 'b' } } }),
      { timeScale: 0.01 },
    );
    const repo = h.emu.state.repo(REPO)!;
    const sha = repo.branch('dev')!;
    repo.refs.set('refs/tags/v7.0.0', sha);
    const payload = (headBranch: string) => ({
      workflow_run: {
        id: 9,
        name: 'build',
        conclusion: 'success',
        event: 'push',
        head_branch: headBranch,
        head_sha: sha,
        pull_requests: [],
      },
    });
    const r = await run({ files: 'a.zip' }, ws({ 'a.zip': 'A' }), {
      ref: 'refs/heads/main',
      event: { name: 'workflow_run', payload: payload('v7.0.0') },
    });
    expect(r.code, r.stdout).toBe(0);
    expect(releases()[0]).toMatchObject({ tag: 'v7.0.0', target: sha, draft: false });
    expect(r.outputs.tag).toBe('v7.0.0');
    const branch = await run({ files: 'a.zip' }, ws({ 'a.zip': 'A' }), {
      ref: 'refs/heads/main',
      event: { name: 'workflow_run', payload: payload('dev') },
    });
    expect(branch.code).toBe(1);
    expect(writes(branch)).toEqual([]);
    expect(errors(branch)).toMatch(/Input "tag" is required.*"dev" is no tag/);
  });

  it('target-commitish for a tag that does not exist yet: the tag is made at that branch when published', async () => {
    h.emu = await createEmulator(
      releaseScenario({ branches: { main: { 'README.md': '# app\n' }, 'release/2.x': { 'v.txt': '2' } } }),
      { timeScale: 0.01 },
    );
    const repo = h.emu.state.repo(REPO)!;
    const r = await run({ tag: 'v2.0.0', 'target-commitish': 'release/2.x' }, ws({}), { ref: 'refs/heads/main' });
    expect(r.code, r.stdout).toBe(0);
    expect(repo.refs.get('refs/tags/v2.0.0')).toBe(repo.branch('release/2.x'));
    expect(releases()[0]).toMatchObject({ tag: 'v2.0.0', target: 'release/2.x', draft: false });
  });

  it('discussion-category is sent with the publishing update only', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const dir = ws({});
    const r = await run({ 'discussion-category': 'Announcements' }, dir);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/update\s+release\s+v1\.0\.0\s+draft: false, discussion_category_name: "Announcements"/);
    const again = await run({ 'discussion-category': 'Announcements' }, dir);
    expect(writes(again)).toEqual([]);
  });
});
