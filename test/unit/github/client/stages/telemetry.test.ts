import { describe, expect, it } from 'vitest';
import { BudgetTracker } from '../../../../../src/github/client/budget';
import { AttemptObserver } from '../../../../../src/github/client/stages/telemetry';
import { TelemetryRecorder } from '../../../../../src/github/client/telemetry';
import type { Attempt, Exchange, Verdict } from '../../../../../src/github/client/stages/exchange';
import type { TelemetrySnapshot } from '../../../../../src/github/client/types';
import { attempt, exchange } from './fixture';

function tracker(resource: 'core' | 'graphql') {
  return new BudgetTracker({
    resource,
    reserve: 0,
    maxWaitMs: 0,
    timeScale: 1,
    now: Date.now,
    sleep: async () => {},
    fetchRateLimit: async () => ({ limit: 0, remaining: 0, used: 0, reset: 0 }),
  });
}

function observer() {
  const lines: string[] = [];
  const telemetry = new TelemetryRecorder();
  const budget = tracker('core');
  const graphqlBudget = tracker('graphql');
  const log = {
    debug: () => {},
    info: (m: string) => lines.push(m),
    warning: (m: string) => lines.push(`warning: ${m}`),
  };
  return {
    lines,
    telemetry,
    budget,
    graphqlBudget,
    observer: new AttemptObserver(telemetry, budget, log, graphqlBudget),
  };
}

const answer = (status: number, data: unknown = {}): Verdict => ({
  kind: 'return',
  response: { status, url: '', headers: {}, data },
});
const retry: Verdict = { kind: 'retry', waitMs: 1000, reason: 'server error 502', rateLimited: false };
const failed: Verdict = { kind: 'fail', error: new Error('422') };
// The pipeline paces a GraphQL query as a read: not a write.
const query = () => ({
  ...exchange('POST /graphql', {}, { graphqlOperation: 'query', graphqlPoints: 3 }),
  write: false,
});
const mutation = () => {
  const ex = exchange('POST /graphql', {}, { graphqlOperation: 'mutation', graphqlPoints: 1 });
  return { ...ex, write: true };
};
const restGet = () => ({ ...exchange('GET /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' }), write: false });
const restPost = () => exchange('POST /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' });

const NOTHING = { requests: 0, notModified: 0, writes: 0, retries: 0, byStatus: {} };
const NO_GRAPHQL = { graphqlRequests: 0, graphqlWrites: 0, graphqlRetries: 0, graphqlPoints: 0, graphqlByStatus: {} };

