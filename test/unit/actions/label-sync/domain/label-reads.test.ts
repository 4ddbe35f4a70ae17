// Where label-sync reads labels from (src/actions/label-sync/domain/label-reads.ts): GraphQL while it serves, REST by itself when
// it does not (per repository, or for the rest of the run), and the account of both budgets the plan shows.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../src/github/client/errors';
import { GraphqlError, GraphqlUnavailableError } from '../../../../../src/github/graphql/errors';
import { ShapeError } from '../../../../../src/github/client/transport-errors';
import {
  createLabelReader,
  HELD,
  listsToReread,
  readNotes,
  readsLine,
} from '../../../../../src/actions/label-sync/domain/label-reads';
import { type Call, fakeClient } from '../fake-client';

const labels = [
  { name: 'bug', color: 'd73a4a', description: 'Broken' },
  { name: ':sparkles: feature', color: 'A2EEEF', description: null },
];

const isGraphql = (c: Call) => c.route.startsWith('POST /graphql');
const kinds = (calls: Call[]) =>
  calls.map((c) => `${isGraphql(c) ? 'graphql' : 'rest'} ${c.params.name ?? c.params.repo}`);
const silent = { info: () => undefined };

describe('createLabelReader', () => {
  it('reads through GraphQL, every page, with the same labels REST gives', async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ name: `l${i}`, color: 'ededed', description: null }));
    const viaGraphql = fakeClient({ labels: many, graphql: true });
    const viaRest = fakeClient({ labels: many });
    const reader = createLabelReader(viaGraphql.client, silent);
    const read = await reader.labels('o/r');
    expect(read).toEqual(await createLabelReader(viaRest.client, silent).labels('o/r'));
    expect(kinds(viaGraphql.calls)).toEqual(['graphql r', 'graphql r']);
    expect(reader.account()).toEqual({
      queries: 2,
      points: 2,
      fallback: null,
      restRequests: 0,
      throughRest: [],
      after: [],
    });
    expect(readsLine(reader.account())).toBe('2 GraphQL queries (2 points), 0 REST requests');
    expect(readNotes(reader.account())).toEqual([]);
  });

  it('reads through REST without asking GraphQL when the client says it cannot serve (no endpoint, budget)', async () => {
    const fake = fakeClient({ labels });
    const reader = createLabelReader(fake.client, silent);
    expect((await reader.labels('o/r')).labels).toEqual(labels);
    expect(kinds(fake.calls)).toEqual(['rest r']);
    expect(reader.account()).toMatchObject({ queries: 0, restRequests: 1 });
    expect(readNotes(reader.account())[0]).toMatch(/^o\/r: labels read through REST \(GraphQL unavailable: .*404/);
  });

  const notFound = new GraphqlError(
    'LabelList',
    [{ type: 'NOT_FOUND', message: "Could not resolve to a Repository with the name 'o/a'." }],
    null,
  );
  it.each([
    { what: 'a GraphQL error (NOT_FOUND)', error: notFound, stillOn: true },
    {
      what: 'GraphQL budget spent',
      error: new GraphqlUnavailableError('budget', 'LabelList', 'RATE_LIMITED'),
      stillOn: false,
    },
    {
      what: 'an answer not of the document’s shape',
      error: new ShapeError('POST /graphql (LabelList)', 200, 'repository.labels.nodes[0].color: missing', 'u'),
      stillOn: false,
    },
    {
      what: 'a network failure',
      error: new ApiError({ status: 0, method: 'POST', url: 'http://127.0.0.1:9/graphql', message: 'ECONNREFUSED' }),
      stillOn: false,
    },
    { what: 'no endpoint (404)', error: new GraphqlUnavailableError('missing', 'LabelList', '404'), stillOn: false },
  ])('on $what: that repository through REST; GraphQL for the next: $stillOn', async ({ error, stillOn }) => {
    const fake = fakeClient({
      labels,
      graphql: true,
      fail: (c) => (isGraphql(c) && c.params.name === 'a' ? error : undefined),
    });
    const reader = createLabelReader(fake.client, silent);
    expect((await reader.labels('o/a')).labels).toEqual(labels);
    expect((await reader.labels('o/b')).labels).toEqual(labels);
    expect(kinds(fake.calls)).toEqual(['graphql a', 'rest a', stillOn ? 'graphql b' : 'rest b']);
    const account = reader.account();
    expect(account.throughRest.map((r) => r.repository)).toEqual(stillOn ? ['o/a'] : ['o/a', 'o/b']);
    expect(account.fallback === null).toBe(stillOn);
    expect(readNotes(account)[0]).toMatch(/^o\/a: labels read through REST \(GraphQL failed: /);
  });

  it('a list that changed while it was read is read again through REST, and GraphQL stays on', async () => {
    let first = true;
    const fake = fakeClient({ labels, graphql: true });
    const graphql = fake.client.graphql.bind(fake.client);
    const client = Object.assign(fake.client, {
      graphql: async (doc: never, variables: never) => {
        const answer = (await graphql(doc, variables)) as { repository: { labels: { totalCount: number } } };
        if (first) answer.repository.labels.totalCount += 1;
        first = false;
        return answer;
      },
    });
    const reader = createLabelReader(client, silent);
    expect((await reader.labels('o/a')).labels).toEqual(labels);
    await reader.labels('o/b');
    expect(kinds(fake.calls)).toEqual(['graphql a', 'rest a', 'graphql b']);
    expect(reader.account().throughRest[0].reason).toMatch(/gave 2 labels of 3/);
    // the refused answer cost its point too: stated, not hidden
    expect(reader.account()).toMatchObject({ queries: 2, points: 2, restRequests: 1 });
  });

  it('counts the REST requests of the alias carriers it lists', async () => {
    const fake = fakeClient({ labels, graphql: true, carriers: { defect: [4, 9] } });
    const reader = createLabelReader(fake.client, silent);
    await reader.labels('o/r');
    expect(await reader.carriers('o/r', 'defect')).toEqual([4, 9]);
    expect(reader.account()).toMatchObject({ points: 1, restRequests: 1 });
  });

  it('a REST read that fails after GraphQL failed fails the read (nothing is decided on)', async () => {
    const gone = new ApiError({ status: 404, method: 'GET', url: 'https://api.github.test/x', message: 'Not Found' });
    const fake = fakeClient({ labels, graphql: true, fail: (c) => (isGraphql(c) ? notFound : gone) });
    await expect(createLabelReader(fake.client, silent).labels('o/a')).rejects.toBe(gone);
  });

  // Which path a list takes: a list the job holds the ETag of is a conditional REST read (a 304: nothing counted),
  // whether or not GraphQL serves; otherwise GraphQL while it serves, REST where it cannot.
  it.each([
    { held: true, graphql: true, path: 'rest r', reason: HELD, points: 0, counted: 0 },
    { held: true, graphql: false, path: 'rest r', reason: HELD, points: 0, counted: 0 },
    { held: false, graphql: true, path: 'graphql r', reason: undefined, points: 1, counted: 0 },
    { held: false, graphql: false, path: 'rest r', reason: /^GraphQL unavailable/, points: 0, counted: 1 },
  ])('held $held, GraphQL serving $graphql: $path', async ({ held, graphql, path, reason, points, counted }) => {
    const fake = fakeClient({ labels, graphql, held });
    const reader = createLabelReader(fake.client, silent);
    expect((await reader.labels('o/r')).labels).toEqual(labels);
    expect(kinds(fake.calls)).toEqual([path]);
    expect(reader.holds('o/r')).toBe(held);
    const account = reader.account();
    expect(account).toMatchObject({ points, restRequests: counted });
    if (reason === undefined) expect(account.throughRest).toEqual([]);
    else expect(account.throughRest).toEqual([{ repository: 'o/r', reason: expect.stringMatching(reason) }]);
  });

  it('a list read again is counted apart, and the reads line says it', async () => {
    const fake = fakeClient({ labels, graphql: true });
    const reader = createLabelReader(fake.client, silent);
    await reader.labels('o/r');
    reader.account().after = [{ repository: 'o/r', pages: 1 }];
    expect(readsLine(reader.account())).toBe(
      '1 GraphQL query (1 point), 0 REST requests; then up to 1 REST request once applied to read 1 list again ' +
        '(a check of the writes, and the ETag that makes the same run again free)',
    );
    expect((await reader.reread('o/r')).labels).toEqual(labels);
    expect(reader.account()).toMatchObject({ restRequests: 0, afterRequests: 1 });
    expect(readsLine(reader.account())).toMatch(/REST requests; then 1 REST request to read 1 list again/);
  });
});

// Which lists are read again after a run, and what the plan prices them at (a page per 100 labels left).
describe('listsToReread', () => {
  it.each([
    { what: 'written, ETag held (stale after the writes)', writes: 3, held: true, labels: 60, pages: 1 },
    { what: 'written, read through GraphQL', writes: 3, held: false, labels: 60, pages: 1 },
    { what: 'nothing written, read through GraphQL (no seed)', writes: 0, held: false, labels: 250, pages: undefined },
    { what: 'nothing written, ETag held', writes: 0, held: true, labels: 60, pages: undefined },
    { what: 'written, every label deleted', writes: 5, held: false, labels: 0, pages: 1 },
    { what: 'written, exactly 100 left', writes: 1, held: true, labels: 100, pages: 1 },
    { what: 'written, 101 left', writes: 1, held: true, labels: 101, pages: 2 },
  ])('$what: $pages', ({ writes, labels: count, pages }) => {
    const lists = listsToReread([{ repository: 'o/r', labels: count, writes }]);
    expect(lists).toEqual(pages === undefined ? [] : [{ repository: 'o/r', pages }]);
  });
});
