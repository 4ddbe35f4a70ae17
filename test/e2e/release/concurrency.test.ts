// Matrix jobs on one tag: three runs at once, and one run publishing while another still uploads.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../../emulator';
import { content, releaseScenario, REPO, sha256 } from '../../../emulator/scenarios/release';
import { releaseHarness } from './harness';
import { lagList, READ_PATHS, readThrough } from './read-paths';

const h = releaseHarness();
const { ws, run, releases } = h;
const bigFiles = () => Object.fromEntries([1, 2, 3, 4].map((i) => [`dist/big-${i}.bin`, content(300_000, String(i))]));

/** Resolves once the (draft) release has its first uploaded asset. */
async function firstAssetIn(): Promise<void> {
  while (!releases().some((r) => r.assets.some((a) => a.state === 'uploaded')))
    await new Promise((r) => setTimeout(r, 20));
}

describe('release: matrix jobs on one tag', () => {
  it("three runs at once: one published release with every job's assets, the other drafts deleted", async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    // Creates answer after 1.5 s: all three lists are read before any draft exists, so all three create one.
    h.emu.faults.latency(1500, { method: 'POST', host: 'api', path: /\/releases$/ });
    const jobs = ['linux', 'mac', 'windows'];
    const results = await Promise.all(
      jobs.map((os) =>
        run(
          { files: 'dist/*', body: 'notes', 'generate-release-notes': true },
          ws({ [`dist/app-${os}.zip`]: `${os} build` }),
        ),
      ),
    );
    for (const r of results) expect(r.code, r.stdout).toBe(0);
    expect(releases()).toHaveLength(1);
    const rel = releases()[0];
    expect(rel.draft).toBe(false);
    expect(Object.fromEntries(rel.assets.map((a) => [a.name, a.digest]))).toEqual(
      Object.fromEntries(jobs.map((os) => [`app-${os}.zip`, `sha256:${sha256(`${os} build`)}`])),
    );
    expect(results.map((r) => r.outputs.created).sort()).toEqual(['false', 'false', 'true']);
    expect(new Set(results.map((r) => r.outputs.id))).toEqual(new Set([String(rel.id)]));
    // (Each run's \`requests\` are the log entries of its time window, which overlap here: the whole log is used.)
    const deletes = h.emu.log.entries.filter((e) => e.method === 'DELETE' && /\/releases\/\d+$/.test(e.path));
    const creates = h.emu.log.entries.filter(
      (e) => e.method === 'POST' && /\/releases$/.test(e.path) && e.status === 201,
    );
    expect(creates.length).toBeGreaterThanOrEqual(2);
    expect(deletes.map((e) => e.status)).toEqual(Array(creates.length - 1).fill(204));
    // The generated notes appear once, after the body.
    expect(rel.body!.match(/Full Changelog/g)).toHaveLength(1);
    expect(rel.body).toMatch(/^notes\n\n/);
  });

  it('one run publishes while another is still uploading: the late assets join the published release', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const slow = run({ files: 'dist/*', 'max-parallel-uploads': 1 }, ws(bigFiles()));
    // Uploads take 1.5 s each: once the slow run's first asset is in, the quick run finds its draft, uploads and
    // publishes while the slow run still has three to go (long enough even on a loaded machine).
    h.emu.faults.latency(1500, { host: 'uploads', path: /\/assets$/ });
    await firstAssetIn();
    const quick = await run({ files: 'dist/*' }, ws({ 'dist/small.txt': 'small' }));
    const slowResult = await slow;
    expect(quick.code, quick.stdout).toBe(0);
    expect(slowResult.code, slowResult.stdout).toBe(0);
    expect(releases()).toHaveLength(1);
    const rel = releases()[0];
    expect(rel.draft).toBe(false);
    expect(rel.assets.map((a) => a.name).sort()).toEqual([
      'big-1.bin',
      'big-2.bin',
      'big-3.bin',
      'big-4.bin',
      'small.txt',
    ]);
    expect(rel.assets.every((a) => a.state === 'uploaded')).toBe(true);
    expect(quick.outputs.id).toBe(slowResult.outputs.id);
  });

  it('immutable releases: a run whose release was published by another run fails clearly, nothing half-made', async () => {
    h.emu = await createEmulator(releaseScenario({ immutableReleases: true }), { timeScale: 0.01 });
    const slow = run({ files: 'dist/*', 'max-parallel-uploads': 1 }, ws(bigFiles()));
    // Long enough that the quick run (a process start, reads, one upload) publishes first even on a loaded machine.
    h.emu.faults.latency(1500, { host: 'uploads', path: /\/assets$/ });
    await firstAssetIn();
    const quick = await run({ files: 'dist/*' }, ws({ 'dist/small.txt': 'small' }));
    const late = await slow;
    expect(quick.code, quick.stdout).toBe(0);
    expect(late.code).toBe(1);
    expect(late.stdout).toMatch(/published meanwhile \(by another run\) and is immutable.*draft: true/);
    expect(releases()).toHaveLength(1);
    expect(releases()[0]).toMatchObject({ draft: false, immutable: true });
    expect(releases()[0].assets.every((a) => a.state === 'uploaded')).toBe(true);
  });

  it.each(READ_PATHS)(
    'two drafts that never saw each other (a lagging list, through $reads): the second to publish moves its assets to the first',
    async ({ reads }) => {
      h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
      readThrough(h.emu, reads);
      // Every list read of both runs answers an empty list, as a replica that has not seen the creates yet would.
      lagList(h.emu, reads, 2);
      h.emu.faults.latency(1500, { method: 'POST', host: 'api', path: /\/releases$/ });
      const [linux, mac] = await Promise.all([
        run({ files: 'dist/*' }, ws({ 'dist/app-linux.zip': 'linux build' })),
        run({ files: 'dist/*' }, ws({ 'dist/app-mac.zip': 'mac build' })),
      ]);
      expect(linux.code, linux.stdout).toBe(0);
      expect(mac.code, mac.stdout).toBe(0);
      expect(releases()).toHaveLength(1);
      expect(releases()[0].draft).toBe(false);
      expect(
        releases()[0]
          .assets.map((a) => a.name)
          .sort(),
      ).toEqual(['app-linux.zip', 'app-mac.zip']);
      const moved = [linux, mac].find((r) => /Another run published release \d+ for v1\.0\.0 first/.test(r.stdout));
      expect(moved?.outputs).toMatchObject({ created: 'false', id: String(releases()[0].id) });
    },
  );
});

