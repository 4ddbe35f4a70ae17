// Existing releases and assets: updates, drafts on later pages, duplicate names under each `existing-assets` mode,
// renamed names, checksums, and uploads that fail midway (502, connection reset, lost answer).
import { describe, expect, it } from 'vitest';
import { createEmulator, type ReleaseSeed, RequestLog } from '../../../emulator';
import { content, releaseScenario, sha256 } from '../../../emulator/scenarios/release';
import { releaseHarness } from './harness';
import { graphqlShowsNoRelease, isListRead, READ_PATHS, readThrough } from './read-paths';

const h = releaseHarness();
const { ws, run, releases } = h;
const writes = (r: { requests: { contentCreating: boolean }[] }) => r.requests.filter((e) => e.contentCreating).length;

const NEW = content(300_000, 'new a');
const OLD = 'old a';

async function withPublished(assets: ReleaseSeed['assets'], extra: Partial<ReleaseSeed> = {}) {
  h.emu = await createEmulator(
    releaseScenario({ releases: [{ tag: 'v1.0.0', name: 'Old title', body: 'old notes', assets, ...extra }] }),
    { timeScale: 0.01 },
  );
}

describe('release: existing releases', () => {
  it('updates a published release: changed asset replaced, identical kept, others untouched, title and notes from body-path', async () => {
    await withPublished([
      { name: 'a.zip', content: OLD },
      { name: 'same.zip', content: 'same' },
      { name: 'other.bin', content: 'other' },
    ]);
    const keptId = releases()[0].assets[1].id;
    const r = await run(
      { files: 'dist/*', name: 'New title', 'body-path': 'NOTES.md' },
      ws({ 'dist/a.zip': NEW, 'dist/same.zip': 'same', 'NOTES.md': '## Changes\n- faster\n' }),
    );
    expect(r.code, r.stdout).toBe(0);
    const rel = releases()[0];
    expect(releases()).toHaveLength(1);
    expect(rel).toMatchObject({ name: 'New title', body: '## Changes\n- faster\n', draft: false });
    expect(rel.assets.map((a) => [a.name, a.digest])).toEqual([
      ['same.zip', `sha256:${sha256('same')}`],
      ['other.bin', `sha256:${sha256('other')}`],
      ['a.zip', `sha256:${sha256(NEW)}`],
    ]);
    expect(rel.assets[0].id).toBe(keptId);
    // list read; a.zip uploaded under a staging name, the old one deleted, the new one renamed; one update
    expect(RequestLog.summarize(r.requests)).toMatchObject({ counted: 5, writes: 4 });
    expect(r.requests.filter((e) => e.contentCreating).map((e) => `${e.method} ${e.host}`)).toEqual([
      'POST uploads',
      'DELETE api',
      'PATCH api',
      'PATCH api',
    ]);
    expect(rel.assets.map((a) => a.label ?? null)).toEqual([null, null, null]);
    expect(r.outputs.created).toBe('false');
  });

  it.each(READ_PATHS)(
    'finds a draft on the second page of the releases list (through $reads) and finishes it instead of making another',
    async ({ reads }) => {
      const seeds: ReleaseSeed[] = [
        {
          tag: 'v9.0.0',
          draft: true,
          name: 'Draft of 9',
          createdAt: '2020-01-01T00:00:00Z',
          assets: [{ name: 'early.txt', content: 'e' }],
        },
      ];
      for (let i = 0; i < 120; i++)
        seeds.push({
          tag: `v0.${i}.0`,
          createdAt: `2021-01-01T00:${String(i % 60).padStart(2, '0')}:${String(Math.floor(i / 60)).padStart(2, '0')}Z`,
        });
      h.emu = await createEmulator(releaseScenario({ releases: seeds }), { timeScale: 0.01 });
      readThrough(h.emu, reads);
      const draftId = releases()[0].id;
      const r = await run({ files: 'a.zip' }, ws({ 'a.zip': 'A' }), { ref: 'refs/tags/v9.0.0' });
      expect(r.code, r.stdout).toBe(0);
      const nine = releases().filter((x) => x.tag === 'v9.0.0');
      expect(nine).toHaveLength(1);
      expect(nine[0]).toMatchObject({ id: draftId, draft: false, name: 'Draft of 9' });
      expect(nine[0].assets.map((a) => a.name)).toEqual(['early.txt', 'a.zip']);
      expect(r.outputs).toMatchObject({ id: String(draftId), created: 'false' });
      // both pages were read to find the oldest draft of the tag
      expect(r.requests.filter(isListRead(reads))).toHaveLength(2);
    },
  );

  describe('an asset of the same name with other content, under each existing-assets mode', () => {
    it('replace (default): replaced', async () => {
      await withPublished([{ name: 'a.zip', content: OLD }]);
      const r = await run({ files: 'a.zip' }, ws({ 'a.zip': NEW }));
      expect(r.code, r.stdout).toBe(0);
      expect(releases()[0].assets.map((a) => a.digest)).toEqual([`sha256:${sha256(NEW)}`]);
    });

    it('skip: kept, and reported as kept', async () => {
      await withPublished([{ name: 'a.zip', content: OLD }]);
      const r = await run({ files: 'a.zip', 'existing-assets': 'skip' }, ws({ 'a.zip': NEW }));
      expect(r.code, r.stdout).toBe(0);
      expect(writes(r)).toBe(0);
      expect(releases()[0].assets.map((a) => a.digest)).toEqual([`sha256:${sha256(OLD)}`]);
      expect(JSON.parse(r.outputs.assets)).toEqual([
        expect.objectContaining({ name: 'a.zip', digest: `sha256:${sha256(OLD)}` }),
      ]);
      expect(r.stdout).toMatch(/skip\s+asset\s+a\.zip/);
    });

    it('fail: refused before any write, and an identical asset is accepted', async () => {
      await withPublished([
        { name: 'a.zip', content: OLD },
        { name: 'b.zip', content: 'B' },
      ]);
      const r = await run({ files: '*.zip', 'existing-assets': 'fail' }, ws({ 'a.zip': NEW, 'b.zip': 'B' }));
      expect(r.code).toBe(1);
      expect(writes(r)).toBe(0);
      expect(r.annotations.some((a) => a.level === 'error' && /"a\.zip".*existing-assets.*fail/.test(a.message))).toBe(
        true,
      );
      const ok = await run({ files: 'b.zip', 'existing-assets': 'fail' }, ws({ 'b.zip': 'B' }));
      expect(ok.code, ok.stdout).toBe(0);
      expect(writes(ok)).toBe(0);
    });
  });

  it("predicts GitHub's renaming: the plan shows the stored name, the label keeps the file name, a re-run keeps it", async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const dir = ws({ 'out/My App 1.0 (x64).exe': 'exe', 'out/.env': 'E=1' });
    // `out/*` leaves the hidden `.env` out: it is named to be uploaded.
    const r = await run({ files: ['out/*', 'out/.env'] }, dir);
    expect(r.code, r.stdout).toBe(0);
    expect(r.annotations.filter((a) => a.level === 'warning').map((a) => a.message)).toEqual([
      'GitHub will store "My App 1.0 (x64).exe" as "My.App.1.0.x64.exe".',
      'GitHub will store ".env" as "default.env".',
    ]);
    expect(
      releases()[0]
        .assets.map((a) => [a.name, a.label])
        .sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    ).toEqual([
      ['My.App.1.0.x64.exe', 'My App 1.0 (x64).exe'],
      ['default.env', '.env'],
    ]);
    const again = await run({ files: ['out/*', 'out/.env'] }, dir);
    expect(again.code).toBe(0);
    expect(writes(again)).toBe(0);
  });

  it('refuses two files that would become one asset, before any request', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run(
      { files: ['linux/tool', 'mac/tool', 'a b.txt', 'a.b.txt'] },
      ws({ 'linux/tool': '1', 'mac/tool': '2', 'a b.txt': '3', 'a.b.txt': '4' }),
    );
    expect(r.code).toBe(1);
    expect(r.requests).toEqual([]);
    expect(r.stdout).toMatch(/linux\/tool and .*mac\/tool would all be uploaded as the asset "tool"/);
    expect(r.stdout).toMatch(/a b\.txt and .*a\.b\.txt would all be uploaded as the asset "a\.b\.txt"/);
  });

  it('uploads a checksum file of every asset of the release, in sha256sum format', async () => {
    await withPublished([{ name: 'from-other-job.tar.gz', content: 'other job' }]);
    const r = await run({ files: 'dist/*', checksums: 'SHA256SUMS' }, ws({ 'dist/b.zip': 'B', 'dist/a.zip': 'A' }));
    expect(r.code, r.stdout).toBe(0);
    const sums = releases()[0].assets.find((a) => a.name === 'SHA256SUMS')!;
    const expected = `${sha256('A')}  a.zip\n${sha256('B')}  b.zip\n${sha256('other job')}  from-other-job.tar.gz\n`;
    expect(sums).toMatchObject({
      digest: `sha256:${sha256(expected)}`,
      size: expected.length,
      contentType: 'text/plain',
    });
  });
});

