// The cost line: REST's requests alone, then GraphQL's queries and points with GraphQL's own budget, when used.
import { describe, expect, it } from 'vitest';
import { costLine, TelemetryRecorder } from '../../../../src/github/client/telemetry';
import type { BudgetState, TelemetrySnapshot } from '../../../../src/github/client/types';

const budget = (remaining: number, limit: number, resource = 'core'): BudgetState => ({
  known: true,
  limit,
  remaining,
  used: limit - remaining,
  reset: 1_900_000_000,
  resource,
});

const rest: TelemetrySnapshot = {
  requests: 12,
  notModified: 3,
  writes: 4,
  retries: 1,
  waitedMs: 0,
  byStatus: {},
};

const CASES: { what: string; snapshot: TelemetrySnapshot; line: string }[] = [
  {
    what: 'REST alone, no budget numbers',
    snapshot: rest,
    line: 'API: 12 requests (3 answered 304, free), 4 writes, 1 retry',
  },
  {
    what: 'REST with its budget',
    snapshot: { ...rest, budgetBefore: budget(990, 1000), budgetAfter: budget(981, 1000) },
    line: 'API: 12 requests (3 answered 304, free), 4 writes, 1 retry; budget 990 → 981 of 1000',
  },
  {
    what: 'no GraphQL request: no GraphQL part, whatever its budget',
    snapshot: { ...rest, graphqlRequests: 0, graphqlBudgetAfter: budget(900, 1000, 'graphql') },
    line: 'API: 12 requests (3 answered 304, free), 4 writes, 1 retry',
  },
  {
    what: 'GraphQL beside REST, each with its own budget',
    snapshot: {
      ...rest,
      requests: 1,
      notModified: 0,
      writes: 1,
      retries: 0,
      budgetBefore: budget(999, 1000),
      budgetAfter: budget(999, 1000),
      graphqlRequests: 2,
      graphqlWrites: 0,
      graphqlPoints: 3,
      graphqlBudgetBefore: budget(998, 1000, 'graphql'),
      graphqlBudgetAfter: budget(997, 1000, 'graphql'),
    },
    line: 'API: 1 request (0 answered 304, free), 1 write, 0 retries; budget 999 → 999 of 1000; GraphQL: 2 queries, 3 points; budget 998 → 997 of 1000',
  },
  {
    what: 'GraphQL alone: 0 REST requests, a mutation named apart',
    snapshot: {
      ...rest,
      requests: 0,
      notModified: 0,
      writes: 0,
      retries: 0,
      graphqlRequests: 3,
      graphqlWrites: 1,
      graphqlPoints: 1,
    },
    line: 'API: 0 requests (0 answered 304, free), 0 writes, 0 retries; GraphQL: 2 queries, 1 mutation, 1 point',
  },
  {
    what: 'a server without a primary limit',
    snapshot: {
      ...rest,
      budgetAfter: { ...budget(0, 0), unlimited: true },
      graphqlRequests: 1,
      graphqlPoints: 1,
      graphqlBudgetAfter: { ...budget(0, 0, 'graphql'), unlimited: true },
    },
    line: 'API: 12 requests (3 answered 304, free), 4 writes, 1 retry; no primary rate limit; GraphQL: 1 query, 1 point; no primary rate limit',
  },
];

describe('costLine', () => {
  it.each(CASES)('$what', ({ snapshot, line }) => {
    expect(costLine(snapshot)).toBe(line);
  });
});

describe('TelemetryRecorder', () => {
  it('counts each attempt in its own column and prints both side by side', () => {
    const t = new TelemetryRecorder();
    t.record('rest', 200, false);
    t.record('rest', 304, false);
    t.record('graphql', 502, false);
    t.retry('graphql', 1000);
    t.record('graphql', 200, false);
    t.points(2);
    t.budget('rest', budget(990, 1000));
    t.budget('graphql', budget(998, 1000, 'graphql'));
    expect(costLine(t.snapshot())).toBe(
      'API: 2 requests (1 answered 304, free), 0 writes, 0 retries; budget 990 → 990 of 1000; GraphQL: 2 queries, 2 points; budget 998 → 998 of 1000',
    );
    const table = t.markdown();
    expect(table).toContain('| measure | REST | GraphQL |');
    expect(table).toContain('| Requests sent | 2 | 2 |');
    expect(table).toContain('| Answered 304 (free) | 1 | – |');
    expect(table).toContain('| Counted against the limit | 1 request | 2 points |');
    expect(table).toContain('| Retries | 0 | 1 |');
    expect(table).toContain('| By status | 200: 1 request, 304: 1 request | 200: 1 request, 502: 1 request |');
    expect(table).toContain('| Time waited (REST and GraphQL together) | 1.0 s | counted with REST |');
    // No row ends in an empty cell.
    expect(table).not.toMatch(/\|\s*\|\s*$/m);
  });

  it('does not count against the limit an attempt that got no answer (a DNS failure)', () => {
    const t = new TelemetryRecorder();
    t.record('rest', undefined, false);
    const table = t.markdown();
    expect(table).toContain('| Requests sent | 1 | 0 |');
    expect(table).toContain('| Counted against the limit | 0 requests | 0 points |');
    expect(table).toContain('| By status | network: 1 request | – |');
  });
});
