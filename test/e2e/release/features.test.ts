// The release features peers' users ask for, end to end: previous-tag for generated notes, append-body / prepend-body once,
// a release in another repository, asset labels, and the `assets` output in the order of the files.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../../emulator';
import { releaseHarness } from './harness';
import { releaseScenario, sparseFile, WORKFLOW_TOKEN } from '../../../emulator/scenarios/release';

const h = releaseHarness();
const { ws, run, releases } = h;

const OLD_RELEASES = [
  { tag: 'v0.8.0', createdAt: '2024-01-01T00:00:00Z' },
  { tag: 'v0.9.0', createdAt: '2024-02-01T00:00:00Z' },
  { tag: 'v0.10.0-rc.1', prerelease: true, createdAt: '2024-03-01T00:00:00Z' },
];

describe('release: generated notes from a previous tag', () => {
  it('defaults to the latest published non-prerelease from the list it read, and says so in the plan', async () => {
    h.emu = await createEmulator(releaseScenario({ releases: OLD_RELEASES }), { timeScale: 0.01 });
    const r = await run({ 'generate-release-notes': true, body: 'Intro' }, ws({}));
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/generate\s+notes\s+v1\.0\.0\s+since v0\.9\.0/);
    const notes = r.requests.find((e) => e.method === 'POST' && e.path.endsWith('/releases/generate-notes'));
    expect(notes).toBeDefined();
    const rel = releases().find((x) => x.tag === 'v1.0.0')!;
    expect(rel.body).toMatch(/^Intro\n\n/);
    expect(rel.body).toContain('compare/v0.9.0...v1.0.0');
    expect(r.summary).toContain('since v0.9.0');
  });

  it('previous-tag names the start', async () => {
    h.emu = await createEmulator(releaseScenario({ releases: OLD_RELEASES }), { timeScale: 0.01 });
    const r = await run({ 'generate-release-notes': true, 'previous-tag': 'v0.8.0' }, ws({}));
    expect(r.code, r.stdout).toBe(0);
    expect(releases().find((x) => x.tag === 'v1.0.0')!.body).toContain('compare/v0.8.0...v1.0.0');
  });

  it('without an earlier release the create asks for the notes itself (no extra request)', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run({ 'generate-release-notes': true }, ws({}));
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.filter((e) => e.path.endsWith('/generate-notes'))).toEqual([]);
    expect(releases()[0].body).toContain('commits/v1.0.0');
  });
});

describe('release: append-body and prepend-body', () => {
  it('add their text to an existing release once; a re-run adds nothing', async () => {
    h.emu = await createEmulator(releaseScenario({ releases: [{ tag: 'v1.0.0', body: 'Notes by another job.' }] }), {
      timeScale: 0.01,
    });
    const dir = ws({});
    const inputs = { 'prepend-body': '**Beta**', 'append-body': 'Signed with cosign.' };
    const first = await run(inputs, dir);
    expect(first.code, first.stdout).toBe(0);
    expect(first.stdout).toMatch(/update\s+release\s+v1\.0\.0\s+body/);
    expect(releases()[0].body).toBe('**Beta**\n\nNotes by another job.\n\nSigned with cosign.');
    const again = await run(inputs, dir);
    expect(again.code, again.stdout).toBe(0);
    expect(again.requests.filter((e) => e.contentCreating)).toEqual([]);
    expect(releases()[0].body).toBe('**Beta**\n\nNotes by another job.\n\nSigned with cosign.');
  });

  it('with generated notes on a new release: body, notes, then the appended text', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run({ 'generate-release-notes': true, body: 'Intro', 'append-body': 'Footer' }, ws({}));
    expect(r.code, r.stdout).toBe(0);
    const body = releases()[0].body!;
    expect(body.startsWith('Intro\n\n')).toBe(true);
    expect(body.endsWith('\n\nFooter')).toBe(true);
    expect(body).toContain('Full Changelog');
  });

  it('dry-run shows the body change and writes nothing', async () => {
    h.emu = await createEmulator(releaseScenario({ releases: [{ tag: 'v1.0.0', body: 'x' }] }), { timeScale: 0.01 });
    const r = await run({ 'append-body': 'y', 'dry-run': true }, ws({}));
    expect(r.code, r.stdout).toBe(0);
    expect(r.summary).toMatch(/update \| release \| v1\.0\.0 \| body/);
    expect(r.requests.filter((e) => e.contentCreating)).toEqual([]);
    expect(releases()[0].body).toBe('x');
  });
});

