import { GraphqlError } from '../../../../src/github/client';
import { describe, expect, it } from 'vitest';
import { planTriage } from '../../../../src/actions/triage/domain/engine';
import { createGraphqlReader } from '../../../../src/actions/triage/graphql/reader';
import { assigneesWidenWork, restOnlyReason } from '../../../../src/actions/triage/graphql/choose-reader';
import type { Item } from '../../../../src/actions/triage/domain/item';
import { STALE_MARKER, type CommentLike } from '../../../../src/actions/triage/domain/markers';
import { fakeClient, fakeReader, silentLog, type FakeRepo } from './fakes';
import { fakeQueries, type GqlFakeRepo } from './graphql-fakes';
import { config, makeItem } from './items';

const NOW = new Date('2026-06-01T00:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString().replace('.000', '');
const repoRef = { owner: 'octo', repo: 'app' };

const CONFIG = `
rules:
  - id: crash
    if: { type: issue, title: '/crash/i' }
    then: { add-labels: [bug] }
stale:
  days-before-stale: 60
  days-before-close: 7
`;

const ownStale = (at: string): CommentLike => ({
  body: `Marked stale.\n\n${STALE_MARKER}`,
  created_at: at,
  user: { login: 'github-actions[bot]', type: 'Bot' },
});

/** 260 open issues and 30 pull requests: some to mark, close, unmark and label. */
function repository(): GqlFakeRepo & FakeRepo {
  const items: Item[] = [];
  const comments: Record<number, CommentLike[]> = {};
  for (let n = 1; n <= 290; n++) {
    const pull = n > 260;
    let item = makeItem({
      number: n,
      isPullRequest: pull,
      title: n % 50 === 3 ? `Crash ${n}` : `Item ${n}`,
      updatedAt: daysAgo(2),
      createdAt: daysAgo(200),
    });
    if (n % 40 === 1) item = { ...item, updatedAt: daysAgo(90) };
    if (n % 70 === 2) {
      item = { ...item, labels: ['stale'], updatedAt: daysAgo(10), comments: 1 };
      comments[n] = [ownStale(daysAgo(10))];
    }
    if (n === 72) {
      // Marked, then someone replied: the label comes off.
      item = { ...item, updatedAt: daysAgo(1), comments: 2 };
      comments[n] = [ownStale(daysAgo(10)), { body: 'still happens', created_at: daysAgo(1), user: { login: 'rita' } }];
    }
    items.push(item);
  }
  return { items, comments, labels: ['bug', 'stale'] };
}

async function plan(reader: Parameters<typeof planTriage>[0]['reader'], yaml = CONFIG) {
  return planTriage({
    client: fakeClient(),
    repo: repoRef,
    config: config(yaml),
    event: { name: 'schedule', payload: {} },
    log: silentLog,
    now: () => NOW,
    reader,
  });
}

const described = (r: Awaited<ReturnType<typeof plan>>) => r.plan.map((op) => `${op.kind} #${op.number} ${op.subject}`);

describe('the GraphQL reader', () => {
  it('plans a sweep exactly as the REST reads do, with no REST read: the list and one details query', async () => {
    const repo = repository();
    const viaRest = await plan(fakeReader(repo));
    const rest = fakeReader(repo);
    const queries = fakeQueries(repo);
    const viaGraphql = await plan(createGraphqlReader(queries, repoRef, rest, { detailsOfAll: false, log: silentLog }));
    expect(described(viaGraphql)).toEqual(described(viaRest));
    expect(viaGraphql.plan.some((op) => op.kind === 'remove-label' && op.number === 72)).toBe(true);
    expect(viaGraphql.plan.some((op) => op.kind === 'close' && op.number === 2)).toBe(true);
    expect(rest.reads).toEqual([]);
    // 3 pages of issues, 1 of pull requests, one details query for the 19 items planning touches,
    // and the repository's labels (the rule adds `bug`, seen on no item).
    expect(queries.calls).toEqual(['issues', 'issues', 'issues', 'pulls', 'details 19', 'labels']);
    expect(viaGraphql.notes[0]).toBe('Read through GraphQL: 6 queries, 6 points.');
  });

  it('reads through REST by itself when a GraphQL query fails, and says so in the plan', async () => {
    const repo = repository();
    const rest = fakeReader(repo);
    const queries = fakeQueries(repo);
    queries.openIssues = async () => {
      throw new Error('GraphQL: Something went wrong while executing your query.');
    };
    const r = await plan(createGraphqlReader(queries, repoRef, rest, { detailsOfAll: false, log: silentLog }));
    expect(described(r)).toEqual(described(await plan(fakeReader(repo))));
    expect(rest.reads.filter((x) => x === 'list')).toHaveLength(3);
    expect(r.notes).toContain(
      'GraphQL unavailable (GraphQL: Something went wrong while executing your query.): read through REST.',
    );
  });

  it("reads through REST when GraphQL's budget is spent, without sending a query", async () => {
    const repo = repository();
    const rest = fakeReader(repo);
    const queries = fakeQueries(repo);
    queries.refusal = "GraphQL's budget: 1 point needed, 0 of 1000 remain";
    const r = await plan(createGraphqlReader(queries, repoRef, rest, { detailsOfAll: false, log: silentLog }));
    expect(queries.calls).toEqual([]);
    expect(described(r)).toEqual(described(await plan(fakeReader(repo))));
    expect(r.notes.some((n) => n.startsWith("GraphQL unavailable (GraphQL's budget"))).toBe(true);
  });

  it('reads the comments of an item through REST when it has more than one query reads (never decides on part)', async () => {
    const repo = repository();
    // #2: the stale mark, then 40 comments of the bot itself: only the newest 30 are in the answer.
    repo.comments![2] = [
      ownStale(daysAgo(10)),
      ...Array.from({ length: 40 }, () => ({
        body: 'note',
        created_at: daysAgo(10),
        user: { login: 'github-actions[bot]', type: 'Bot' },
      })),
    ];
    const rest = fakeReader(repo);
    const r = await plan(
      createGraphqlReader(fakeQueries(repo), repoRef, rest, { detailsOfAll: false, log: silentLog }),
    );
    expect(rest.reads).toEqual(['comments 2']);
    expect(described(r)).toEqual(described(await plan(fakeReader(repo))));
    expect(r.notes.some((n) => n.includes('#2'))).toBe(true);
  });

  it('reads the assignees of the items planning would touch: an exempt assignee spares the item', async () => {
    const yaml = 'stale: { days-before-stale: 60, days-before-close: 7, exempt-assignees: [mona] }';
    const repo: GqlFakeRepo & FakeRepo = {
      items: [
        makeItem({ number: 1, updatedAt: daysAgo(90), assignees: ['mona'] }),
        makeItem({ number: 2, updatedAt: daysAgo(90), assignees: ['rita'] }),
        makeItem({ number: 3, updatedAt: daysAgo(1), assignees: ['mona'] }),
      ],
      labels: ['stale'],
    };
    const queries = fakeQueries(repo);
    const rest = fakeReader(repo);
    const r = await plan(createGraphqlReader(queries, repoRef, rest, { detailsOfAll: false, log: silentLog }), yaml);
    expect(r.plan.map((op) => `${op.kind} #${op.number}`)).toEqual(['add-label #2', 'comment #2']);
    expect(described(r)).toEqual(described(await plan(fakeReader(repo), yaml)));
    expect(queries.calls).toEqual(['issues', 'pulls', 'details 2', 'labels']);
    expect(rest.reads).toEqual([]);
  });

  it('takes the marker only from the bot: a user whose login is the bot slug is someone else', async () => {
    const repo = repository();
    const item = repo.items.find((i) => i.number === 2)!;
    repo.comments![2] = [{ ...ownStale(daysAgo(10)), user: { login: 'github-actions', type: 'User' } }];
    const rest = fakeReader(repo);
    const r = await plan(
      createGraphqlReader(fakeQueries(repo), repoRef, rest, { detailsOfAll: false, log: silentLog }),
    );
    // The label has no stale comment of the engine's: the pair is completed, not closed.
    expect(r.plan.filter((op) => op.number === item.number).map((op) => op.kind)).toEqual(['comment']);
  });

  it("reads an event's one item in one query: labels, comments and label events together", async () => {
    const repo: GqlFakeRepo & FakeRepo = {
      items: [makeItem({ number: 9, title: 'Crash on start', comments: 1 })],
      comments: { 9: [{ body: 'me too', created_at: daysAgo(1), user: { login: 'rita' } }] },
      labels: ['bug'],
    };
    const rest = fakeReader(repo);
    const queries = fakeQueries(repo);
    const r = await planTriage({
      client: fakeClient(),
      repo: repoRef,
      config: config(
        "rules: [{ id: crash, if: { title: '/crash/i' }, then: { add-labels: [bug], comment: Thanks. } }]",
      ),
      event: { name: 'issues', payload: { action: 'opened', issue: { number: 9, title: 'Crash on start' } } },
      log: silentLog,
      now: () => NOW,
      reader: createGraphqlReader(queries, repoRef, rest, { detailsOfAll: false, log: silentLog }),
    });
    expect(r.plan.map((op) => op.kind)).toEqual(['add-label', 'comment']);
    expect(queries.calls).toEqual(['item 9', 'labels']);
    expect(rest.reads).toEqual([]);
  });

  it('uses the label events for actions/stale semantics, and REST when the events read do not tell', async () => {
    const yaml = `
stale:
  days-before-stale: 60
  days-before-close: 7
  semantics: actions-stale
`;
    const repo: GqlFakeRepo & FakeRepo = {
      items: [
        makeItem({ number: 1, labels: ['stale'], updatedAt: daysAgo(9) }),
        makeItem({ number: 2, labels: ['stale'], updatedAt: daysAgo(9) }),
      ],
      events: {
        1: [{ event: 'labeled', label: 'Stale', at: daysAgo(9) }],
        2: [
          { event: 'labeled', label: 'stale', at: daysAgo(9) },
          ...Array.from({ length: 40 }, () => ({ event: 'labeled' as const, label: 'other', at: daysAgo(4) })),
        ],
      },
    };
    const rest = {
      ...fakeReader(repo),
      labelEvent: async (n: number) => (rest.reads.push(`events ${n}`), { at: daysAgo(9), actor: 'someone' }),
    };
    const r = await plan(
      createGraphqlReader(fakeQueries(repo), repoRef, rest, { detailsOfAll: false, log: silentLog }),
      yaml,
    );
    expect(r.plan.map((op) => `${op.kind} #${op.number}`)).toEqual(['close #1', 'close #2']);
    expect(rest.reads).toEqual(['events 2']);
  });
});

describe('what the list reads', () => {
  it.each([
    { what: 'no assignee setting', yaml: 'stale: { days-before-stale: 30 }', expected: false },
    {
      what: 'exempt-all-assignees (only spares items)',
      yaml: 'stale: { exempt-all-assignees: true }',
      expected: false,
    },
    { what: 'include-only-assigned', yaml: 'stale: { include-only-assigned: true }', expected: true },
  ])('details of every item: $what → $expected', ({ yaml, expected }) => {
    expect(assigneesWidenWork(config(yaml))).toBe(expected);
  });

  it.each([
    { what: 'only-issue-types', yaml: 'stale: { only-issue-types: [Bug] }', expected: /issue types/ },
    { what: 'sort-by comments', yaml: 'stale: { sort-by: comments }', expected: /comment count/ },
  ])('reads through REST alone: $what', ({ yaml, expected }) => {
    expect(restOnlyReason(config(yaml))).toMatch(expected);
  });

  it('reads through GraphQL otherwise', () => {
    expect(restOnlyReason(config('stale: { days-before-stale: 30, sort-by: created }'))).toBeUndefined();
  });
});

describe('per-node NOT_FOUND (an item deleted or transferred since it was listed)', () => {
  it('is a per-item skip of the GraphQL details: GraphQL stays on for every other item', async () => {
    const repo = repository();
    const rest = fakeReader(repo);
    const queries = fakeQueries(repo);
    const details = queries.details.bind(queries);
    // GitHub answers the batch with a null node and a NOT_FOUND at its index (emulator/graphql/issues.ts).
    queries.details = async (v) => {
      const answer = await details(v);
      const data = answer.data as { nodes: unknown[] };
      data.nodes[0] = null;
      throw new GraphqlError(
        'TriageDetails',
        [{ type: 'NOT_FOUND', message: "Could not resolve to a node with the global id of 'x'", path: ['nodes', 0] }],
        data,
      );
    };
    const r = await plan(createGraphqlReader(queries, repoRef, rest, { detailsOfAll: false, log: silentLog }));
    expect(described(r)).toEqual(described(await plan(fakeReader(repo))));
    expect(r.notes.some((n) => n.startsWith('GraphQL unavailable'))).toBe(false);
    expect(queries.calls).toContain('labels');
  });

  it('a NOT_FOUND of the repository itself still turns GraphQL off', async () => {
    const repo = repository();
    const rest = fakeReader(repo);
    const queries = fakeQueries(repo);
    queries.openIssues = async () => {
      throw new GraphqlError('TriageOpenIssues', [{ type: 'NOT_FOUND', message: 'no', path: ['repository'] }], {
        repository: null,
      });
    };
    const r = await plan(createGraphqlReader(queries, repoRef, rest, { detailsOfAll: false, log: silentLog }));
    expect(r.notes.some((n) => n.startsWith('GraphQL unavailable'))).toBe(true);
  });
});
