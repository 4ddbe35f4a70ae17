// label-sync's label list through GraphQL and its REST fallback, through the bundle: when GraphQL cannot serve (no
// endpoint, an answer with errors, its budget spent), the run reads through REST by itself, says so in the plan and
// the summary, and ends in exactly the state the GraphQL run reaches; in org mode a failure of one repository's
// GraphQL list sends that repository alone through REST.
import { describe, expect, it } from 'vitest';
import { RequestLog } from '../../../emulator';
import { expectedMap, mixedScenario, USER_TOKEN } from '../../../emulator/scenarios/label-sync';
import { graphqlOf, labelSyncHarness, writesOf } from './harness';

const h = labelSyncHarness();

const restLists = (r: { requests: { method: string; path: string }[] }) =>
  r.requests.filter((e) => e.method === 'GET' && /\/repos\/[^/]+\/[^/]+\/labels$/.test(e.path)).map((e) => e.path);

describe('label-sync: the label list through GraphQL, REST by itself when GraphQL cannot serve', () => {
  it('through GraphQL: no REST read before the writes, the exact state, and a re-run writes nothing', async () => {
    const { seed, file } = mixedScenario();
    await h.start([seed]);
    const r = await h.run(file, { prune: true });
    expect(r.code, r.stdout).toBe(0);
    // the one REST list is the list read again after the last write
    expect(restLists(r)).toEqual(['/repos/octo/app/labels']);
    expect(r.requests.findIndex((e) => e.method === 'GET' && e.path === '/repos/octo/app/labels')).toBeGreaterThan(
      r.requests.findLastIndex((e) => e.contentCreating),
    );
    expect(RequestLog.summarize(r.requests)).toMatchObject({ graphqlRequests: 1, graphqlPoints: 1 });
    expect(h.labels()).toEqual(expectedMap(file));
    expect([h.issueLabels(1), h.issueLabels(2), h.issueLabels(3)]).toEqual([['bug'], ['bug'], ['feature']]);
    const again = await h.run(file, { prune: true });
    expect(writesOf(again)).toEqual([]);
  });

  it.each([
    { what: 'no GraphQL endpoint (404)', status: 404, body: { message: 'Not Found' }, says: /GraphQL failed: .*404/ },
    {
      what: 'an answer with errors',
      status: 200,
      body: { data: null, errors: [{ type: 'INTERNAL', message: 'Something went wrong' }] },
      says: /GraphQL failed: .*Something went wrong/,
    },
    {
      what: "GraphQL's budget spent (RATE_LIMITED)",
      status: 200,
      body: { data: null, errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded for installation.' }] },
      says: /GraphQL failed: .*\(budget\)/,
    },
  ])(
    '$what: read through REST, said in the plan and the summary, the same end state',
    async ({ status, body, says }) => {
      const { seed, file } = mixedScenario();
      await h.start([seed]);
      h.emu!.faults.respond({ method: 'POST', path: /\/graphql$/, status, body, times: 1000 });
      const r = await h.run(file, { prune: true });
      expect(r.code, r.stdout).toBe(0);
      // the list before the writes, and once again after them
      expect(restLists(r)).toEqual(['/repos/octo/app/labels', '/repos/octo/app/labels']);
      expect(r.stdout).toMatch(says);
      expect(r.summary).toMatch(/octo\/app: labels read through REST \(GraphQL failed: /);
      expect(r.summary).toMatch(/Read with 0 GraphQL queries \(0 points\), 2 REST requests; then 1 REST request/);
      expect(h.labels()).toEqual(expectedMap(file));
      expect([h.issueLabels(1), h.issueLabels(2), h.issueLabels(3)]).toEqual([['bug'], ['bug'], ['feature']]);
      h.emu!.faults.clear();
      const again = await h.run(file, { prune: true });
      expect(again.code, again.stdout).toBe(0);
      expect(writesOf(again)).toEqual([]);
    },
  );

  it('org mode: one repository whose GraphQL list fails is read through REST, the others through GraphQL', async () => {
    const { seed, file } = mixedScenario();
    await h.start([seed, { owner: 'octo', name: 'web', labels: [] }, { owner: 'octo', name: 'cli', labels: [] }]);
    // the first GraphQL list (octo/app's) answers an error of that repository; the next ones are served
    h.emu!.faults.respond({
      method: 'POST',
      path: /\/graphql$/,
      status: 200,
      body: { data: { repository: null }, errors: [{ type: 'NOT_FOUND', path: ['repository'], message: 'Gone' }] },
      times: 1,
    });
    const r = await h.run(file, { prune: true, repositories: 'octo/app\nocto/web\nocto/cli' }, USER_TOKEN);
    expect(r.code, r.stdout).toBe(0);
    // octo/app's list before the writes; then each written list once again
    expect(restLists(r)).toEqual([
      '/repos/octo/app/labels',
      '/repos/octo/app/labels',
      '/repos/octo/web/labels',
      '/repos/octo/cli/labels',
    ]);
    expect(graphqlOf(r).filter((e) => e.status === 200 && !e.injected)).toHaveLength(2);
    expect(r.stdout).toMatch(/Read with 2 GraphQL queries \(2 points\), 2 REST requests; then up to 3 REST requests/);
    for (const repo of ['octo/app', 'octo/web', 'octo/cli']) expect(h.labels(repo)).toEqual(expectedMap(file));
  });
});
