// Faults over a whole release: random 5xx, connection resets after the server applied a write, rate limits on the
// create and on uploads, a permanent 403, and re-runs that converge on the release a failed run left behind.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../../emulator';
import { type RunResult } from '../../../harness/run-bundle';
import { content, fiveAssets, releaseScenario, sha256 } from '../../../emulator/scenarios/release';
import { releaseHarness } from './harness';

const h = releaseHarness();
const { ws, run, releases } = h;
const calls = (r: RunResult, method: string, path: RegExp) =>
  r.requests.filter((e) => e.method === method && path.test(e.path));

/** The release's assets as `name → [state, digest]`, each name once. */
function assetTable(files: Record<string, Buffer | string>): Record<string, [string, string]> {
  return Object.fromEntries(
    Object.entries(files).map(([p, c]) => [p.split('/').pop()!, ['uploaded', `sha256:${sha256(c)}`]]),
  );
}

function expectComplete(files: Record<string, Buffer | string>) {
  expect(releases()).toHaveLength(1);
  const rel = releases()[0];
  expect(rel.draft).toBe(false);
  expect(rel.assets).toHaveLength(Object.keys(files).length);
  expect(Object.fromEntries(rel.assets.map((a) => [a.name, [a.state, a.digest]]))).toEqual(assetTable(files));
}

describe('release: random server errors', () => {
  for (const seed of [1, 3, 4, 5]) {
    it(`20% random 5xx on every host (seed ${seed}): one published release with every asset once, right digests`, async () => {
      h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
      h.emu.faults.random5xx({ rate: 0.2, seed });
      const files = fiveAssets();
      const r = await run({ files: 'dist/*' }, ws(files));
      expect(r.code, r.stdout).toBe(0);
      expect(r.requests.some((e) => e.status >= 500 || e.injected)).toBe(true);
      expectComplete(files);
      expect(
        JSON.parse(r.outputs.assets)
          .map((a: { digest: string }) => a.digest)
          .sort(),
      ).toEqual(
        Object.values(files)
          .map((c) => `sha256:${sha256(c)}`)
          .sort(),
      );
    });
  }
});

describe('release: random server errors while replacing the assets of a published release', () => {
  for (const seed of [7, 8]) {
    it(`20% random 5xx (seed ${seed}): every asset swapped once, no staging name left`, async () => {
      const old = ['a', 'b', 'c'].map((n) => ({ name: `${n}.zip`, content: `old ${n}` }));
      h.emu = await createEmulator(releaseScenario({ releases: [{ tag: 'v1.0.0', assets: old }] }), {
        timeScale: 0.01,
      });
      h.emu.faults.random5xx({ rate: 0.2, seed });
      const files = { 'a.zip': content(100_000, 'a'), 'b.zip': content(100_000, 'b'), 'c.zip': content(100_000, 'c') };
      const r = await run({ files: '*.zip' }, ws(files));
      expect(r.code, r.stdout).toBe(0);
      expectComplete(files);
    });
  }
});

describe('release: connection resets after the server applied the write', () => {
  it('the create: not retried blindly; the list finds the draft the lost answer made, no second create', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    h.emu.faults.reset({ method: 'POST', host: 'api', path: /\/releases$/, when: 'after-body' });
    const files = { 'a.zip': 'A', 'b.zip': 'B' };
    const r = await run({ files: '*.zip' }, ws(files));
    expect(r.code, r.stdout).toBe(0);
    expect(calls(r, 'POST', /\/releases$/)).toHaveLength(1);
    expect(r.stdout).toMatch(/lost its answer; looking for the draft/);
    expectComplete(files);
    expect(r.outputs).toMatchObject({ id: String(releases()[0].id) });
  });

  it('the publishing PATCH: retried, the release ends published once', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    h.emu.faults.reset({ method: 'PATCH', host: 'api', path: /\/releases\/\d+$/, when: 'after-body' });
    const files = { 'a.zip': 'A' };
    const r = await run({ files: '*.zip', body: 'notes' }, ws(files));
    expect(r.code, r.stdout).toBe(0);
    expect(calls(r, 'PATCH', /\/releases\/\d+$/).length).toBeGreaterThanOrEqual(1);
    expectComplete(files);
    expect(releases()[0].body).toBe('notes');
  });

  it('an asset DELETE (replace): the retry meets 404, which counts as deleted; the new content is uploaded once', async () => {
    h.emu = await createEmulator(
      releaseScenario({ releases: [{ tag: 'v1.0.0', assets: [{ name: 'a.zip', content: 'old' }] }] }),
      { timeScale: 0.01 },
    );
    h.emu.faults.reset({ method: 'DELETE', host: 'api', path: /\/releases\/assets\/\d+$/, when: 'after-body' });
    const files = { 'a.zip': 'new' };
    const r = await run({ files: '*.zip' }, ws(files));
    expect(r.code, r.stdout).toBe(0);
    expect(calls(r, 'DELETE', /\/assets\/\d+$/).map((e) => e.status)).toEqual([204, 404]);
    expect(r.requests.filter((e) => e.host === 'uploads')).toHaveLength(1);
    expectComplete(files);
  });
});

