// Workflow steps written for softprops/action-gh-release and ncipollo/release-action, with only `uses:` changed:
// the bundle (as the runner starts it, action.yml's defaults included) leaves the release those actions document —
// brace patterns and comma lists, an unmatched pattern as a warning, a matrix where each job uploads its subset,
// every alias with a non-default value, the peers' outputs, and an input not offered failing before any request.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../../emulator';
import type { RunResult } from '../../../harness/run-bundle';
import { releaseHarness } from './harness';
import { releaseScenario } from '../../../emulator/scenarios/release';

const h = releaseHarness();
const { ws, run, releases } = h;
const writes = (r: RunResult) => r.requests.filter((e) => e.contentCreating);
const annotations = (r: RunResult, level: string) =>
  r.annotations
    .filter((a) => a.level === level)
    .map((a) => a.message)
    .join('\n');
const names = () =>
  releases()[0]!
    .assets.map((a) => a.name)
    .sort();

/** A yazi-style nightly build: archives, snaps and their checksum files. */
const NIGHTLY = {
  'out/yazi-x86_64.zip': 'zip',
  'out/yazi-x86_64.zip.sha256': 'zip sum',
  'out/yazi-amd64.snap': 'snap',
  'out/yazi-amd64.snap.sha256': 'snap sum',
  'out/NOTES.md': 'Nightly notes.',
};

describe('softprops/action-gh-release steps', () => {
  it('brace patterns and comma lists as softprops splits them; unmatched patterns warn; every alias applied', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const step = {
      tag_name: 'refs/tags/v1.0.0',
      name: 'Nightly',
      body_path: 'NOTES.md',
      working_directory: 'out',
      files: 'yazi-*.{zip,snap}.sha256\nyazi-*.{zip,snap}, yazi-*.deb',
      prerelease: 'true',
      draft: 'true',
      preserve_order: 'true',
      make_latest: 'false',
      target_commitish: 'main',
      generate_release_notes: 'false',
    };
    const r = await run(step, ws(NIGHTLY));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(annotations(r, 'warning')).toMatch(/Pattern "yazi-\*\.deb" of `files` matches no file/);
    expect(names()).toEqual(['yazi-amd64.snap', 'yazi-amd64.snap.sha256', 'yazi-x86_64.zip', 'yazi-x86_64.zip.sha256']);
    expect(releases()[0]).toMatchObject({ tag: 'v1.0.0', name: 'Nightly', body: 'Nightly notes.', draft: true });
    expect(releases()[0]!.prerelease).toBe(true);
    // A draft stays a draft: the plan does not claim a publish.
    expect(r.stdout).toMatch(/create\s+release\s+v1\.0\.0\s+as a draft, and left a draft/);
    expect(r.stdout).not.toMatch(/published by the final update/);
    // One upload at a time (preserve_order), in the order of `files`.
    expect(r.stdout).not.toMatch(/max-parallel|in flight: [2-9]/);
    expect(r.outputs.url).toBe(r.outputs['html-url']);
    expect(r.outputs.upload_url).toBe(r.outputs['upload-url']);
    expect(r.outputs.id).toBe(String(releases()[0]!.id));

    // overwrite_files: false keeps an existing asset whose content changed; append_body adds `body` once.
    const rebuilt = ws({ ...NIGHTLY, 'out/yazi-x86_64.zip': 'zip, rebuilt' });
    const again = await run(
      { ...step, overwrite_files: 'false', append_body: 'true', body: 'Signed.', body_path: '' },
      rebuilt,
    );
    expect(again.code, again.stdout).toBe(0);
    const zip = releases()[0]!.assets.find((a) => a.name === 'yazi-x86_64.zip')!;
    expect(zip.size).toBe('zip'.length);
    expect(releases()[0]!.body).toMatch(/Nightly notes\.[\s\S]*Signed\.$/);
  });

  it('fail_on_unmatched_files: true fails before any request, naming the pattern', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run({ files: 'out/yazi-*.{zip,snap}, out/*.deb', fail_on_unmatched_files: 'true' }, ws(NIGHTLY));
    expect(r.code).toBe(1);
    expect(r.requests).toEqual([]);
    expect(annotations(r, 'error')).toMatch(/Pattern "out\/\*\.deb" of `files` matches no file/);
  });

  it('a matrix: each job lists every platform, matches only what it built, and the release gathers them all', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const files = 'dist/app-linux.tar.gz,dist/app-macos.zip\ndist/app-windows.{zip,msi}';
    const jobs: Record<string, string>[] = [
      { 'dist/app-linux.tar.gz': 'l' },
      { 'dist/app-macos.zip': 'm' },
      { 'dist/app-windows.msi': 'w' },
    ];
    for (const built of jobs) {
      const r = await run({ tag_name: 'v1.0.0', files }, ws(built));
      expect(r.code, r.stdout).toBe(0);
      expect(annotations(r, 'warning')).toMatch(/matches no file/);
    }
    expect(releases()).toHaveLength(1);
    expect(names()).toEqual(['app-linux.tar.gz', 'app-macos.zip', 'app-windows.msi']);
    expect(releases()[0]!.draft).toBe(false);
  });

  it('a name given twice fails before any request, naming both', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run({ tag: 'v1.0.0', tag_name: 'v2.0.0' }, ws({}));
    expect(r.code).toBe(1);
    expect(r.requests).toEqual([]);
    expect(annotations(r, 'error')).toMatch(/"tag" is given twice: as "tag" and as "tag_name"/);
  });
});

