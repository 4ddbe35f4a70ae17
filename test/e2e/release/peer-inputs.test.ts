// The inputs users of ncipollo/release-action and softprops/action-gh-release rely on, end to end: each one in
// the plan (with its cost), in the dry run and in the job summary, then applied.
import { describe, expect, it } from 'vitest';
import { createEmulator, type ReleaseSeed } from '../../../emulator';
import type { RunResult } from '../../../harness/run-bundle';
import { releaseHarness } from './harness';
import { releaseScenario } from '../../../emulator/scenarios/release';

const h = releaseHarness();
const { ws, run, releases } = h;
const writes = (r: RunResult) => r.requests.filter((e) => e.contentCreating);
const errors = (r: RunResult) =>
  r.annotations
    .filter((a) => a.level === 'error')
    .map((a) => a.message)
    .join('\n');

async function withRelease(extra: Partial<ReleaseSeed> = {}) {
  h.emu = await createEmulator(
    releaseScenario({
      releases: [
        {
          tag: 'v1.0.0',
          name: 'Old title',
          body: 'old notes',
          assets: [
            { name: 'app.zip', content: 'app' },
            { name: 'stale-build.zip', content: 'stale' },
          ],
          ...extra,
        },
      ],
    }),
    { timeScale: 0.01 },
  );
}

describe('release: remove-assets', () => {
  it('deletes the assets the build no longer produces: planned and priced, nothing in the dry run, then applied', async () => {
    await withRelease();
    const dir = ws({ 'dist/app.zip': 'app', 'dist/new.zip': 'new' });
    const dry = await run({ files: 'dist/*', 'remove-assets': true, 'dry-run': true }, dir);
    expect(dry.code, dry.stdout).toBe(0);
    expect(dry.stdout).toMatch(/delete\s+asset\s+stale-build\.zip\s+5 B; not among the files \(remove-assets\)/);
    expect(dry.summary).toContain('stale-build.zip');
    expect(writes(dry)).toEqual([]);
    const r = await run({ files: 'dist/*', 'remove-assets': true }, dir);
    expect(r.code, r.stdout).toBe(0);
    expect(
      releases()[0]
        .assets.map((a) => a.name)
        .sort(),
    ).toEqual(['app.zip', 'new.zip']);
    expect(r.summary).toMatch(/delete.*stale-build\.zip/);
    const again = await run({ files: 'dist/*', 'remove-assets': true }, dir);
    expect(writes(again)).toEqual([]);
  });
});

describe('release: skip-if-release-exists', () => {
  it('a published release is left as it is, its outputs set; without a release one is made', async () => {
    await withRelease();
    const r = await run({ files: '*.zip', name: 'New', 'skip-if-release-exists': true }, ws({ 'x.zip': 'x' }));
    expect(r.code, r.stdout).toBe(0);
    expect(writes(r)).toEqual([]);
    expect(r.stdout).toMatch(/skip\s+release\s+v1\.0\.0\s+a published release exists/);
    expect(r.summary).toMatch(/left as it is/);
    expect(releases()[0]).toMatchObject({ name: 'Old title' });
    expect(r.outputs.id).toBe(String(releases()[0].id));
    expect(r.outputs.url).toBe(r.outputs['html-url']);

    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const fresh = await run({ files: '*.zip', 'skip-if-release-exists': true }, ws({ 'x.zip': 'x' }));
    expect(fresh.code, fresh.stdout).toBe(0);
    expect(releases()[0].assets.map((a) => a.name)).toEqual(['x.zip']);
  });
});

describe('release: update-only-unreleased', () => {
  it('refuses to change a published release before any write; a pre-release is updated', async () => {
    await withRelease();
    const r = await run({ name: 'New', 'update-only-unreleased': true }, ws({}));
    expect(r.code).toBe(1);
    expect(writes(r)).toEqual([]);
    expect(errors(r)).toMatch(/published and not a pre-release.*update-only-unreleased/);

    await h.emu!.close();
    await withRelease({ prerelease: true });
    const pre = await run({ name: 'New', prerelease: true, 'update-only-unreleased': true }, ws({}));
    expect(pre.code, pre.stdout).toBe(0);
    expect(releases()[0]).toMatchObject({ name: 'New', prerelease: true });
  });
});

describe('release: omit-*-during-update', () => {
  it('an existing release keeps its title, notes and pre-release flag; the dry run shows no update', async () => {
    await withRelease();
    const inputs = {
      name: 'New title',
      body: 'new notes',
      prerelease: true,
      'omit-name-during-update': true,
      'omit-body-during-update': true,
      'omit-prerelease-during-update': true,
    };
    const dry = await run({ ...inputs, 'dry-run': true }, ws({}));
    expect(dry.code, dry.stdout).toBe(0);
    expect(dry.stdout).not.toMatch(/update\s+release/);
    const r = await run(inputs, ws({}));
    expect(r.code, r.stdout).toBe(0);
    expect(writes(r)).toEqual([]);
    expect(releases()[0]).toMatchObject({ name: 'Old title', body: 'old notes', prerelease: false });
    const titleOnly = await run({ ...inputs, 'omit-body-during-update': false }, ws({}));
    expect(titleOnly.code, titleOnly.stdout).toBe(0);
    expect(titleOnly.stdout).toMatch(/update\s+release\s+v1\.0\.0\s+body \(9 chars\)/);
    expect(releases()[0]).toMatchObject({ name: 'Old title', body: 'new notes', prerelease: false });
  });
});

describe('release: asset-content-type and the url output', () => {
  it('every upload is sent with the given content type, shown in the plan; url equals html-url', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run(
      { files: 'dist/*', 'asset-content-type': 'application/x-custom' },
      ws({ 'dist/a.tar.gz': 'a', 'dist/b.txt': 'b' }),
    );
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/upload\s+asset\s+a\.tar\.gz\s+1 B, content type application\/x-custom; new/);
    expect(releases()[0].assets.map((a) => a.contentType)).toEqual(['application/x-custom', 'application/x-custom']);
    expect(r.outputs.url).toMatch(/\/releases\/tag\/v1\.0\.0$/);
    expect(r.outputs.url).toBe(r.outputs['html-url']);
    const bad = await run({ files: 'dist/*', 'asset-content-type': 'not a type' }, ws({ 'dist/a.zip': 'a' }));
    expect(bad.code).toBe(1);
    expect(errors(bad)).toMatch(/asset-content-type.*media type/);
  });

  it('the publish line says the final state', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run({ files: '*.zip', 'make-latest': 'true' }, ws({ 'a.zip': 'a' }));
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/Published release \d+ \(make_latest\)\./);
    // The action's own lines (the client's debug lines are not the action's wording).
    const own = r.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::debug::'))
      .join('\n');
    expect(own).not.toMatch(/: draft\.|1 requests|\(s\)/);
  });
});
