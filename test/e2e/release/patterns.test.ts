// `files` patterns over a goreleaser-style `dist/` (two archives at the top, a per-platform folder, a hidden cache
// holding a token): each pattern uploads what the same pattern uploads with softprops/action-gh-release (glob
// semantics, files only), and nothing hidden is uploaded unless the pattern names it.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../../emulator';
import type { RunResult } from '../../../harness/run-bundle';
import { releaseHarness } from './harness';
import { releaseScenario } from '../../../emulator/scenarios/release';

const h = releaseHarness();
const { ws, run, releases } = h;

const GORELEASER_DIST = {
  'dist/app_1.0.0_linux_amd64.tar.gz': 'linux archive',
  'dist/app_1.0.0_darwin_arm64.tar.gz': 'darwin archive',
  'dist/checksums.txt': 'sums',
  'dist/linux_amd64/app': 'linux binary',
  'dist/linux_amd64/app.tar.gz': 'inner archive',
  'dist/.cache/token.json': '{"token":"ghp_never_uploaded"}',
  'dist/.env': 'SECRET=never',
};

const uploaded = () => (releases()[0]?.assets ?? []).map((a) => a.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const errors = (r: RunResult) =>
  r.annotations
    .filter((a) => a.level === 'error')
    .map((a) => a.message)
    .join('\n');
const warnings = (r: RunResult) =>
  r.annotations
    .filter((a) => a.level === 'warning')
    .map((a) => a.message)
    .join('\n');

describe('release files: glob semantics over a goreleaser dist/', () => {
  it.each([
    ['dist/*', ['app_1.0.0_darwin_arm64.tar.gz', 'app_1.0.0_linux_amd64.tar.gz', 'checksums.txt']],
    ['dist/*.tar.gz', ['app_1.0.0_darwin_arm64.tar.gz', 'app_1.0.0_linux_amd64.tar.gz']],
    ['dist/**/*.tar.gz\n!dist/linux_amd64/**', ['app_1.0.0_darwin_arm64.tar.gz', 'app_1.0.0_linux_amd64.tar.gz']],
    ['dist/linux_amd64/*', ['app', 'app.tar.gz']],
    ['dist/.cache/*', ['token.json']],
  ])('%s uploads exactly %j', async (files, expected) => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run({ files }, ws(GORELEASER_DIST));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(uploaded()).toEqual(expected);
  });

  it('dist/** crosses folders but skips hidden ones; two files of one name are refused before any request', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const { 'dist/linux_amd64/app.tar.gz': _inner, ...unique } = GORELEASER_DIST;
    const r = await run({ files: 'dist/**' }, ws(unique));
    expect(r.code, r.stdout).toBe(0);
    expect(uploaded()).toEqual([
      'app',
      'app_1.0.0_darwin_arm64.tar.gz',
      'app_1.0.0_linux_amd64.tar.gz',
      'checksums.txt',
    ]);
    expect(r.stdout).not.toMatch(/token\.json|\.env/);

    const clash = await run({ files: 'dist/**/*.tar.gz' }, ws({ 'dist/a/app.tar.gz': '1', 'dist/b/app.tar.gz': '2' }));
    expect(clash.code).toBe(1);
    expect(clash.requests).toEqual([]);
    expect(errors(clash)).toMatch(/app\.tar\.gz.*would all be uploaded as the asset "app\.tar\.gz"/);
  });

  it('include-hidden: true lets * and ** match hidden names (never .git/)', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run(
      { files: 'dist/*\ndist/.cache/**', 'include-hidden': true },
      ws({ ...GORELEASER_DIST, '.git/config': 'token' }),
    );
    expect(r.code, r.stdout).toBe(0);
    expect(uploaded()).toEqual([
      'app_1.0.0_darwin_arm64.tar.gz',
      'app_1.0.0_linux_amd64.tar.gz',
      'checksums.txt',
      'default.env',
      'token.json',
    ]);
  });

  it('a pattern naming a folder uploads nothing and says how to upload its files', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const strict = await run({ files: 'dist', 'fail-on-unmatched-files': true }, ws(GORELEASER_DIST));
    expect(strict.code).toBe(1);
    expect(strict.requests).toEqual([]);
    expect(errors(strict)).toMatch(
      /"dist" of `files` names a folder: it uploads nothing\. Use "dist\/\*".*"dist\/\*\*"/,
    );
    const lenient = await run({ files: 'dist/' }, ws(GORELEASER_DIST));
    expect(lenient.code, lenient.stdout).toBe(0);
    expect(warnings(lenient)).toMatch(/"dist\/" of `files` names a folder/);
    expect(uploaded()).toEqual([]);
  });

  it('the absolute workspace form (${{ github.workspace }}/dist/*.tar.gz) is accepted; a path outside is refused', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const dir = ws(GORELEASER_DIST);
    const r = await run({ files: `${dir}/dist/*.tar.gz` }, dir);
    expect(r.code, r.stdout).toBe(0);
    expect(uploaded()).toEqual(['app_1.0.0_darwin_arm64.tar.gz', 'app_1.0.0_linux_amd64.tar.gz']);
    const outside = await run({ files: `${dir}/../*` }, dir);
    expect(outside.code).toBe(1);
    expect(errors(outside)).toMatch(/contains ".."/);
    const elsewhere = await run({ files: '/etc/hostname' }, dir);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.requests).toEqual([]);
    expect(errors(elsewhere)).toMatch(/"\/etc\/hostname" is an absolute path outside the workspace/);
  });

  it('a comma list on one line is several patterns', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run(
      { files: 'dist/app_1.0.0_linux_amd64.tar.gz, dist/checksums.txt,dist/linux_amd64/app' },
      ws(GORELEASER_DIST),
    );
    expect(r.code, r.stdout).toBe(0);
    expect(uploaded()).toEqual(['app', 'app_1.0.0_linux_amd64.tar.gz', 'checksums.txt']);
  });
});