describe('release: another repository', () => {
  it('repository: owner/name releases there at its default branch, with a token that can write there', async () => {
    const scenario = releaseScenario();
    scenario.repositories.push({
      owner: 'octo',
      name: 'dist',
      branches: { main: { 'README.md': '# dist\n' } },
      collaborators: { octocat: 'write' },
    });
    const token = 'ghp_release_user';
    scenario.tokens = { ...scenario.tokens, [token]: { kind: 'user', login: 'octocat' } };
    h.emu = await createEmulator(scenario, { timeScale: 0.01 });
    const r = await run({ repository: 'octo/dist', files: '*.zip' }, ws({ 'app.zip': 'A' }), { token });
    expect(r.code, r.stdout).toBe(0);
    expect(releases()).toEqual([]);
    const there = h.emu.state.repo('octo/dist')!.releases;
    expect(there).toHaveLength(1);
    expect(there[0].assets.map((a) => a.name)).toEqual(['app.zip']);
    expect(h.emu.state.repo('octo/dist')!.refs.get('refs/tags/v1.0.0')).toBe(
      h.emu.state.repo('octo/dist')!.branch('main'),
    );
  });

  it('the workflow token of this repository cannot write there: the error names the repository, nothing written', async () => {
    const scenario = releaseScenario();
    scenario.repositories.push({ owner: 'octo', name: 'dist' });
    h.emu = await createEmulator(scenario, { timeScale: 0.01 });
    const r = await run({ repository: 'octo/dist' }, ws({}), { token: WORKFLOW_TOKEN });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/octo\/dist/);
    expect(r.requests.filter((e) => e.contentCreating && e.status < 400)).toEqual([]);
  });
});

describe('release: asset labels and the assets output', () => {
  it('labels assets, relabels a kept one on a re-run, and lists the assets in the order of the files', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const dir = ws({ 'dist/z-last.zip': 'Z', 'dist/a-first.zip': 'A', 'docs/manual.pdf': 'M' });
    const files = 'docs/manual.pdf\ndist/z-last.zip\ndist/a-first.zip';
    const first = await run({ files, checksums: 'SHA256SUMS', 'asset-labels': 'manual.pdf=User manual (PDF)' }, dir);
    expect(first.code, first.stdout).toBe(0);
    const out = JSON.parse(first.outputs.assets) as { name: string; label: string; browser_download_url: string }[];
    expect(out.map((a) => a.name)).toEqual(['manual.pdf', 'z-last.zip', 'a-first.zip', 'SHA256SUMS']);
    expect(out[0].label).toBe('User manual (PDF)');
    expect(out[1].browser_download_url).toMatch(/\/releases\/download\/v1\.0\.0\/z-last\.zip$/);
    const stored = releases()[0].assets;
    expect(stored.find((a) => a.name === 'manual.pdf')!.label).toBe('User manual (PDF)');

    const again = await run({ files, checksums: 'SHA256SUMS', 'asset-labels': 'manual.pdf=Manual' }, dir);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toMatch(/label\s+asset\s+manual\.pdf\s+Manual/);
    expect(again.requests.filter((e) => e.host === 'uploads')).toEqual([]);
    expect(releases()[0].assets.find((a) => a.name === 'manual.pdf')!.label).toBe('Manual');
  });

  it('a label for a file that is not uploaded is an error before any request', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run({ files: '*.zip', 'asset-labels': 'missing.zip=Nope' }, ws({ 'a.zip': 'A' }));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/asset-labels.*missing\.zip/);
    expect(r.requests).toEqual([]);
  });
});

describe('release: progress of large uploads', () => {
  it('an upload of 8 MiB and more logs its progress every 10% in MiB and MiB/s (as the plan writes sizes); a small one stays quiet', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const dir = ws({ 'small.bin': 'tiny' });
    sparseFile(dir, 'big.bin', 9 * 1024 * 1024);
    const r = await run({ files: '*.bin' }, dir);
    expect(r.code, r.stdout).toBe(0);
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('Uploading "'));
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines.every((l) => l.startsWith('Uploading "big.bin": '))).toBe(true);
    expect(lines[0]).toMatch(/^Uploading "big\.bin": \d+\.\d MiB of 9\.0 MiB \(1\d%\), \d+\.\d (Ki|Mi)B\/s$/);
    expect(lines.at(-1)).toMatch(/^Uploading "big\.bin": done, 9\.0 MiB of 9\.0 MiB \(100%\), \d+\.\d (Ki|Mi)B\/s$/);
  });
});
