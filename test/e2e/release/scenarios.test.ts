// Scenarios A–D of the issue through the committed bundle, with request counts from the emulator's log.
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator, RequestLog } from '../../../emulator';
import { newRunnerTemp, runBundle } from '../../../harness/run-bundle';
import { readThrough } from './read-paths';
import {
  fiveAssets,
  releaseScenario,
  REPO,
  SCENARIO_A_MINIMUM,
  SCENARIO_A_REST_MINIMUM,
  sha256,
  sparseFile,
  twentyAssets,
  workspaceWith,
  WORKFLOW_TOKEN,
} from '../../../emulator/scenarios/release';

let emu: Emulator | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await emu?.close();
  emu = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function ws(files: Record<string, string | Buffer>): string {
  const d = workspaceWith(files);
  dirs.push(d);
  return d;
}

const tagEvent = (tag: string) => ({
  ref: `refs/tags/${tag}`,
  event: { name: 'push', payload: { ref: `refs/tags/${tag}` } },
});

describe('release scenarios', () => {
  it('A: a new release with 5 assets → exactly 8 REST requests (7 writes, a drafts check) and 2 GraphQL points, published only after the last upload', async () => {
    emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const files = fiveAssets();
    const r = await runBundle('release', {
      emulator: emu,
      token: WORKFLOW_TOKEN,
      ...tagEvent('v1.0.0'),
      inputs: { files: 'dist/*.tar.gz', body: 'First release' },
      workspace: ws(files),
    });
    expect(r.stderr).toBe('');
    expect(r.code, r.stdout).toBe(0);
    const s = RequestLog.summarize(r.requests);
    expect(s.counted).toBe(SCENARIO_A_MINIMUM.requests);
    expect(s.writes).toBe(SCENARIO_A_MINIMUM.writes);
    expect(s.graphqlPoints).toBe(SCENARIO_A_MINIMUM.points);
    const calls = r.requests
      .filter((e) => e.counted || e.graphqlPoints !== undefined)
      .map((e) => `${e.method} ${e.host} ${e.path.replace(/\d+/g, 'N').replace(/^\/api\/graphql$/, '/graphql')}`);
    // The list (drafts included, GraphQL) finds nothing and shows no draft; REST's first page is read for drafts
    // GraphQL may hide (cli/cli#9076); the draft is created; the first page is read again to converge with
    // concurrent runs; then the uploads, then the one publishing update.
    expect(calls.slice(0, 4)).toEqual([
      'POST api /graphql',
      'GET api /repos/octo/app/releases',
      'POST api /repos/octo/app/releases',
      'POST api /graphql',
    ]);
    expect(calls.slice(4, 9)).toEqual(Array(5).fill('POST uploads /repos/octo/app/releases/N/assets'));
    expect(calls[9]).toBe('PATCH api /repos/octo/app/releases/N');
    expect(r.summary).toMatch(/Releases listed through GraphQL: 2 queries, 2 points/);
    // The plan prices both budgets: the list read after the create is a GraphQL point, not a request.
    expect(r.stdout).toMatch(
      /first page again \(GraphQL\): converge with concurrent runs\s+0 requests \(0 writes\), 1 GraphQL point/,
    );
    expect(r.stdout).toMatch(/Total: 8 operations, 7 requests \(7 writes\), 1 GraphQL point/);

    const releases = emu.state.repo(REPO)!.releases;
    expect(releases).toHaveLength(1);
    const rel = releases[0];
    expect(rel).toMatchObject({ tag: 'v1.0.0', draft: false, body: 'First release', name: 'v1.0.0' });
    expect(Object.fromEntries(rel.assets.map((a) => [a.name, [a.state, a.digest]]))).toEqual(
      Object.fromEntries(Object.entries(files).map(([p, c]) => [p.slice(5), ['uploaded', `sha256:${sha256(c)}`]])),
    );
    expect(r.outputs).toMatchObject({ id: String(rel.id), tag: 'v1.0.0', created: 'true' });
    expect(r.outputs['upload-url']).toMatch(/\/releases\/\d+\/assets\{\?name,label\}$/);
    const assets = JSON.parse(r.outputs.assets) as {
      name: string;
      id: number;
      size: number;
      digest: string;
      url: string;
    }[];
    // In the order the globs matched (sorted paths).
    expect(assets.map((a) => [a.name, a.size, a.digest])).toEqual(
      Object.entries(files)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([p, c]) => [p.slice(5), c.length, `sha256:${sha256(c)}`]),
    );
    expect(r.summary).toContain('Release v1.0.0');
  });

  it('A without GraphQL (no endpoint): the list read through REST by itself, said so, the same end state at 9 REST requests', async () => {
    const endState = (e: Emulator) =>
      e.state.repo(REPO)!.releases.map((rel) => ({
        tag: rel.tag,
        draft: rel.draft,
        body: rel.body,
        // by name: the uploads run in parallel, so the order they land in is not part of the state
        assets: rel.assets
          .map((a) => [a.name, a.state, a.digest])
          .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
      }));
    const runA = (e: Emulator) =>
      runBundle('release', {
        emulator: e,
        token: WORKFLOW_TOKEN,
        ...tagEvent('v1.0.0'),
        inputs: { files: 'dist/*.tar.gz', body: 'First release' },
        workspace: ws(fiveAssets()),
      });
    emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const viaGraphql = await runA(emu);
    expect(viaGraphql.code, viaGraphql.stdout).toBe(0);
    const expected = endState(emu);
    await emu.close();

    emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    readThrough(emu, 'REST');
    const r = await runA(emu);
    expect(r.code, r.stdout).toBe(0);
    expect(endState(emu)).toEqual(expected);
    const s = RequestLog.summarize(r.requests);
    expect({ counted: s.counted, writes: s.writes, points: s.graphqlPoints }).toEqual({
      counted: SCENARIO_A_REST_MINIMUM.requests,
      writes: SCENARIO_A_REST_MINIMUM.writes,
      points: 0,
    });
    expect(r.stdout).toMatch(/GraphQL unavailable \(.*\): the releases are listed through REST\./);
    expect(r.summary).toMatch(/GraphQL unavailable \(.*\): releases listed through REST\./);
    expect(r.stdout).toMatch(
      /read\s+releases\s+v1\.0\.0\s+first page again: converge with concurrent runs\s+1 request/,
    );
  });

  it('B: the same run again → at most 2 requests, no upload, nothing changed', async () => {
    emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const runnerTemp = newRunnerTemp();
    dirs.push(runnerTemp);
    const workspace = ws(fiveAssets());
    const run = () =>
      runBundle('release', {
        emulator: emu!,
        token: WORKFLOW_TOKEN,
        runnerTemp,
        ...tagEvent('v1.0.0'),
        inputs: { files: 'dist/*.tar.gz', body: 'First release' },
        workspace,
      });
    const first = await run();
    expect(first.code, first.stdout).toBe(0);
    const before = JSON.stringify(emu.state.repo(REPO)!.releases);
    const second = await run();
    expect(second.code, second.stdout).toBe(0);
    const s = RequestLog.summarize(second.requests);
    expect(s.counted).toBeLessThanOrEqual(2);
    expect(s.writes).toBe(0);
    expect(second.requests.filter((e) => e.host === 'uploads')).toEqual([]);
    expect(JSON.stringify(emu.state.repo(REPO)!.releases)).toBe(before);
    expect(second.outputs).toMatchObject({ created: 'false', id: first.outputs.id });
    expect(JSON.parse(second.outputs.assets)).toEqual(JSON.parse(first.outputs.assets));
    expect(second.stdout).toMatch(/keep\s+asset\s+app-linux-amd64\.tar\.gz/);
  });

  it('C: a 512 MiB asset streams from disk in constant memory, with the right size and digest', async () => {
    emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    const dir = ws({});
    const bytes = 512 * 1024 * 1024;
    sparseFile(dir, 'dist/big.img', bytes);
    const r = await runBundle('release', {
      emulator: emu,
      token: WORKFLOW_TOKEN,
      ...tagEvent('v2.0.0'),
      inputs: { files: 'dist/big.img' },
      workspace: dir,
      measureMemory: true,
      timeoutMs: 180_000,
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const asset = emu.state.repo(REPO)!.releases[0].assets[0];
    expect(asset).toMatchObject({
      name: 'big.img',
      size: bytes,
      state: 'uploaded',
      digest: `sha256:${sha256(Buffer.alloc(bytes))}`,
    });
    expect(statSync(join(dir, 'dist/big.img')).size).toBe(bytes);
    // The file is 512 MiB; the process never holds it.
    expect(r.peakRssKb! / 1024).toBeLessThan(128);
  }, 240_000);

  it('D: 20 assets upload in parallel (up to max-parallel-uploads) under latency', async () => {
    emu = await createEmulator(releaseScenario(), { timeScale: 0.01, latencyMs: 50 });
    const r = await runBundle('release', {
      emulator: emu,
      token: WORKFLOW_TOKEN,
      ...tagEvent('v3.0.0'),
      inputs: { files: 'dist/*.bin', 'max-parallel-uploads': 4 },
      workspace: ws(twentyAssets()),
    });
    expect(r.code, r.stdout).toBe(0);
    const uploads = r.requests.filter((e) => e.host === 'uploads');
    expect(uploads).toHaveLength(20);
    // The most uploads in flight at one moment.
    const events = uploads
      .flatMap(
        (e) =>
          [
            [e.startedAt, 1],
            [e.startedAt + e.durationMs, -1],
          ] as const,
      )
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let now = 0;
    let peak = 0;
    for (const [, d] of events) peak = Math.max(peak, (now += d));
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(4);
    expect(emu.state.repo(REPO)!.releases[0].assets).toHaveLength(20);
    expect(r.requests.filter((e) => e.limited)).toEqual([]);
  });
});
