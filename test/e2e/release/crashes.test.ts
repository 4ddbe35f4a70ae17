// Convergence of the release action: a seeded mix of network faults on the main scenario ends in exactly the state
// of an uninterrupted run with exit 0; a runner killed (SIGKILL) after any write, then run again on a fresh
// runner, ends the same: one release, each file once, none `starter`, no staging name, the checksums right.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../emulator';
import { isFailure } from '../emulator-mode';
import { releaseHarness } from './harness';
import { READ_PATHS, readThrough } from './read-paths';
import { content, releaseScenario, sha256 } from '../../../emulator/scenarios/release';

const h = releaseHarness();
const { ws, run, releases } = h;

const FILES = {
  'dist/app-linux.tar.gz': content(200_000, 'linux'),
  'dist/app-mac.tar.gz': content(150_000, 'mac'),
  'dist/app-windows.zip': content(120_000, 'windows'),
};
const INPUTS = { files: 'dist/*', checksums: 'SHA256SUMS', body: 'Release notes' };

/** The one state every run must end in, whatever happened on the way. */
function expectExactState() {
  expect(releases()).toHaveLength(1);
  const rel = releases()[0];
  expect(rel).toMatchObject({ tag: 'v1.0.0', draft: false, body: 'Release notes' });
  const expected = Object.entries(FILES).map(([path, data]) => [path.split('/').pop()!, `sha256:${sha256(data)}`]);
  const sums = expected
    .map(([name, digest]) => `${digest.slice('sha256:'.length)}  ${name}\n`)
    .sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : 1))
    .join('');
  expect(Object.fromEntries(rel.assets.map((a) => [a.name, [a.state, a.digest]]))).toEqual(
    Object.fromEntries([
      ...expected.map(([name, digest]) => [name, ['uploaded', digest]]),
      ['SHA256SUMS', ['uploaded', `sha256:${sha256(sums)}`]],
    ]),
  );
  expect(rel.assets).toHaveLength(expected.length + 1);
  expect(readFileSync(rel.assets.find((a) => a.name === 'SHA256SUMS')!.file!, 'utf8')).toBe(sums);
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The fault kinds of the mix, one switch of the emulator each; a seed turns on a random subset (add rows here). */
const FAULTS: [string, (emu: Emulator, seed: number) => void][] = [
  ['random 5xx on both hosts', (emu, seed) => emu.faults.random5xx({ rate: 0.12, seed })],
  ['reset before the create body', (emu) => emu.faults.reset({ method: 'POST', path: /\/releases$/ })],
  [
    'create applied, answer lost',
    (emu) => emu.faults.reset({ method: 'POST', host: 'api', path: /\/releases$/, when: 'after-body' }),
  ],
  ['upload cut mid-body', (emu) => emu.faults.reset({ method: 'POST', host: 'uploads', when: { afterBytes: 50_000 } })],
  [
    'upload stored, answered 502',
    (emu) => emu.faults.respond({ method: 'POST', host: 'uploads', status: 502, afterHandler: true }),
  ],
  [
    '429 with retry-after on the list',
    (emu) =>
      emu.faults.respond({
        method: 'GET',
        path: /\/releases$/,
        status: 429,
        headers: { 'retry-after': '1' },
        body: { message: 'API rate limit exceeded' },
      }),
  ],
  [
    'secondary limit 403 on an upload',
    (emu) =>
      emu.faults.respond({
        method: 'POST',
        host: 'uploads',
        status: 403,
        headers: { 'retry-after': '1' },
        body: { message: 'You have exceeded a secondary rate limit.' },
      }),
  ],
  [
    'publishing update applied, answer lost',
    (emu) => emu.faults.reset({ method: 'PATCH', path: /\/releases\/\d+$/, when: 'after-body' }),
  ],
  [
    'asset list answered 502',
    (emu) => emu.faults.respond({ method: 'GET', path: /\/releases\/\d+\/assets$/, status: 502, times: 2 }),
  ],
];