describe('release: writes that happened although the answer was a 502', () => {
  it('the create: the draft the 502 hid is found in the list and used, no second create', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    h.emu.faults.respond({ method: 'POST', host: 'api', path: /\/releases$/, status: 502, afterHandler: true });
    const files = { 'a.zip': 'A' };
    const r = await run({ files: '*.zip' }, ws(files));
    expect(r.code, r.stdout).toBe(0);
    expect(calls(r, 'POST', /\/releases$/)).toHaveLength(1);
    expectComplete(files);
  });

  it('an upload: the starter asset it left is deleted, the file uploaded again', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    h.emu.faults.respond({ method: 'POST', host: 'uploads', status: 502, afterHandler: true });
    const files = { 'a.zip': content(100_000, 'a') };
    const r = await run({ files: '*.zip' }, ws(files));
    expect(r.code, r.stdout).toBe(0);
    expect(calls(r, 'DELETE', /\/releases\/assets\/\d+$/).map((e) => e.status)).toEqual([204]);
    expectComplete(files);
  });
});

describe('release: rate limits', () => {
  it('a secondary-limit 403 without retry-after on an upload waits a minute (scaled) and retries', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    h.emu.faults.respond({
      host: 'uploads',
      method: 'POST',
      status: 403,
      body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
    });
    const files = { 'a.zip': 'A' };
    const r = await run({ files: '*.zip' }, ws(files));
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.filter((e) => e.host === 'uploads').map((e) => e.status)).toEqual([403, 201]);
    expectComplete(files);
  });

  it('429 and secondary-limit 403 with retry-after on uploads are waited out and retried', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    h.emu.faults
      .respond({
        host: 'uploads',
        method: 'POST',
        status: 429,
        headers: { 'retry-after': '3' },
        body: { message: 'Too many requests' },
      })
      .respond({
        host: 'uploads',
        method: 'POST',
        status: 403,
        headers: { 'retry-after': '2', 'x-ratelimit-remaining': '900' },
        body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
      });
    const files = { 'a.zip': content(200_000, 'a'), 'b.zip': content(200_000, 'b') };
    const r = await run({ files: '*.zip', 'max-parallel-uploads': 1 }, ws(files));
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.filter((e) => e.host === 'uploads').map((e) => e.status)).toEqual([429, 403, 201, 201]);
    expectComplete(files);
  });

  it('a secondary-limit 403 and a 429 on the create are waited out: one release', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    h.emu.faults
      .respond({
        host: 'api',
        method: 'POST',
        path: /\/releases$/,
        status: 403,
        headers: { 'retry-after': '5' },
        body: { message: 'You have exceeded a secondary rate limit.' },
      })
      .respond({ host: 'api', method: 'POST', path: /\/releases$/, status: 429, headers: { 'retry-after': '1' } });
    const files = { 'a.zip': 'A' };
    const r = await run({ files: '*.zip' }, ws(files));
    expect(r.code, r.stdout).toBe(0);
    expect(calls(r, 'POST', /\/releases$/).map((e) => e.status)).toEqual([403, 429, 201]);
    expectComplete(files);
  });
});