// Each attempt lands in its API's column and nowhere else.
const CASES: { what: string; attempts: [Exchange, Attempt, Verdict][]; expected: Partial<TelemetrySnapshot> }[] = [
  {
    what: 'a REST GET',
    attempts: [[restGet(), attempt(200), answer(200, [])]],
    expected: { ...NO_GRAPHQL, ...NOTHING, requests: 1, byStatus: { '200': 1 } },
  },
  {
    what: 'a REST 304 (sent, free)',
    attempts: [[restGet(), attempt(304), answer(200, [])]],
    expected: { ...NO_GRAPHQL, ...NOTHING, requests: 1, notModified: 1, byStatus: { '304': 1 } },
  },
  {
    what: 'a REST write',
    attempts: [[restPost(), attempt(201), answer(201)]],
    expected: { ...NO_GRAPHQL, ...NOTHING, requests: 1, writes: 1, byStatus: { '201': 1 } },
  },
  {
    what: 'a REST retry',
    attempts: [
      [restGet(), attempt(502), retry],
      [restGet(), attempt(200), answer(200, [])],
    ],
    expected: { ...NO_GRAPHQL, ...NOTHING, requests: 2, retries: 1, byStatus: { '200': 1, '502': 1 } },
  },
  {
    what: "a GraphQL query: the answer's rateLimit.cost",
    attempts: [[query(), attempt(200), answer(200, { data: { rateLimit: { cost: 2 } } })]],
    expected: { ...NOTHING, ...NO_GRAPHQL, graphqlRequests: 1, graphqlPoints: 2, graphqlByStatus: { '200': 1 } },
  },
  {
    what: "a GraphQL query without rateLimit: the document's cost",
    attempts: [[query(), attempt(200), answer(200, { data: {} })]],
    expected: { ...NOTHING, ...NO_GRAPHQL, graphqlRequests: 1, graphqlPoints: 3, graphqlByStatus: { '200': 1 } },
  },
  {
    what: 'a GraphQL retry (no points for the lost attempt)',
    attempts: [
      [query(), attempt(502), retry],
      [query(), attempt(200), answer(200, { data: { rateLimit: { cost: 1 } } })],
    ],
    expected: {
      ...NOTHING,
      ...NO_GRAPHQL,
      graphqlRequests: 2,
      graphqlRetries: 1,
      graphqlPoints: 1,
      graphqlByStatus: { '200': 1, '502': 1 },
    },
  },
  {
    what: "a GraphQL error answer with partial data (HTTP 200): it ran, the document's cost",
    attempts: [
      [
        query(),
        attempt(200),
        answer(200, { data: { repository: null }, errors: [{ type: 'NOT_FOUND', message: 'x' }] }),
      ],
    ],
    expected: { ...NOTHING, ...NO_GRAPHQL, graphqlRequests: 1, graphqlPoints: 3, graphqlByStatus: { '200': 1 } },
  },
  {
    what: 'a GraphQL error answer without data (HTTP 200): refused before running, the minimum',
    attempts: [[query(), attempt(200), answer(200, { errors: [{ message: "Field 'x' doesn't exist" }] })]],
    expected: { ...NOTHING, ...NO_GRAPHQL, graphqlRequests: 1, graphqlPoints: 1, graphqlByStatus: { '200': 1 } },
  },
  {
    what: 'a GraphQL answer RATE_LIMITED (HTTP 200): no points',
    attempts: [[query(), attempt(200), answer(200, { errors: [{ type: 'RATE_LIMITED', message: 'x' }] })]],
    expected: { ...NOTHING, ...NO_GRAPHQL, graphqlRequests: 1, graphqlPoints: 0, graphqlByStatus: { '200': 1 } },
  },
  {
    what: 'a GraphQL refusal (403): counted, no points',
    attempts: [[query(), attempt(403), failed]],
    expected: { ...NOTHING, ...NO_GRAPHQL, graphqlRequests: 1, graphqlByStatus: { '403': 1 } },
  },
  {
    what: 'a GraphQL mutation: a write in the GraphQL column',
    attempts: [[mutation(), attempt(200), answer(200, { data: {} })]],
    expected: {
      ...NOTHING,
      ...NO_GRAPHQL,
      graphqlRequests: 1,
      graphqlWrites: 1,
      graphqlPoints: 1,
      graphqlByStatus: { '200': 1 },
    },
  },
  {
    what: 'a lost REST answer (no status)',
    attempts: [[restGet(), attempt(undefined), failed]],
    expected: { ...NO_GRAPHQL, ...NOTHING, requests: 1, byStatus: { network: 1 } },
  },
];