describe('release: GraphQL reads that do not see drafts', () => {
  it("a crashed run's draft is found before any create, through REST's first page: the run finishes it", async () => {
    const seed: ReleaseSeed = {
      tag: 'v1.0.0',
      draft: true,
      name: 'Crashed run',
      assets: [{ name: 'a.zip', content: 'A' }],
    };
    h.emu = await createEmulator(releaseScenario({ releases: [seed] }), { timeScale: 0.01 });
    graphqlShowsNoRelease(h.emu);
    const draftId = releases()[0].id;
    const r = await run({ files: 'a.zip' }, ws({ 'a.zip': 'A' }));
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/GraphQL unavailable \(the GraphQL list hid a draft REST's list shows\)/);
    expect(r.summary).toMatch(/releases listed through REST/);
    // No second draft was ever made: no create, nothing deleted.
    expect(r.requests.filter((e) => e.method === 'POST' && e.path === '/repos/octo/app/releases')).toEqual([]);
    expect(r.requests.filter((e) => e.method === 'DELETE')).toEqual([]);
    expect(releases()).toHaveLength(1);
    expect(releases()[0]).toMatchObject({ id: draftId, draft: false });
    expect(releases()[0].assets.map((a) => [a.name, a.digest])).toEqual([['a.zip', `sha256:${sha256('A')}`]]);
    expect(r.outputs).toMatchObject({ id: String(draftId), created: 'false' });
  });
});

describe('release: uploads that fail midway', () => {
  const big = content(2 * 1024 * 1024, 'big');

  it('a 502 from the uploads host is retried; the final asset is complete and nothing is left over', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    h.emu.faults.respond({ host: 'uploads', method: 'POST', status: 502, body: { message: 'Bad Gateway' } });
    const r = await run({ files: 'big.bin' }, ws({ 'big.bin': big }));
    expect(r.code, r.stdout).toBe(0);
    const uploads = r.requests.filter((e) => e.host === 'uploads');
    expect(uploads.map((e) => e.status)).toEqual([502, 201]);
    expect(releases()[0].assets.map((a) => [a.name, a.state, a.size, a.digest])).toEqual([
      ['big.bin', 'uploaded', big.length, `sha256:${sha256(big)}`],
    ]);
    expect(releases()[0].draft).toBe(false);
  });

  it('a connection reset mid-body leaves a starter asset, which is deleted before the retry', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    h.emu.faults.reset({ host: 'uploads', method: 'POST', when: { afterBytes: 500_000 } });
    const r = await run({ files: 'big.bin' }, ws({ 'big.bin': big }));
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.filter((e) => e.method === 'DELETE').map((e) => e.path)).toEqual([
      expect.stringMatching(/^\/repos\/octo\/app\/releases\/assets\/\d+$/),
    ]);
    expect(releases()[0].assets.map((a) => [a.name, a.state, a.size, a.digest])).toEqual([
      ['big.bin', 'uploaded', big.length, `sha256:${sha256(big)}`],
    ]);
  });

  it('an upload whose answer is lost is recognised as done (same digest), not uploaded twice', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    h.emu.faults.reset({ host: 'uploads', method: 'POST', when: 'after-body' });
    const r = await run({ files: 'big.bin' }, ws({ 'big.bin': big }));
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.filter((e) => e.host === 'uploads')).toHaveLength(1);
    expect(releases()[0].assets).toHaveLength(1);
    expect(JSON.parse(r.outputs.assets)[0]).toMatchObject({ name: 'big.bin', digest: `sha256:${sha256(big)}` });
  });

  it('an upload that keeps failing fails the run, leaves no half asset, and leaves the release a draft', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    h.emu.faults.reset({ host: 'uploads', method: 'POST', when: { afterBytes: 1000 }, times: 10 });
    const r = await run({ files: ['ok.txt', 'big.bin'] }, ws({ 'big.bin': big, 'ok.txt': 'ok' }));
    expect(r.code).toBe(1);
    const rel = releases()[0];
    expect(rel.draft).toBe(true);
    expect(rel.assets.filter((a) => a.state !== 'uploaded')).toEqual([]);
    expect(r.stdout).toMatch(/big\.bin.*failed 5 times/);
  });
});
