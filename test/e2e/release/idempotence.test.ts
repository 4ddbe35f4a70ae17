// Re-runs and small changes: the same inputs again write nothing; one changed field is one PATCH; make-latest alone;
// a draft as the final state; prerelease toggling.
import { describe, expect, it } from 'vitest';
import { createEmulator, RequestLog } from '../../../emulator';
import { type RunResult } from '../../../harness/run-bundle';
import { releaseScenario, REPO, WORKFLOW_TOKEN } from '../../../emulator/scenarios/release';
import { releaseHarness } from './harness';

const h = releaseHarness();
const { ws, run, releases } = h;
const writes = (r: RunResult) => r.requests.filter((e) => e.contentCreating);
async function api(path: string): Promise<{ tag_name: string }> {
  const res = await fetch(`${h.emu!.apiUrl}${path}`, {
    headers: { authorization: `Bearer ${WORKFLOW_TOKEN}`, 'user-agent': 't' },
  });
  return (await res.json()) as { tag_name: string };
}

describe('release: idempotent re-runs', () => {
  it('the same inputs again (another job, no shared cache): no write, no upload, at most 2 requests', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const dir = ws({ 'dist/a.zip': 'A', 'dist/b.zip': 'B' });
    const inputs = {
      files: 'dist/*',
      name: 'Version 1',
      body: 'notes',
      'make-latest': 'true',
      checksums: 'SHA256SUMS',
    };
    const first = await run(inputs, dir);
    expect(first.code, first.stdout).toBe(0);
    const before = JSON.stringify(releases());
    const second = await run(inputs, dir);
    expect(second.code, second.stdout).toBe(0);
    expect(writes(second)).toEqual([]);
    expect(RequestLog.summarize(second.requests).counted).toBeLessThanOrEqual(2);
    expect(JSON.stringify(releases())).toBe(before);
    expect(JSON.parse(second.outputs.assets)).toEqual(JSON.parse(first.outputs.assets));
  });

  it('a published release without a title keeps it when `name` is not given (no PATCH)', async () => {
    h.emu = await createEmulator(
      releaseScenario({ releases: [{ tag: 'v1.0.0', body: 'b', assets: [{ name: 'a.zip', content: 'A' }] }] }),
      { timeScale: 0.01 },
    );
    const r = await run({ files: 'a.zip', body: 'b' }, ws({ 'a.zip': 'A' }));
    expect(r.code, r.stdout).toBe(0);
    expect(writes(r)).toEqual([]);
  });

  it('changing only the body, then only the name: one PATCH each, no upload', async () => {
    h.emu = await createEmulator(
      releaseScenario({
        releases: [{ tag: 'v1.0.0', name: 'One', body: 'old', assets: [{ name: 'a.zip', content: 'A' }] }],
      }),
      { timeScale: 0.01 },
    );
    const dir = ws({ 'a.zip': 'A' });
    const body = await run({ files: 'a.zip', body: 'new notes' }, dir);
    expect(body.code, body.stdout).toBe(0);
    expect(writes(body).map((e) => e.method)).toEqual(['PATCH']);
    expect(body.stdout).toMatch(/update\s+release\s+v1\.0\.0\s+body \(9 chars\)/);
    expect(releases()[0]).toMatchObject({ name: 'One', body: 'new notes', draft: false });
    const name = await run({ files: 'a.zip', body: 'new notes', name: 'Version One' }, dir);
    expect(writes(name).map((e) => e.method)).toEqual(['PATCH']);
    expect(name.stdout).toMatch(/update\s+release\s+v1\.0\.0\s+name: "Version One"\s+1 request/);
    expect(releases()[0]).toMatchObject({ name: 'Version One', body: 'new notes' });
  });

  it('make-latest: true alone on a published release that is not the latest: one PATCH, then nothing', async () => {
    h.emu = await createEmulator(
      releaseScenario({
        releases: [
          { tag: 'v1.0.0', name: 'v1.0.0', createdAt: '2024-01-01T00:00:00Z' },
          { tag: 'v2.0.0', name: 'v2.0.0', createdAt: '2024-02-01T00:00:00Z' },
        ],
      }),
      { timeScale: 0.01 },
    );
    expect((await api('/repos/octo/app/releases/latest')).tag_name).toBe('v2.0.0');
    const dir = ws({});
    const r = await run({ 'make-latest': 'true' }, dir);
    expect(r.code, r.stdout).toBe(0);
    expect(writes(r).map((e) => e.method)).toEqual(['PATCH']);
    expect(r.stdout).toMatch(/make_latest: "true"/);
    expect((await api('/repos/octo/app/releases/latest')).tag_name).toBe('v1.0.0');
    const again = await run({ 'make-latest': 'true' }, dir);
    expect(again.code, again.stdout).toBe(0);
    expect(writes(again)).toEqual([]);
  });

  it('draft: true as the final state: created as a draft, never published; a re-run writes nothing', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const dir = ws({ 'a.zip': 'A' });
    const first = await run({ files: 'a.zip', draft: true }, dir);
    expect(first.code, first.stdout).toBe(0);
    expect(writes(first).map((e) => `${e.method} ${e.host}`)).toEqual(['POST api', 'POST uploads']);
    expect(releases()).toHaveLength(1);
    expect(releases()[0]).toMatchObject({ draft: true });
    expect(h.emu.state.repo(REPO)!.refs.has('refs/tags/v1.0.0')).toBe(false);
    const again = await run({ files: 'a.zip', draft: true }, dir);
    expect(again.code, again.stdout).toBe(0);
    expect(writes(again)).toEqual([]);
    expect(releases()).toHaveLength(1);
    expect(again.outputs).toMatchObject({ id: first.outputs.id, created: 'false' });
  });

  it('prerelease toggles with one PATCH each way; the tag is created at the target on publishing', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const dir = ws({ 'a.zip': 'A' });
    const pre = await run({ files: 'a.zip', prerelease: true }, dir);
    expect(pre.code, pre.stdout).toBe(0);
    expect(releases()[0]).toMatchObject({ prerelease: true, draft: false });
    const full = await run({ files: 'a.zip', prerelease: false }, dir);
    expect(writes(full).map((e) => e.method)).toEqual(['PATCH']);
    expect(releases()[0]).toMatchObject({ prerelease: false, draft: false });
    const back = await run({ files: 'a.zip', prerelease: true }, dir);
    expect(writes(back).map((e) => e.method)).toEqual(['PATCH']);
    expect(releases()[0]).toMatchObject({ prerelease: true });
    expect(releases()).toHaveLength(1);
  });
});
