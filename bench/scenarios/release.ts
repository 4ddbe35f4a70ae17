// `npm run bench` scenarios of release: A a new release with 5 assets, B the same again, C one 1.9 GiB asset
// (sparse) against a 20 MB one for memory, D 20 assets under 50 ms latency against uploading them one by one.
import { rmSync } from 'node:fs';
import { RequestLog, type Emulator } from '../../emulator';
import { newRunnerTemp, runBundle, type RunResult } from '../../harness/run-bundle';
import {
  content,
  fiveAssets,
  releaseScenario,
  REPO,
  SCENARIO_A_MINIMUM,
  sha256,
  sparseFile,
  workspaceWith,
  WORKFLOW_TOKEN,
} from '../../emulator/scenarios/release';
import type { BenchRun, BenchScenario } from '../types';

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

const tagRun = (tag: string, inputs: BenchRun['inputs'], workspace: BenchRun['workspace']): BenchRun => ({
  token: WORKFLOW_TOKEN,
  repository: REPO,
  ref: `refs/tags/${tag}`,
  event: { name: 'push', payload: { ref: `refs/tags/${tag}` } },
  inputs,
  workspace,
});

const runA = (): BenchRun =>
  tagRun('v1.0.0', { files: 'dist/*.tar.gz', body: 'First release' }, workspaceWith(fiveAssets()));

const GIB = 1024 ** 3;
const BIG = Math.floor(1.9 * GIB);
const SMALL = 20 * 1000 * 1000;

/** Peak RSS (MB) of the action uploading one sparse file of `bytes` as a new release. */
async function memoryRun(emu: Emulator, tag: string, bytes: number): Promise<{ result: RunResult; peakMb: number }> {
  const dir = workspaceWith({});
  sparseFile(dir, 'dist/image.img', bytes);
  const runnerTemp = newRunnerTemp();
  try {
    const result = await runBundle('release', {
      ...tagRun(tag, { files: 'dist/image.img' }, dir),
      emulator: emu,
      runnerTemp,
      measureMemory: true,
      timeoutMs: 900_000,
    });
    check(result.code === 0, `the ${bytes}-byte run failed: ${result.stdout.slice(-500)}`);
    return { result, peakMb: (result.peakRssKb ?? 0) / 1024 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(runnerTemp, { recursive: true, force: true });
  }
}

function checkUploaded(emu: Emulator, tag: string, bytes: number): void {
  const asset = emu.state.repo(REPO)!.releases.find((r) => r.tag === tag)?.assets[0];
  check(
    asset?.size === bytes && asset.state === 'uploaded',
    `${tag}: the asset is not complete (${asset?.size} of ${bytes} bytes)`,
  );
}

/** ms from the first upload's arrival to the last upload's answer, from the emulator's log. */
function uploadSpan(r: RunResult): number {
  const uploads = r.requests.filter((e) => e.host === 'uploads');
  return Math.max(...uploads.map((e) => e.startedAt + e.durationMs)) - Math.min(...uploads.map((e) => e.startedAt));
}

const twenty = () =>
  Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [
      `dist/part-${String(i).padStart(2, '0')}.bin`,
      content(1024 * 1024, `part-${i}`),
    ]),
  );

