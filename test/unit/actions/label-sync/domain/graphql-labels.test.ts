// The GraphQL label list (src/actions/label-sync/domain/graphql-labels.ts): every page read, the values kept as GitHub gives them,
// and every answer that cannot be the whole list refused (a LabelListProblem, never data).
import { describe, expect, it } from 'vitest';
import type { Client } from '../../../../../src/github/client/types';
import {
  LabelListProblem,
  readLabelsThroughGraphql,
} from '../../../../../src/actions/label-sync/domain/graphql-labels';
import type { LabelListData } from '../../../../../src/actions/label-sync/queries/documents';

type Node = { name: string; color: string; description: string | null } | null;

/** One answer of the LabelList document. */
function page(
  nodes: Node[] | null,
  o: { total?: number; next?: string | null; more?: boolean; name?: string; cost?: number | null } = {},
): LabelListData {
  const more = o.more ?? (o.next !== undefined && o.next !== null);
  return {
    rateLimit:
      o.cost === null ? null : { cost: o.cost ?? 1, limit: 1000, remaining: 990, resetAt: '2030-01-01T00:00:00Z' },
    repository: {
      nameWithOwner: o.name ?? 'o/r',
      labels:
        nodes === null
          ? null
          : {
              totalCount: o.total ?? nodes.length,
              pageInfo: { hasNextPage: more, endCursor: o.next ?? null },
              // The shared Label fragment selects the node id too; the reader does not use it.
              nodes: nodes.map((n) => (n ? { id: `LA_${n.name}`, ...n } : n)),
            },
    },
  };
}

/** A client whose `graphql` gives the answers in order (the last one again when they run out). */
function scripted(answers: LabelListData[]) {
  const variables: Record<string, unknown>[] = [];
  const graphql = async (_doc: unknown, v: Record<string, unknown>) => {
    variables.push(v);
    return answers[Math.min(variables.length - 1, answers.length - 1)];
  };
  return { client: { graphql } as unknown as Pick<Client, 'graphql'>, variables };
}

const l = (name: string, color = 'd73a4a', description: string | null = null) => ({ name, color, description });
const many = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => l(`label ${String(from + i).padStart(3, '0')}`));

describe('readLabelsThroughGraphql: the whole list', () => {
  it('keeps names, colours and descriptions exactly as GitHub gives them (shortcodes, case, null and empty)', async () => {
    const nodes = [
      l(':bug: Bug', 'D73A4A', null),
      l('good first issue 🐣', '7057ff', ''),
      l('Priority: HIGH', 'b60205', '  spaced  '),
    ];
    const { client, variables } = scripted([page(nodes)]);
    const read = await readLabelsThroughGraphql(client, 'o/r');
    expect(read.labels).toEqual(nodes);
    expect(read).toMatchObject({ repository: 'o/r', queries: 1, points: 1 });
    expect(variables).toEqual([{ owner: 'o', name: 'r', after: null }]);
  });

  it('follows the cursor until the last page, and sums the points each answer reports', async () => {
    const { client, variables } = scripted([
      page(many(100), { total: 250, next: 'c1', cost: 1 }),
      page(many(100, 100), { total: 250, next: 'c2', cost: 1 }),
      page(many(50, 200), { total: 250, cost: 1 }),
    ]);
    const read = await readLabelsThroughGraphql(client, 'o/r');
    expect(read.labels).toHaveLength(250);
    expect(read.labels[249].name).toBe('label 249');
    expect(variables.map((v) => v.after)).toEqual([null, 'c1', 'c2']);
    expect(read).toMatchObject({ queries: 3, points: 3 });
  });

  it.each([
    { what: 'no rateLimit (rate limiting off): the document’s cost', cost: null, points: 1 },
    { what: 'the cost the answer reports', cost: 2, points: 2 },
  ])('prices a page by $what', async ({ cost, points }) => {
    const { client } = scripted([page([l('a')], { cost })]);
    expect((await readLabelsThroughGraphql(client, 'o/r')).points).toBe(points);
  });

  it.each([
    { what: 'the same name', asked: 'o/r', answered: 'o/r', now: 'o/r' },
    { what: 'another case only: the name as asked', asked: 'Octo/App', answered: 'octo/app', now: 'Octo/App' },
    { what: 'renamed or transferred: the new name', asked: 'octo/old', answered: 'acme/new', now: 'acme/new' },
    { what: 'not an owner/name: the name as asked', asked: 'octo/old', answered: '../x/y', now: 'octo/old' },
  ])('the repository to write to, when GitHub answers $what', async ({ asked, answered, now }) => {
    const { client } = scripted([page([l('a')], { name: answered })]);
    expect((await readLabelsThroughGraphql(client, asked)).repository).toBe(now);
  });
});

describe('readLabelsThroughGraphql: an answer that is not the whole list is refused', () => {
  it.each([
    {
      what: 'the repository did not resolve',
      answers: [{ rateLimit: null, repository: null } as LabelListData],
      says: /did not resolve the repository/,
    },
    { what: 'no labels connection', answers: [page(null)], says: /has no labels connection/ },
    { what: 'a null label', answers: [page([l('a'), null])], says: /a label that is null/ },
    { what: 'more without a cursor', answers: [page([l('a')], { total: 2, more: true })], says: /gives no cursor/ },
    {
      what: 'pages past its count (a server that never ends)',
      answers: [page([], { total: 1, next: 'again' })],
      says: /goes on past its count of 1/,
    },
    {
      what: 'fewer labels than its count (cut)',
      answers: [page([l('a'), l('b')], { total: 3 })],
      says: /gave 2 labels of 3/,
    },
    {
      what: 'a count that changed between pages',
      answers: [page(many(100), { total: 101, next: 'c1' }), page([l('z')], { total: 102 })],
      says: /gave 101 labels of 101 then 102/,
    },
    {
      what: 'a label listed twice (in another case)',
      answers: [page([l('bug'), l('Bug')], { total: 2 })],
      says: /lists "Bug" twice/,
    },
  ])('$what', async ({ answers, says }) => {
    const { client, variables } = scripted(answers);
    const spent = { queries: 0, points: 0 };
    const error = await readLabelsThroughGraphql(client, 'o/r', spent).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LabelListProblem);
    expect((error as Error).message).toMatch(says);
    // every page answered before the refusal is counted in what was spent
    expect(spent).toEqual({ queries: variables.length, points: variables.length });
  });

  it("passes the client's own errors on (the reader decides what they mean)", async () => {
    const failure = new Error('GraphQL LabelList failed: NOT_FOUND');
    const client = {
      graphql: async () => {
        throw failure;
      },
    } as unknown as Pick<Client, 'graphql'>;
    await expect(readLabelsThroughGraphql(client, 'o/r')).rejects.toBe(failure);
  });
});