describe('ncipollo/release-action steps', () => {
  it('comma artifacts, every alias applied on an existing release; the peer outputs set', async () => {
    h.emu = await createEmulator(
      releaseScenario({
        releases: [
          {
            tag: 'v1.0.0',
            name: 'Kept title',
            body: 'kept notes',
            prerelease: true,
            assets: [
              { name: 'app.zip', content: 'old app' },
              { name: 'stale.zip', content: 'stale' },
            ],
          },
        ],
      }),
      { timeScale: 0.01 },
    );
    const step = {
      tag: 'v1.0.0',
      name: 'New title',
      body: 'New notes',
      artifacts: 'app.zip,cli.zip',
      allowUpdates: 'true',
      artifactErrorsFailBuild: 'true',
      artifactContentType: 'application/zip',
      replacesArtifacts: 'false',
      removeArtifacts: 'true',
      omitBodyDuringUpdate: 'true',
      omitNameDuringUpdate: 'true',
      omitPrereleaseDuringUpdate: 'true',
      updateOnlyUnreleased: 'true',
      makeLatest: 'legacy',
      commit: 'main',
      immutableCreate: 'true',
      owner: 'octo',
      repo: 'app',
    };
    const r = await run(step, ws({ 'app.zip': 'new app', 'cli.zip': 'cli' }));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(names()).toEqual(['app.zip', 'cli.zip']);
    const assets = releases()[0]!.assets;
    expect(assets.find((a) => a.name === 'app.zip')!.size).toBe('old app'.length);
    expect(assets.find((a) => a.name === 'cli.zip')!.contentType).toBe('application/zip');
    expect(releases()[0]).toMatchObject({ name: 'Kept title', body: 'kept notes', prerelease: true });
    expect(r.outputs.html_url).toBe(r.outputs['html-url']);
    expect(r.outputs.upload_url).toBe(r.outputs['upload-url']);
    expect(r.outputs.id).toBe(String(releases()[0]!.id));

    const missing = await run({ ...step, artifacts: 'app.zip,gone.zip' }, ws({ 'app.zip': 'new app' }));
    expect(missing.code).toBe(1);
    expect(annotations(missing, 'error')).toMatch(/Pattern "gone\.zip" of `files` matches no file/);
  });

  it('an input not offered fails before any request, saying why', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run(
      { tag: 'v1.0.0', artifacts: 'a.zip', omitBody: 'true', allowUpdates: 'false' },
      ws({ 'a.zip': 'a' }),
    );
    expect(r.code).toBe(1);
    expect(r.requests).toEqual([]);
    expect(annotations(r, 'error')).toMatch(/"omitBody" \(ncipollo\/release-action\) is not offered: leave `body`/);
    expect(annotations(r, 'error')).toMatch(/"allowUpdates" .* not offered: .*skip-if-release-exists/);
    expect(writes(r)).toEqual([]);
  });
});