export const scenarios: BenchScenario[] = [
  {
    name: 'release A: new release, 5 assets of 1 MiB',
    action: 'release',
    description:
      'REST for the writes (1 create + 5 uploads + 1 update) and one read of its first page for drafts GraphQL may hide ' +
      '= 8 requests, required exactly that; the releases list (before the create, and its first page again to ' +
      'converge) through GraphQL: 2 queries, a point each.',
    minimum: SCENARIO_A_MINIMUM,
    setup() {
      const run = runA();
      return {
        scenario: releaseScenario(),
        run,
        verify(emu, r) {
          const s = RequestLog.summarize(r.requests);
          const want = SCENARIO_A_MINIMUM;
          check(
            s.counted === want.requests && s.writes === want.writes && s.graphqlPoints === want.points,
            `expected ${want.requests} counted / ${want.writes} writes / ${want.points} points, ` +
              `got ${s.counted} / ${s.writes} / ${s.graphqlPoints}`,
          );
          const rel = emu.state.repo(REPO)!.releases;
          check(
            rel.length === 1 && !rel[0].draft && rel[0].assets.length === 5,
            'expected one published release with 5 assets',
          );
          const files = fiveAssets();
          for (const [path, data] of Object.entries(files)) {
            const a = rel[0].assets.find((x) => x.name === path.slice(5));
            check(a?.digest === `sha256:${sha256(data)}`, `${path}: wrong digest`);
          }
        },
      };
    },
  },
  {
    name: 'release B: the same again',
    action: 'release',
    description:
      'After A, the same step: at most 2 requests (1 here: the release read whole, found by the GraphQL list), no ' +
      'upload, no write.',
    minimum: { requests: 1, writes: 0, points: 1 },
    setup() {
      const run = runA();
      return {
        scenario: releaseScenario(),
        preRuns: [run],
        run,
        verify(_emu, r) {
          const s = RequestLog.summarize(r.requests);
          check(s.counted <= 2 && s.writes === 0, `expected ≤ 2 counted / 0 writes, got ${s.counted} / ${s.writes}`);
          check(!r.requests.some((e) => e.host === 'uploads'), 'something was uploaded');
        },
      };
    },
  },
  {
    name: 'release C (reference): one 20 MB asset',
    action: 'release',
    description:
      'The memory reference for C: a new release with one 20 MB asset (list read and list read again through ' +
      'GraphQL; create, upload, update).',
    minimum: { requests: 3, writes: 3, points: 2 },
    setup() {
      const dir = workspaceWith({});
      sparseFile(dir, 'dist/image.img', SMALL);
      return {
        scenario: releaseScenario(),
        emulatorOptions: { timeScale: 0.01 },
        run: tagRun('v20mb', { files: 'dist/image.img' }, dir),
        verify: (emu) => checkUploaded(emu, 'v20mb', SMALL),
      };
    },
  },
  {
    name: 'release C: one 1.9 GiB asset (sparse file)',
    action: 'release',
    description:
      'Peak RSS of the action under 128 MB and within 16 MB of the 20 MB run (measured again in verify): memory does not grow with the file.',
    minimum: { requests: 3, writes: 3, points: 2 },
    setup() {
      const dir = workspaceWith({});
      sparseFile(dir, 'dist/image.img', BIG);
      return {
        scenario: releaseScenario(),
        emulatorOptions: { timeScale: 0.01 },
        run: { ...tagRun('v1.9gib', { files: 'dist/image.img' }, dir), timeoutMs: 900_000 },
        async verify(emu, r) {
          checkUploaded(emu, 'v1.9gib', BIG);
          const big = (r.peakRssKb ?? 0) / 1024;
          const small = (await memoryRun(emu, 'v20mb', SMALL)).peakMb;
          check(big > 0 && big < 128, `peak RSS ${big.toFixed(1)} MB (limit 128 MB)`);
          check(
            big - small <= 16,
            `peak RSS ${big.toFixed(1)} MB vs ${small.toFixed(1)} MB for 20 MB: more than 16 MB apart`,
          );
        },
      };
    },
  },
  {
    name: 'release D (reference): 20 assets of 1 MiB, one by one',
    action: 'release',
    description: 'max-parallel-uploads: 1, 50 ms latency: the sequential reference for D.',
    minimum: { requests: 22, writes: 22, points: 2 },
    setup() {
      return {
        scenario: releaseScenario(),
        run: tagRun('v20-seq', { files: 'dist/*.bin', 'max-parallel-uploads': 1 }, workspaceWith(twenty())),
      };
    },
  },
  {
    name: 'release D: 20 assets of 1 MiB in parallel',
    action: 'release',
    description:
      'Default max-parallel-uploads (4), 50 ms latency. Checked in verify against a one-by-one run: the uploads (first upload ' +
      'start to last upload end, from the emulator log) take at most 0.5 of the time; the whole-run wall times are the two D rows.',
    minimum: { requests: 22, writes: 22, points: 2 },
    setup() {
      const files = twenty();
      return {
        scenario: releaseScenario(),
        run: tagRun('v20-par', { files: 'dist/*.bin' }, workspaceWith(files)),
        async verify(emu, r) {
          check(
            emu.state.repo(REPO)!.releases.find((x) => x.tag === 'v20-par')?.assets.length === 20,
            'not all 20 assets uploaded',
          );
          check(!r.requests.some((e) => e.limited), 'a request was rejected by a rate limit');
          const runnerTemp = newRunnerTemp();
          try {
            const seq = await runBundle('release', {
              ...tagRun('v20-seq', { files: 'dist/*.bin', 'max-parallel-uploads': 1 }, workspaceWith(files)),
              emulator: emu,
              runnerTemp,
            });
            check(seq.code === 0, 'the one-by-one run failed');
            const parallel = uploadSpan(r);
            const oneByOne = uploadSpan(seq);
            check(
              parallel <= 0.5 * oneByOne,
              `uploads took ${parallel} ms in parallel vs ${oneByOne} ms one by one (whole runs ${r.wallMs} vs ${seq.wallMs} ms): more than half`,
            );
          } finally {
            rmSync(runnerTemp, { recursive: true, force: true });
          }
        },
      };
    },
  },
];
