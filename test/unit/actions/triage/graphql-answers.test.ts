// What the GraphQL reader checks of an answer the client has already checked against its document's shape: only
// what a shape cannot say. A malformed answer is the client's ShapeError (GraphQL off, REST reads); a list page
// with an item GitHub gave as null is read whole through REST; a node answering for another item, of another type,
// or with a connection holding a null is a per-item REST read; partial data of a NOT_FOUND is checked like an answer.
import { GraphqlError } from '../../../../src/github/client';
import { describe, expect, it } from 'vitest';
import { planTriage } from '../../../../src/actions/triage/domain/engine';
import { createGraphqlReader } from '../../../../src/actions/triage/graphql/reader';
import type { Item } from '../../../../src/actions/triage/domain/item';
import { STALE_MARKER } from '../../../../src/actions/triage/domain/markers';
import { fakeClient, fakeReader, silentLog, type FakeRepo } from './fakes';
import { fakeQueries, type GqlFakeRepo } from './graphql-fakes';
import { config, makeItem } from './items';

const NOW = new Date('2026-06-01T00:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString().replace('.000', '');
const repoRef = { owner: 'octo', repo: 'app' };
const CONFIG = 'stale: { days-before-stale: 60, days-before-close: 7 }';

type Mangle = NonNullable<GqlFakeRepo['mangle']>;

/** #1 and #4 (a pull request) to mark, #2 to close (its stale comment read), #3 fresh. */
function repository(mangle?: Mangle): GqlFakeRepo & FakeRepo {
  const items: Item[] = [
    makeItem({ number: 1, updatedAt: daysAgo(90), createdAt: daysAgo(200) }),
    makeItem({ number: 2, labels: ['stale'], updatedAt: daysAgo(10), createdAt: daysAgo(200), comments: 1 }),
    makeItem({ number: 3, updatedAt: daysAgo(1), createdAt: daysAgo(200) }),
    makeItem({ number: 4, isPullRequest: true, updatedAt: daysAgo(90), createdAt: daysAgo(200) }),
  ];
  const comments = {
    2: [
      {
        body: `Marked stale.\n\n${STALE_MARKER}`,
        created_at: daysAgo(10),
        user: { login: 'github-actions[bot]', type: 'Bot' },
      },
    ],
  };
  return { items, comments, labels: ['stale'], ...(mangle ? { mangle } : {}) };
}

async function sweep(repo: GqlFakeRepo & FakeRepo, queries = fakeQueries(repo)) {
  const rest = fakeReader(repo);
  const reader = createGraphqlReader(queries, repoRef, rest, { detailsOfAll: false, log: silentLog });
  const run = (r: Parameters<typeof planTriage>[0]['reader']) =>
    planTriage({
      client: fakeClient(),
      repo: repoRef,
      config: config(CONFIG),
      event: { name: 'schedule', payload: {} },
      log: silentLog,
      now: () => NOW,
      reader: r,
    });
  const viaGraphql = await run(reader);
  const viaRest = await run(fakeReader(repo));
  const described = (r: typeof viaRest) => r.plan.map((op) => `${op.kind} #${op.number} ${op.subject}`);
  // Whatever the answers, the plan is the one the REST reads give.
  expect(described(viaGraphql)).toEqual(described(viaRest));
  expect(viaGraphql.plan.map((op) => `${op.kind} #${op.number}`)).toEqual([
    'add-label #1',
    'comment #1',
    'add-label #4',
    'comment #4',
    'close #2',
  ]);
  return { notes: viaGraphql.notes, rest: rest.reads, calls: queries.calls };
}

const offNote = (notes: string[]) => notes.find((n) => n.startsWith('GraphQL unavailable'));

/** The details node of item `number` in a TriageDetails answer. */
const detailsNode = (data: Record<string, unknown>, number: number) =>
  (data.nodes as Record<string, unknown>[]).find((n) => n?.number === number)!;

describe('answers the client refuses', () => {
  it("a list answer missing a field is the client's ShapeError: every read goes through REST, and the plan says why", async () => {
    const r = await sweep(
      repository((doc, data) => {
        if (doc !== 'TriageOpenIssues') return;
        const issues = (data.repository as { issues: { nodes: Record<string, unknown>[] } }).issues;
        delete issues.nodes[0].title;
      }),
    );
    expect(offNote(r.notes)).toBe(
      'GraphQL unavailable (POST /graphql (TriageOpenIssues) answered 200 with a body of the wrong shape (repository.issues.nodes[0].title: missing)): read through REST.',
    );
    expect(r.rest).toContain('list');
    expect(r.calls).toEqual(['issues']);
  });

  it("a time not in GitHub's DateTime form is refused the same way", async () => {
    const r = await sweep(
      repository((doc, data) => {
        if (doc === 'TriageDetails') detailsNode(data, 2).updatedAt = 'yesterday';
      }),
    );
    expect(offNote(r.notes)).toMatch(
      /\(TriageDetails\) answered 200 with a body of the wrong shape \(nodes\[\d\]\.updatedAt: expected an ISO 8601 time/,
    );
    expect(r.rest).toContain('comments 2');
  });
});

describe('what a shape cannot say', () => {
  it('a list page with an item GitHub gave as null: the whole list comes from REST', async () => {
    const r = await sweep(
      repository((doc, data) => {
        if (doc !== 'TriageOpenIssues') return;
        (data.repository as { issues: { nodes: unknown[] } }).issues.nodes[1] = null;
      }),
    );
    expect(offNote(r.notes)).toBe('GraphQL unavailable (a list page gave an item as null): read through REST.');
    expect(r.rest).toContain('list');
  });

  it.each<{ what: string; change: (node: Record<string, unknown>) => void }>([
    { what: 'answers for another number', change: (node) => (node.number = 999) },
    {
      what: 'is of another type',
      change: (node) => {
        for (const key of Object.keys(node)) delete node[key];
        node.__typename = 'Discussion';
      },
    },
    {
      what: 'holds a comment GitHub gave as null',
      change: (node) => ((node.comments as { nodes: unknown[] }).nodes[0] = null),
    },
  ])('a details node that $what: that item reads through REST, GraphQL stays on', async ({ change }) => {
    const r = await sweep(
      repository((doc, data) => {
        if (doc === 'TriageDetails') change(detailsNode(data, 2));
      }),
    );
    expect(offNote(r.notes)).toBeUndefined();
    expect(r.rest).toEqual(['comments 2']);
    expect(r.calls).toEqual(['issues', 'pulls', 'details 3']);
  });

  it('partial data of a NOT_FOUND is checked like an answer: of the wrong shape, GraphQL goes off', async () => {
    const repo = repository();
    const queries = fakeQueries(repo);
    const details = queries.details.bind(queries);
    queries.details = async (v) => {
      const data = (await details(v)).data as unknown as { nodes: Record<string, unknown>[] };
      data.nodes[0] = null as unknown as Record<string, unknown>;
      delete data.nodes[1].assignees;
      throw new GraphqlError('TriageDetails', [{ type: 'NOT_FOUND', message: 'gone', path: ['nodes', 0] }], data);
    };
    const r = await sweep(repo, queries);
    expect(offNote(r.notes)).toMatch(/^GraphQL unavailable \(GraphQL TriageDetails failed: NOT_FOUND at nodes\.0/);
  });

  it("an event's item answering for another number is read through REST (never that item)", async () => {
    const repo: GqlFakeRepo & FakeRepo = {
      items: [makeItem({ number: 9, title: 'Crash on start', comments: 0 })],
      labels: ['bug'],
      mangle: (doc, data) => {
        if (doc !== 'TriageItem') return;
        const node = (data.repository as { issueOrPullRequest: Record<string, unknown> }).issueOrPullRequest;
        node.number = 1139;
      },
    };
    const rest = fakeReader(repo);
    const queries = fakeQueries(repo);
    const r = await planTriage({
      client: fakeClient(),
      repo: repoRef,
      config: config("rules: [{ id: crash, if: { title: '/crash/i' }, then: { add-labels: [bug] } }]"),
      event: { name: 'issues', payload: { action: 'opened', issue: { number: 9, title: 'Crash on start' } } },
      log: silentLog,
      now: () => NOW,
      reader: createGraphqlReader(queries, repoRef, rest, { detailsOfAll: false, log: silentLog }),
    });
    expect(r.plan.map((op) => `${op.kind} #${op.number}`)).toEqual(['add-label #9']);
    expect(queries.calls[0]).toBe('item 9');
    expect(rest.reads).toContain('item 9');
  });
});