describe('telemetry stage', () => {
  it.each(CASES)('$what', ({ attempts, expected }) => {
    const { telemetry, observer: o } = observer();
    for (const [ex, at, verdict] of attempts) o.observe(ex, at, verdict);
    const {
      waitedMs: _w,
      budgetBefore: _b,
      budgetAfter: _a,
      graphqlBudgetAfter: _g,
      graphqlBudgetBefore: _h,
      ...counts
    } = telemetry.snapshot();
    expect(counts).toEqual(expected);
  });

  it("records each budget after its own API's answers only: a GraphQL answer never moves REST's line", () => {
    const { telemetry, budget, graphqlBudget, observer: o } = observer();
    const reset = Math.floor(Date.now() / 1000) + 3600;
    const numbers = (remaining: number, resource: string) => ({
      'x-ratelimit-limit': '1000',
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(reset),
      'x-ratelimit-resource': resource,
    });
    budget.update(numbers(990, 'core'));
    o.observe(restGet(), attempt(200), answer(200, []));
    graphqlBudget.update(numbers(800, 'graphql'));
    o.observe(query(), attempt(200), answer(200, { data: {} }));
    budget.update(numbers(985, 'core'));
    graphqlBudget.update(numbers(790, 'graphql'));
    o.observe(query(), attempt(200), answer(200, { data: {} }));
    const s = telemetry.snapshot();
    // Before: what remained before the first answer's cost (1 request; the query's 3 points).
    expect([s.budgetBefore?.remaining, s.budgetAfter?.remaining]).toEqual([991, 990]);
    expect([s.graphqlBudgetBefore?.remaining, s.graphqlBudgetAfter?.remaining]).toEqual([803, 790]);
    o.observe(restPost(), attempt(201), answer(201));
    expect(telemetry.snapshot().budgetAfter?.remaining).toBe(985);
    expect(telemetry.snapshot().graphqlBudgetAfter?.remaining).toBe(790);
  });

  it.each([
    { what: 'an answer costs 1', status: 200, before: 991 },
    { what: 'a 304 costs nothing', status: 304, before: 990 },
    { what: 'a 5xx costs nothing', status: 502, before: 990 },
  ])("REST's budget before the run: $what", ({ status, before }) => {
    const { telemetry, budget, observer: o } = observer();
    budget.update({
      'x-ratelimit-limit': '1000',
      'x-ratelimit-remaining': '990',
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
      'x-ratelimit-resource': 'core',
    });
    o.observe(restGet(), attempt(status), status === 502 ? retry : answer(status, []));
    expect(telemetry.snapshot().budgetBefore?.remaining).toBe(before);
  });

  it('counts every attempt, writes, retries and waits; /rate_limit is not counted', () => {
    const { telemetry, observer: o, lines } = observer();
    const post = exchange('POST /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' });
    o.observe(post, attempt(502), { kind: 'retry', waitMs: 1500, reason: 'server error 502', rateLimited: false });
    o.observe(post, attempt(201), { kind: 'return', response: { status: 201, url: '', headers: {}, data: {} } });
    o.observe(exchange('GET /rate_limit'), attempt(200), {
      kind: 'return',
      response: { status: 200, url: '', headers: {}, data: {} },
    });
    expect(telemetry.snapshot()).toMatchObject({
      requests: 2,
      writes: 2,
      retries: 1,
      waitedMs: 1500,
      byStatus: { '502': 1, '201': 1 },
    });
    expect(lines).toEqual(['POST /repos/o/r/labels: server error 502; retrying in 1.5 s']);
  });

  it('warns once per deprecated route and once per moved repository', () => {
    const { observer: o, lines } = observer();
    const ex = exchange('GET /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' });
    const deprecated = attempt(200, {
      headers: {
        deprecation: 'true',
        sunset: 'Wed, 01 Jul 2026 00:00:00 GMT',
        link: '<https://docs.example/d>; rel="deprecation"',
      },
    });
    const done = { kind: 'return' as const, response: { status: 200, url: '', headers: {}, data: [] } };
    o.observe(ex, deprecated, done);
    o.observe(ex, deprecated, done);
    o.observe(ex, attempt(301), { kind: 'follow', to: 'https://api.example.test/repositories/1/labels' });
    o.observe(ex, attempt(301), { kind: 'follow', to: 'https://api.example.test/repositories/1/labels' });
    expect(lines).toEqual([
      'warning: GET /repos/{owner}/{repo}/labels is deprecated (Deprecation: true); it stops working on Wed, 01 Jul 2026 00:00:00 GMT; see https://docs.example/d',
      'warning: /repos/o/r/labels moved permanently to /repositories/1/labels: the repository was renamed or transferred; update the workflow to the new name.',
    ]);
  });
});