describe('release: a permanent 403, then a re-run', () => {
  it('fails naming contents: write, never publishes without the assets; the re-run reuses the draft', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    h.emu.faults.respond({
      host: 'uploads',
      method: 'POST',
      status: 403,
      headers: { 'x-accepted-github-permissions': 'contents=write' },
      body: { message: 'Resource not accessible by integration' },
      times: Infinity,
    });
    const files = { 'a.zip': 'A', 'b.zip': 'B' };
    const workspace = ws(files);
    const failed = await run({ files: '*.zip' }, workspace);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/contents: write/);
    expect(calls(failed, 'PATCH', /\/releases\/\d+$/)).toEqual([]);
    expect(releases()).toHaveLength(1);
    expect(releases()[0]).toMatchObject({ draft: true, assets: [] });
    const draftId = releases()[0].id;

    h.emu.faults.clear();
    const again = await run({ files: '*.zip' }, workspace);
    expect(again.code, again.stdout).toBe(0);
    expectComplete(files);
    expect(releases()[0].id).toBe(draftId);
    expect(again.outputs).toMatchObject({ id: String(draftId) });
  });

  it('a run that died midway (a starter asset and a draft left) is finished by the re-run, nothing duplicated', async () => {
    h.emu = await createEmulator(
      releaseScenario({
        releases: [
          {
            tag: 'v1.0.0',
            draft: true,
            assets: [
              { name: 'a.zip', content: 'A' },
              { name: 'b.zip', content: 'B-par', state: 'starter' },
            ],
          },
        ],
      }),
      { timeScale: 0.01 },
    );
    const draftId = releases()[0].id;
    const files = { 'a.zip': 'A', 'b.zip': 'B', 'c.zip': 'C' };
    const r = await run({ files: '*.zip' }, ws(files));
    expect(r.code, r.stdout).toBe(0);
    expectComplete(files);
    expect(releases()[0].id).toBe(draftId);
    // a.zip kept; b.zip's starter deleted and uploaded; c.zip uploaded.
    expect(
      r.requests.filter((e) => e.host === 'uploads'),
      r.stdout,
    ).toHaveLength(2);
  });
});

describe('release: replacing an asset of a published release', () => {
  it('the new file is staged, then swapped in: a failing upload leaves the old asset, a re-run swaps it', async () => {
    h.emu = await createEmulator(
      releaseScenario({ releases: [{ tag: 'v1.0.0', assets: [{ name: 'a.zip', content: 'old' }] }] }),
      { timeScale: 0.01 },
    );
    h.emu.faults.reset({ host: 'uploads', method: 'POST', when: { afterBytes: 10 }, times: 10 });
    const files = { 'a.zip': content(50_000, 'new') };
    const dir = ws(files);
    const failed = await run({ files: 'a.zip' }, dir);
    expect(failed.code).toBe(1);
    // Published all along, with the old asset and nothing half-uploaded.
    expect(releases()[0].draft).toBe(false);
    expect(releases()[0].assets.map((a) => [a.name, a.state, a.digest])).toEqual([
      ['a.zip', 'uploaded', `sha256:${sha256('old')}`],
    ]);

    h.emu.faults.clear();
    const again = await run({ files: 'a.zip' }, dir);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toMatch(/upload\s+asset\s+a\.zip\s+.*under a staging name first/);
    expect(again.requests.filter((e) => e.host === 'uploads').map((e) => e.query)).toEqual([
      expect.stringMatching(/name=a\.zip\.partial-[0-9a-f]{8}/),
    ]);
    expectComplete(files);
    expect(releases()[0].assets[0].label ?? null).toBeNull();
    expect(JSON.parse(again.outputs.assets)).toEqual([
      expect.objectContaining({ name: 'a.zip', digest: `sha256:${sha256(files['a.zip'])}` }),
    ]);
  });

  it('a staging asset left by a run that died mid-swap is deleted by the next run (and kept out of the checksums)', async () => {
    h.emu = await createEmulator(
      releaseScenario({
        releases: [
          {
            tag: 'v1.0.0',
            assets: [
              { name: 'a.zip', content: 'A' },
              { name: 'a.zip.partial-0123abcd', content: 'A2' },
              { name: 'notes.txt.partial-0123abcd', content: 'n' },
            ],
          },
        ],
      }),
      { timeScale: 0.01 },
    );
    const r = await run({ files: 'a.zip', checksums: 'SHA256SUMS' }, ws({ 'a.zip': 'A' }));
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/delete\s+asset\s+a\.zip\.partial-0123abcd\s+left by an interrupted replace/);
    // Only the staging name of an asset this run releases is removed.
    expect(
      releases()[0]
        .assets.map((a) => a.name)
        .sort(),
    ).toEqual(['SHA256SUMS', 'a.zip', 'notes.txt.partial-0123abcd']);
    const sums = releases()[0].assets.find((a) => a.name === 'SHA256SUMS')!;
    expect(sums.digest).toBe(`sha256:${sha256(`${sha256('A')}  a.zip\n`)}`);
  });
});