describe('release: checksums under matrix jobs', () => {
  it('three jobs at once with checksums: SHA256SUMS lists all three assets, nothing extra is left, all exit 0', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    // All three find no release and create drafts at once; their checksum writes then meet each other.
    h.emu.faults.latency(1500, { method: 'POST', host: 'api', path: /\/releases$/ });
    h.emu.faults.latency(300, { method: 'GET', host: 'api', path: /\/releases\/\d+\/assets$/ });
    const jobs = ['linux', 'mac', 'windows'];
    const results = await Promise.all(
      jobs.map((os) =>
        run({ files: 'dist/*', checksums: 'SHA256SUMS' }, ws({ [`dist/app-${os}.zip`]: `${os} build` })),
      ),
    );
    for (const r of results) expect(r.code, r.stdout).toBe(0);
    expect(releases()).toHaveLength(1);
    const rel = releases()[0];
    expect(rel.draft).toBe(false);
    expect(rel.assets.map((a) => a.name).sort()).toEqual(['SHA256SUMS', ...jobs.map((os) => `app-${os}.zip`)]);
    expect(rel.assets.every((a) => a.state === 'uploaded')).toBe(true);
    const sums = rel.assets.find((a) => a.name === 'SHA256SUMS')!;
    const text = readFileSync(sums.file!, 'utf8');
    expect(text).toBe(
      jobs
        .map((os) => `${sha256(`${os} build`)}  app-${os}.zip\n`)
        .sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : 1))
        .join(''),
    );
    expect(sums.digest).toBe(`sha256:${sha256(text)}`);
  });
});

describe('release: checksums swapped on a published release by three jobs at once', () => {
  it('each job swaps SHA256SUMS; the conflicts are read again and retried; the final file lists every asset', async () => {
    const seed = { tag: 'v1.0.0', assets: [{ name: 'SHA256SUMS', content: 'stale\n' }] };
    h.emu = await createEmulator(releaseScenario({ releases: [seed] }), { timeScale: 0.01 });
    h.emu.faults.latency(200, { method: 'GET', host: 'api', path: /\/releases\/\d+\/assets$/ });
    h.emu.faults.latency(150, { method: 'PATCH', host: 'api', path: /\/releases\/assets\/\d+$/ });
    const jobs = ['linux', 'mac', 'windows'];
    const results = await Promise.all(
      jobs.map((os) =>
        run({ files: 'dist/*', checksums: 'SHA256SUMS' }, ws({ [`dist/app-${os}.zip`]: `${os} build` })),
      ),
    );
    for (const r of results) expect(r.code, r.stdout).toBe(0);
    const rel = releases()[0];
    expect(rel.assets.map((a) => a.name).sort()).toEqual(['SHA256SUMS', ...jobs.map((os) => `app-${os}.zip`)]);
    const sums = rel.assets.find((a) => a.name === 'SHA256SUMS')!;
    const text = readFileSync(sums.file!, 'utf8');
    for (const os of jobs) expect(text).toContain(`${sha256(`${os} build`)}  app-${os}.zip\n`);
    expect(text.split('\n').filter(Boolean)).toHaveLength(3);
  });
});

describe.each(READ_PATHS)(
  'release: a lost create answer while another job creates too (list through $reads)',
  ({ reads }) => {
    it('no empty draft is left: the run that lost its answer deletes every empty draft but the winner', async () => {
      h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
      const emu = h.emu;
      readThrough(emu, reads);
      // Another job's draft appears right after this run read the list (so this run creates one too, with a higher
      // id): after its last list read before the create, REST's list (on the GraphQL path, its first page read for
      // drafts GraphQL may hide)…
      const stop = emu.log.subscribe((entry) => {
        if (!(entry.method === 'GET' && /\/releases$/.test(entry.path))) return;
        stop();
        const now = emu.state.clock.iso();
        emu.state.repo(REPO)!.releases.push({
          ...{ id: emu.state.id(), tag: 'v1.0.0', name: 'v1.0.0', body: null, draft: true, prerelease: false },
          ...{ target: 'main', author: 'github-actions[bot]', createdAt: now, publishedAt: null, immutable: false },
          assets: [],
        });
      });
      // …and the answer to this run's create is lost (the draft was made).
      emu.faults.respond({ method: 'POST', host: 'api', path: /\/releases$/, status: 502, afterHandler: true });
      const r = await run({ files: 'dist/*' }, ws({ 'dist/app.zip': 'app' }));
      expect(r.code, r.stdout).toBe(0);
      expect(r.stdout).toMatch(/lost its answer/);
      expect(r.stdout).toMatch(/Deleting empty draft \d+ of v1\.0\.0/);
      expect(releases()).toHaveLength(1);
      expect(releases()[0]).toMatchObject({ draft: false });
      expect(releases()[0].assets.map((a) => a.name)).toEqual(['app.zip']);
    });
  },
);
