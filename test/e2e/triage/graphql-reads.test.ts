// Triage's reads through GraphQL, through the bundle: the stale sweep of 500 items reads nothing through REST (its
// REST requests are its writes) for a few GraphQL points, the same sweep again costs no REST request; and when
// GraphQL is unavailable the run reads through REST by itself, says so, and ends in the same state.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RequestLog, type Emulator } from '../../../emulator';
import { newRunnerTemp } from '../../../harness/run-bundle';
import { REPO, STALE_SWEEP_CONFIG, staleSweepScenario } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();

const sweepOptions = (runnerTemp?: string) => ({
  ...(runnerTemp ? { runnerTemp } : {}),
  event: { name: 'schedule', payload: {} },
  workspace: { '.github/triage.yml': STALE_SWEEP_CONFIG },
});

/** Every item's state and labels, to compare two runs' effects. */
function itemsOf(emu: Emulator): string[] {
  return [...emu.state.repo(REPO)!.issues.values()]
    .sort((a, b) => a.number - b.number)
    .map((i) => `#${i.number} ${i.state} ${i.labels.map((l) => l.name).join(',')}`);
}

const isGraphql = (path: string) => /\/graphql$/.test(path);

/** The action's own cost line (`API: …`). */
const costLineOf = (stdout: string) => stdout.split('\n').find((line) => line.startsWith('API: '));

/** The cost line the action must print for what the server saw: REST apart from GraphQL, each with its budget. */
function expectedCostLine(s: ReturnType<typeof RequestLog.summarize>): RegExp {
  const budget = '; budget \\d+ → \\d+ of \\d+';
  const rest = `API: ${s.sent} requests? \\(${s.notModified} answered 304, free\\), ${s.writes} writes?, 0 retries`;
  const graphql = `; GraphQL: ${s.graphqlRequests} quer(y|ies), ${s.graphqlPoints} points?${budget}`;
  return new RegExp(`^${rest}(${budget})?${graphql}$`);
}

describe('triage: reads through GraphQL', () => {
  it('the stale sweep: REST only for its 50 writes, at most 15 points; again in the job: no REST request, at most 6 points (one asks who the token writes as)', async () => {
    const s = staleSweepScenario();
    const emu = await h.start(s.scenario, { graphql: true });
    const runnerTemp = newRunnerTemp();
    try {
      const first = await h.run(sweepOptions(runnerTemp));
      expect(first.code, first.stdout + first.stderr).toBe(0);
      const a = RequestLog.summarize(first.requests);
      expect(a.writes).toBe(50);
      expect(a.counted).toBe(50);
      expect(a.graphqlPoints).toBeGreaterThan(0);
      expect(a.graphqlPoints).toBeLessThanOrEqual(15);
      const repo = emu.state.repo(REPO)!;
      for (const n of s.toClose) expect(repo.issues.get(n)!.state).toBe('closed');
      for (const n of s.toMark) expect(repo.issues.get(n)!.labels.map((l) => l.name)).toEqual(['stale']);
      for (const n of s.toLabel) expect(repo.issues.get(n)!.labels.map((l) => l.name)).toEqual(['bug']);
      expect(first.summary).toMatch(/Read through GraphQL: \d+ queries, \d+ points\./);
      // The action states what the server saw: its 50 writes as its REST requests, GraphQL's queries and points apart.
      expect(a.sent).toBe(50);
      expect(costLineOf(first.stdout)).toMatch(expectedCostLine(a));

      const again = await h.run(sweepOptions(runnerTemp));
      expect(again.code, again.stdout + again.stderr).toBe(0);
      const b = RequestLog.summarize(again.requests);
      expect(b.counted).toBe(0);
      // One point is the viewer query: the run learns who it writes as (identity.ts).
      expect(b.graphqlPoints).toBeLessThanOrEqual(6);
      expect(b.sent).toBe(0);
      expect(costLineOf(again.stdout)).toMatch(expectedCostLine(b));
    } finally {
      rmSync(runnerTemp, { recursive: true, force: true });
    }
  });

  it.each([
    {
      what: 'no GraphQL endpoint (404)',
      fault: { status: 404, body: { message: 'Not Found' } },
      says: /GraphQL unavailable/,
    },
    {
      what: 'an answer with errors',
      fault: { status: 200, body: { data: null, errors: [{ type: 'INTERNAL', message: 'Something went wrong' }] } },
      says: /GraphQL unavailable \(.*Something went wrong/,
    },
  ])('falls back to REST by itself on $what, says so, and ends in the same state', async ({ fault, says }) => {
    const s = staleSweepScenario();
    const viaGraphql = await h.start(s.scenario, { graphql: true });
    const reference = await h.run(sweepOptions());
    expect(reference.code, reference.stdout + reference.stderr).toBe(0);
    const expected = itemsOf(viaGraphql);
    await viaGraphql.close();

    const emu = await h.start(staleSweepScenario().scenario, { graphql: true });
    emu.faults.respond({ method: 'POST', path: /\/graphql$/, times: 1000, ...fault });
    const r = await h.run(sweepOptions());
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(itemsOf(emu)).toEqual(expected);
    expect(r.summary).toMatch(says);
    // The list was read through REST.
    expect(r.requests.some((e) => e.method === 'GET' && /\/issues$/.test(e.path))).toBe(true);
    expect(r.requests.filter((e) => isGraphql(e.path)).length).toBeGreaterThan(0);
  });
});