describe('release: a seeded fault mix on the main scenario', () => {
  for (let seed = 1; seed <= 20; seed++) {
    const random = rng(seed);
    const chosen = FAULTS.filter(() => random() < 0.45);
    const names = chosen.map(([name]) => name).join(', ') || 'none';
    it(`seed ${seed} (${names}): exit 0 and exactly the uninterrupted state`, async () => {
      h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
      for (const [, apply] of chosen) apply(h.emu, seed);
      const r = await run(INPUTS, ws(FILES));
      expect(r.code, r.stdout).toBe(0);
      // The faults did happen (a fault that never fired would make the random seed prove nothing).
      if (chosen.length > 0) expect(r.requests.some((e) => e.injected || isFailure(e))).toBe(true);
      expectExactState();
    });
  }
});

describe('release: killed after every write, then run again on a fresh runner', () => {
  it('the uninterrupted run makes 6 writes: create, 3 uploads, checksums, publish', async () => {
    h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const r = await run(INPUTS, ws(FILES));
    expect(r.code, r.stdout).toBe(0);
    expect(r.writes).toBe(6);
    expectExactState();
  });

  for (let k = 1; k <= 6; k++) {
    it.each(READ_PATHS)(
      `killed after write ${k} (list through $reads): the re-run converges to the same state`,
      async ({ reads }) => {
        h.emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
        readThrough(h.emu, reads);
        const dir = ws(FILES);
        const killed = await run(INPUTS, dir, { killAfterWrites: k });
        expect(killed.killed).toBe(true);
        const again = await run(INPUTS, dir);
        expect(again.code, again.stdout).toBe(0);
        expectExactState();
        expect(releases()[0].assets.some((a) => a.name.includes('.partial-'))).toBe(false);
      },
    );
  }
});

describe('release: killed while replacing the assets of a published release', () => {
  const OLD = [
    { name: 'app-linux.tar.gz', content: 'old linux' },
    { name: 'app-mac.tar.gz', content: 'old mac' },
    { name: 'app-windows.zip', content: 'old windows' },
    { name: 'SHA256SUMS', content: 'stale\n' },
  ];
  const published = () =>
    releaseScenario({ releases: [{ tag: 'v1.0.0', body: 'Release notes', assets: OLD.map((a) => ({ ...a })) }] });

  it('the uninterrupted run swaps each asset (staging upload, delete, rename) and the checksums', async () => {
    h.emu = await createEmulator(published(), { timeScale: 0.01 });
    const r = await run({ ...INPUTS, 'max-parallel-uploads': 1 }, ws(FILES));
    expect(r.code, r.stdout).toBe(0);
    expect(r.writes).toBe(12);
    expectExactState();
  });

  it('killed right after the staged upload: the re-run finishes that replace by a rename, without uploading again', async () => {
    h.emu = await createEmulator(published(), { timeScale: 0.01 });
    const dir = ws(FILES);
    const killed = await run({ ...INPUTS, 'max-parallel-uploads': 1 }, dir, { killAfterWrites: 1 });
    expect(killed.killed).toBe(true);
    const staged = releases()[0].assets.find((a) => a.name.includes('.partial-'))!;
    const again = await run(INPUTS, dir);
    expect(again.code, again.stdout).toBe(0);
    const name = staged.name.replace(/\.partial-.*$/, '');
    expect(again.stdout).toContain(`Finished the interrupted replace of "${name}"`);
    expect(again.requests.filter((e) => e.host === 'uploads')).toHaveLength(3); // the two others and SHA256SUMS
    expectExactState();
  });

  for (let k = 1; k <= 12; k++) {
    it(`killed after write ${k}: the re-run leaves every asset once, no staging name, the checksums right`, async () => {
      h.emu = await createEmulator(published(), { timeScale: 0.01 });
      const dir = ws(FILES);
      const killed = await run({ ...INPUTS, 'max-parallel-uploads': 1 }, dir, { killAfterWrites: k });
      expect(killed.killed).toBe(true);
      const again = await run(INPUTS, dir);
      expect(again.code, again.stdout).toBe(0);
      expectExactState();
    });
  }
});
