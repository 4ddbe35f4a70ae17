// Scenarios A–C of the issue through the committed bundle, with request counts from the emulator's log by kind: the
// labels are read through GraphQL (its own budget, in points), so the REST requests are the writes and the list read
// once again after them (the check, and the ETag that makes the same run again in the job free); the same scenarios
// through REST (GraphQL's URL a closed port) end in the same state at one list request more.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator, RequestLog } from '../../../emulator';
import { newRunnerTemp, runBundle } from '../../../harness/run-bundle';
import { isFailure } from '../emulator-mode';
import {
  expectedMap,
  labelFile,
  labelMap,
  scenarioA,
  scenarioC,
  scenarioOf,
  WORKFLOW_TOKEN,
} from '../../../emulator/scenarios/label-sync';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

const REPO = 'octo/app';

/** A GraphQL URL nothing listens on (the discard port): connection refused, so the run reads through REST. */
const REST_ONLY = { GITHUB_GRAPHQL_URL: 'http://127.0.0.1:9/graphql' };

const isGraphql = (path: string) => /\/graphql$/.test(path);

describe('label-sync scenarios', () => {
  it('A: 60 labels, 22 changes → 22 writes (one at a time) + 1 list read again = 23 REST requests and 1 GraphQL point', async () => {
    const a = scenarioA();
    emu = await createEmulator(
      scenarioOf([{ owner: 'octo', name: 'app', labels: a.labels, issues: [{ title: 'Slow', labels: ['prio-1'] }] }]),
      { timeScale: 0.01 },
    );
    const r = await runBundle('label-sync', {
      emulator: emu,
      token: WORKFLOW_TOKEN,
      inputs: { prune: true },
      workspace: { '.github/labels.yml': labelFile(a.file) },
    });
    expect(r.code, r.stdout).toBe(0);
    const s = RequestLog.summarize(r.requests);
    expect(s.counted).toBe(a.minimum.writes + 1);
    expect(s.writes).toBe(a.minimum.writes);
    expect(s).toMatchObject({ graphqlRequests: 1, graphqlPoints: 1 });
    expect(r.requests.filter((e) => e.limited)).toEqual([]);
    // More than 5 writes: one at a time, a second apart (10 ms at this scale; src/github/client/pacer.ts), never refused
    const waited = Number(/Time waited \(REST and GraphQL together\) \| ([\d.]+) s/.exec(r.summary)?.[1]);
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThan(1);
    // the list came through GraphQL; the one REST read is the list read again after the last write; the plan and the
    // summary say what the reads cost (planned, then spent)
    const reads = r.requests.flatMap((e, i) => (!isGraphql(e.path) && e.counted && !e.contentCreating ? [i] : []));
    expect(reads.map((i) => `${r.requests[i].method} ${r.requests[i].path.split('?')[0]}`)).toEqual([
      'GET /repos/octo/app/labels',
    ]);
    expect(reads[0]).toBeGreaterThan(r.requests.findLastIndex((e) => e.contentCreating));
    expect(r.stdout).toMatch(
      /Plan: 22 requests \(22 writes\) over 1 repository\. Read with 1 GraphQL query \(1 point\), 0 REST requests; then up to 1 REST request once applied to read 1 list again/,
    );
    expect(r.summary).toContain(
      'plan: 22 requests (22 writes). Read with 1 GraphQL query (1 point), 0 REST requests; then 1 REST request to read 1 list again',
    );
    expect(r.stdout).not.toMatch(/read again after the writes/);
    expect(r.outputs).toMatchObject({ created: '7', updated: '10', renamed: '3', deleted: '2', unchanged: '40' });
    const repo = emu.state.repo(REPO)!;
    expect(labelMap(repo.labels)).toEqual(expectedMap(a.file));
    // the renamed label kept its issue
    expect(repo.issues.get(1)!.labels.map((l) => l.name)).toEqual(['priority: 1']);
    // the plan output lists every operation with its status
    const plan = JSON.parse(r.outputs.plan) as { repository: string; kind: string; label: string; status: string }[];
    expect(plan.filter((e) => e.kind !== 'none').every((e) => e.status === 'done' && e.repository === REPO)).toBe(true);
    expect(plan.filter((e) => e.status === 'unchanged')).toHaveLength(40);
    // the plan table is in the log and in the job summary
    expect(r.stdout).toMatch(/rename\s+priority: 1\s+rename prio-1 → priority: 1/);
    expect(r.summary).toContain('| octo/app | delete | stray one |');
    expect(r.summary).toMatch(/API usage|requests/i);
  });

  it('A through REST (GraphQL unreachable): the same end state at 24 REST requests, and the plan says why', async () => {
    const a = scenarioA();
    emu = await createEmulator(scenarioOf([{ owner: 'octo', name: 'app', labels: a.labels }]), { timeScale: 0.01 });
    const r = await runBundle('label-sync', {
      emulator: emu,
      token: WORKFLOW_TOKEN,
      inputs: { prune: true },
      workspace: { '.github/labels.yml': labelFile(a.file) },
      env: REST_ONLY,
    });
    expect(r.code, r.stdout).toBe(0);
    expect(RequestLog.summarize(r.requests)).toMatchObject({
      counted: a.minimum.requests + 1,
      writes: a.minimum.writes,
      graphqlRequests: 0,
    });
    expect(labelMap(emu.state.repo(REPO)!.labels)).toEqual(expectedMap(a.file));
    expect(r.stdout).toMatch(/octo\/app: labels read through REST \(GraphQL failed: .*127\.0\.0\.1/);
    expect(r.stdout).toMatch(/Read with 0 GraphQL queries \(0 points\), 1 REST request; then up to 1 REST request/);
  });

  /** Scenario A's repository and file, run again and again in one job (one runner temp: its ETag cache). */
  async function repeatedA(
    env: Record<string, string>,
    runs: (run: () => ReturnType<typeof runBundle>) => Promise<void>,
  ) {
    const a = scenarioA();
    emu = await createEmulator(scenarioOf([{ owner: 'octo', name: 'app', labels: a.labels }]), { timeScale: 0.01 });
    const runnerTemp = newRunnerTemp();
    const workspace = { '.github/labels.yml': labelFile(a.file) };
    try {
      await runs(() =>
        runBundle('label-sync', {
          emulator: emu!,
          token: WORKFLOW_TOKEN,
          runnerTemp,
          inputs: { prune: true },
          workspace,
          env,
        }),
      );
    } finally {
      rmSync(runnerTemp, { recursive: true, force: true });
    }
  }

  it('B: the same run again in the same job → 0 counted requests, 0 points: a 304 on the ETag A left, said in the plan', async () => {
    await repeatedA({}, async (run) => {
      expect((await run()).code).toBe(0);
      for (const again of [await run(), await run()]) {
        expect(again.code, again.stdout).toBe(0);
        expect(RequestLog.summarize(again.requests)).toMatchObject({
          counted: 0,
          writes: 0,
          notModified: 1,
          graphqlRequests: 0,
          graphqlPoints: 0,
        });
        expect(again.outputs).toMatchObject({ created: '0', updated: '0', deleted: '0', unchanged: '60' });
        expect(again.stdout).toMatch(
          /octo\/app: labels read through REST \(this job holds its ETag: free while unchanged\)/,
        );
        expect(again.stdout).toMatch(/Read with 0 GraphQL queries \(0 points\), 0 REST requests\./);
        expect(labelMap(emu!.state.repo(REPO)!.labels)).toEqual(expectedMap(scenarioA().file));
      }
    });
  });

  it('B through REST: the list read again after the writes, then every run again answered 304: 0 counted requests', async () => {
    await repeatedA(REST_ONLY, async (run) => {
      const first = await run(); // scenario A: 1 list, 22 writes, the list read again (its ETag as the writes left it)
      expect(first.code).toBe(0);
      expect(RequestLog.summarize(first.requests)).toMatchObject({ counted: 24, writes: 22 });
      for (const again of [await run(), await run()]) {
        expect(again.code, again.stdout).toBe(0);
        expect(RequestLog.summarize(again.requests)).toMatchObject({ counted: 0, writes: 0, notModified: 1 });
        expect(again.outputs).toMatchObject({
          created: '0',
          updated: '0',
          renamed: '0',
          deleted: '0',
          unchanged: '60',
        });
        expect(again.stdout).toMatch(/Nothing to change/);
      }
    });
  });

  it('a run with nothing to write reads nothing more (no seed read): 1 point a run, no REST request', async () => {
    const a = scenarioA();
    const inLine = Object.entries(expectedMap(a.file)).map(([name, v]) => {
      const [color, description] = v.split('|');
      return { name, color, description };
    });
    emu = await createEmulator(scenarioOf([{ owner: 'octo', name: 'app', labels: inLine }]), { timeScale: 0.01 });
    const runnerTemp = newRunnerTemp();
    const run = () =>
      runBundle('label-sync', {
        emulator: emu!,
        token: WORKFLOW_TOKEN,
        runnerTemp,
        inputs: { prune: true },
        workspace: { '.github/labels.yml': labelFile(a.file) },
      });
    try {
      // A lone run (the common case) pays no REST request for a re-run that may never come; a run again in the job
      // reads through GraphQL again, as nothing left it an ETag.
      for (const r of [await run(), await run()]) {
        expect(r.code, r.stdout).toBe(0);
        expect(RequestLog.summarize(r.requests)).toMatchObject({ counted: 0, writes: 0, graphqlPoints: 1 });
        expect(r.requests.filter((e) => e.method === 'GET' && e.path.endsWith('/labels'))).toEqual([]);
      }
    } finally {
      rmSync(runnerTemp, { recursive: true, force: true });
    }
  });

  it('C: 250 labels to create → no secondary-limit rejection, every label created', async () => {
    const c = scenarioC();
    emu = await createEmulator(scenarioOf([{ owner: 'octo', name: 'app', labels: [] }]), { timeScale: 0.01 });
    const r = await runBundle('label-sync', {
      emulator: emu,
      token: WORKFLOW_TOKEN,
      workspace: { '.github/labels.yml': labelFile(c.file) },
    });
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.filter((e) => e.limited)).toEqual([]);
    // (GHES with rate limiting off answers the budget's `GET /rate_limit` 404: how it tells there is no limit.)
    expect(r.requests.filter(isFailure)).toEqual([]);
    // the list through GraphQL (1 point for an empty list): the REST requests are the 250 creates, then the 250
    // labels read again (3 pages of 100)
    expect(RequestLog.summarize(r.requests)).toMatchObject({
      counted: c.minimum.writes + 3,
      writes: c.minimum.writes,
      graphqlRequests: 1,
      graphqlPoints: 1,
    });
    expect(r.requests.filter((e) => !isGraphql(e.path) && e.counted && !e.contentCreating)).toHaveLength(3);
    expect(r.outputs.created).toBe('250');
    expect(labelMap(emu.state.repo(REPO)!.labels)).toEqual(expectedMap(c.file));
  });
});
