// client.graphql(document): the REST pipeline, GraphQL's own budget, typed errors, the shape check and the signal to
// fall back to REST.
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BudgetError,
  createClient,
  GraphqlError,
  GraphqlUnavailableError,
  isGraphqlUnavailable,
  type GraphqlDocument,
} from '../../../../src/github/client';
import { ShapeError } from '../../../../src/github/client/transport-errors';
import { labelList } from '../../../../src/actions/label-sync/queries/documents';

const API = 'https://api.example.test';
const TOKEN = 'ghs_secretsecretsecret';
const clock = { now: () => Date.now(), scale: 1, sleep: async () => {} };

function client(extra: Parameters<typeof createClient>[0] extends infer O ? Partial<O> : never = {}) {
  return createClient({ token: TOKEN, action: 'test', baseUrl: API, cacheDir: null, clock, ...extra });
}

function graphqlHeaders(remaining: number, limit = 1000) {
  return {
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-used': String(limit - remaining),
    'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 1800),
    'x-ratelimit-resource': 'graphql',
  };
}

const resetAt = () => new Date(Date.now() + 1800_000).toISOString();
const labelsAnswer = (remaining: number, names = ['bug']) => ({
  data: {
    rateLimit: { cost: 1, limit: 1000, remaining, resetAt: resetAt() },
    repository: {
      nameWithOwner: 'o/r',
      labels: {
        totalCount: names.length,
        pageInfo: { hasNextPage: false, endCursor: null },
        nodes: names.map((name, i) => ({ id: `LA_${i}`, name, color: 'ededed', description: null })),
      },
    },
  },
});

const createLabel: GraphqlDocument<{ createLabel: { label: { id: string } | null } | null }, { id: string }> = {
  name: 'CreateLabel',
  operation: 'mutation',
  text: 'mutation CreateLabel { x }',
  points: 1,
  nodes: 0,
  shape: {
    kind: 'object',
    nullable: false,
    fields: {
      createLabel: {
        kind: 'object',
        nullable: true,
        fields: {
          label: {
            kind: 'object',
            nullable: true,
            fields: { id: { kind: 'scalar', nullable: false, type: 'string' } },
          },
        },
      },
    },
  },
};

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

describe('client.graphql(document)', () => {
  it("sends the document's text and variables with the token, and returns the typed data", async () => {
    let sent: { query?: string; variables?: unknown } = {};
    nock(API, { reqheaders: { authorization: `Bearer ${TOKEN}` } })
      .post('/graphql', (b) => ((sent = b), true))
      .reply(200, labelsAnswer(990), graphqlHeaders(990));
    const c = client();
    const data = await c.graphql(labelList, { owner: 'o', name: 'r' });
    expect(data.repository?.labels?.nodes?.map((l) => l?.name)).toEqual(['bug']);
    expect(sent.query).toBe(labelList.text);
    expect(sent.variables).toEqual({ owner: 'o', name: 'r' });
  });

  it("keeps GraphQL's budget apart from REST's, from headers and rateLimit, and counts the points", async () => {
    nock(API).post('/graphql').reply(200, labelsAnswer(900), graphqlHeaders(901));
    const c = client();
    await c.graphql(labelList, { owner: 'o', name: 'r' });
    expect(c.graphqlBudget.state()).toMatchObject({ known: true, remaining: 900, limit: 1000, resource: 'graphql' });
    expect(c.budget.state().known).toBe(false);
    const s = c.telemetry.snapshot();
    // A GraphQL query is counted in GraphQL's column only; REST's budget line never moves.
    expect(s).toMatchObject({ graphqlRequests: 1, graphqlPoints: 1, graphqlWrites: 0, requests: 0, writes: 0 });
    expect(s.graphqlBudgetAfter).toMatchObject({ remaining: 900, limit: 1000 });
    expect(s.budgetAfter).toBeUndefined();
    expect(c.telemetry.markdown()).toContain('| Requests sent | 0 | 1 |');
    expect(c.telemetry.markdown()).toContain('| Counted against the limit | 0 requests | 1 point |');
  });

  it('GITHUB_GRAPHQL_URL: another GraphQL origin gets the token (it is trusted), and is where documents go', async () => {
    const other = 'https://graphql.example.test';
    const scope = nock(other, { reqheaders: { authorization: `Bearer ${TOKEN}` } })
      .post('/api/graphql')
      .reply(200, labelsAnswer(10));
    const c = client({ graphqlUrl: `${other}/api/graphql` });
    await c.graphql(labelList, { owner: 'o', name: 'r' });
    expect(scope.isDone()).toBe(true);
  });

  it('retries a 5xx like REST', async () => {
    nock(API).post('/graphql').reply(502, 'bad gateway').post('/graphql').reply(200, labelsAnswer(10));
    const c = client();
    await expect(c.graphql(labelList, { owner: 'o', name: 'r' })).resolves.toBeDefined();
    expect(c.telemetry.snapshot()).toMatchObject({
      graphqlRetries: 1,
      graphqlRequests: 2,
      graphqlByStatus: { '502': 1, '200': 1 },
      retries: 0,
      requests: 0,
    });
  });
});

describe('GraphQL errors', () => {
  it('an answer with errors is a GraphqlError with its type; partial data stays on the error', async () => {
    nock(API)
      .post('/graphql')
      .reply(200, {
        data: { rateLimit: null, repository: null },
        errors: [
          {
            type: 'NOT_FOUND',
            path: ['repository'],
            message: "Could not resolve to a Repository with the name 'o/r'.",
          },
        ],
      });
    const err = await client()
      .graphql(labelList, { owner: 'o', name: 'r' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GraphqlError);
    const g = err as GraphqlError;
    expect(g.type).toBe('NOT_FOUND');
    expect(g.has('NOT_FOUND')).toBe(true);
    expect(g.partialData).toEqual({ rateLimit: null, repository: null });
    expect(g.message).toMatch(/LabelList failed: NOT_FOUND at repository: Could not resolve/);
  });

  it('an answer that does not fit the query is a ShapeError naming the path', async () => {
    const broken = labelsAnswer(10);
    (broken.data.repository.labels.nodes[0] as { name: unknown }).name = null;
    nock(API).post('/graphql').reply(200, broken);
    await expect(client().graphql(labelList, { owner: 'o', name: 'r' })).rejects.toThrow(ShapeError);
    nock(API)
      .post('/graphql')
      .reply(200, { data: { rateLimit: null } });
    await expect(client().graphql(labelList, { owner: 'o', name: 'r' })).rejects.toThrow(/repository: missing/);
    nock(API).post('/graphql').reply(200, { errors: 'nope' });
    await expect(client().graphql(labelList, { owner: 'o', name: 'r' })).rejects.toThrow(/errors: Invalid input/);
  });
});

describe('falling back to REST', () => {
  it('404: GraphQL is missing; later documents fall back without a request', async () => {
    nock(API).post('/graphql').reply(404, { message: 'Not Found' });
    const c = client();
    const err = await c.graphql(labelList, { owner: 'o', name: 'r' }).catch((e: unknown) => e);
    expect(isGraphqlUnavailable(err)).toBe(true);
    expect((err as GraphqlUnavailableError).reason).toBe('missing');
    await expect(c.graphql(labelList, { owner: 'o', name: 'r' })).rejects.toThrow(/\(missing\)/);
    expect(c.graphqlUnavailable()?.reason).toBe('missing');
    expect(c.telemetry.snapshot()).toMatchObject({ graphqlRequests: 1, graphqlPoints: 0, requests: 0 });
  });

  it('RATE_LIMITED at 200: the budget is spent; the next document is refused before sending', async () => {
    nock(API)
      .post('/graphql')
      .reply(
        200,
        { errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded for installation ID 1.' }] },
        graphqlHeaders(0),
      );
    const c = client();
    const err = await c.graphql(labelList, { owner: 'o', name: 'r' }).catch((e: unknown) => e);
    expect((err as GraphqlUnavailableError).reason).toBe('budget');
    expect(c.graphqlUnavailable(1)?.reason).toBe('budget');
    await expect(c.graphql(labelList, { owner: 'o', name: 'r' })).rejects.toThrow(GraphqlUnavailableError);
    expect(c.telemetry.snapshot()).toMatchObject({ graphqlRequests: 1, requests: 0 });
  });

  it('a budget below the reserve: refused before sending', async () => {
    nock(API).post('/graphql').reply(200, labelsAnswer(40), graphqlHeaders(40));
    const c = client({ graphqlReserve: 50 });
    await c.graphql(labelList, { owner: 'o', name: 'r' });
    const err = await c.graphql(labelList, { owner: 'o', name: 'r' }).catch((e: unknown) => e);
    expect((err as GraphqlUnavailableError).reason).toBe('budget');
    expect((err as Error).message).toMatch(/read through REST instead/);
  });

  it("a server whose schema lacks a field (an older GHES): 'schema'", async () => {
    nock(API)
      .post('/graphql')
      .reply(200, {
        errors: [
          { message: "Field 'labels' doesn't exist on type 'Repository'", extensions: { code: 'undefinedField' } },
        ],
      });
    const err = await client()
      .graphql(labelList, { owner: 'o', name: 'r' })
      .catch((e: unknown) => e);
    expect((err as GraphqlUnavailableError).reason).toBe('schema');
  });
});

describe('plans price both budgets', () => {
  it('canAfford and ensure refuse when the GraphQL points do not fit, whatever REST has left', async () => {
    nock(API).post('/graphql').reply(200, labelsAnswer(60), graphqlHeaders(60));
    nock(API)
      .get('/rate_limit')
      .reply(200, {
        resources: { core: { limit: 5000, remaining: 5000, used: 0, reset: Math.floor(Date.now() / 1000) + 3600 } },
      });
    const c = client({ graphqlReserve: 50, reserve: 0, maxWaitMs: 0 });
    await c.graphql(labelList, { owner: 'o', name: 'r' });
    expect(c.budget.canAfford({ requests: 1, writes: 0, points: 10 })).toBe(true);
    expect(c.budget.canAfford({ requests: 1, writes: 0, points: 11 })).toBe(false);
    const err = await c.budget.ensure({ requests: 1, writes: 0, points: 11 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BudgetError);
    expect((err as Error).message).toMatch(/needs 11 GraphQL points, 60 remain and 50 are kept in reserve/);
    await expect(c.budget.ensure({ requests: 1, writes: 0, points: 10 })).resolves.toBeUndefined();
  });
});

describe('mutations', () => {
  it('count as writes in the secondary limits and are not repeated after a lost answer', async () => {
    nock(API).post('/graphql').reply(502, 'lost');
    const c = client();
    await expect(c.graphql(createLabel, { id: 'x' })).rejects.toThrow();
    expect(c.telemetry.snapshot()).toMatchObject({ graphqlRequests: 1, graphqlWrites: 1, graphqlRetries: 0 });
    expect(c.telemetry.snapshot()).toMatchObject({ requests: 0, writes: 0, retries: 0 });
    nock(API)
      .post('/graphql')
      .reply(502, 'lost')
      .post('/graphql')
      .reply(200, { data: { createLabel: { label: { id: 'LA_1' } } } });
    const repeatable = client();
    await expect(repeatable.graphql(createLabel, { id: 'x' }, { repeatable: true })).resolves.toEqual({
      createLabel: { label: { id: 'LA_1' } },
    });
  });
});

describe('errors inside a 200, classified as REST answers are (src/github/client/answers.ts)', () => {
  it('RATE_LIMIT (plugin-throttling#848) is the spent budget, as RATE_LIMITED', async () => {
    nock(API)
      .post('/graphql')
      .reply(200, { errors: [{ type: 'RATE_LIMIT', message: 'API rate limit exceeded' }] }, graphqlHeaders(0));
    const c = client();
    const err = await c.graphql(labelList, { owner: 'o', name: 'r' }).catch((e: unknown) => e);
    expect((err as GraphqlUnavailableError).reason).toBe('budget');
    expect(c.graphqlUnavailable(1)?.reason).toBe('budget');
  });

  it('a typeless "something went wrong" (plugin-retry#395) is retried like a 5xx', async () => {
    nock(API)
      .post('/graphql')
      .reply(200, {
        errors: [
          {
            message:
              'Something went wrong while executing your query. Please include `AB:CD` when reporting this issue.',
          },
        ],
      })
      .post('/graphql')
      .reply(200, labelsAnswer(900), graphqlHeaders(900));
    const c = client();
    const data = await c.graphql(labelList, { owner: 'o', name: 'r' });
    expect(data).toMatchObject({ repository: { nameWithOwner: 'o/r' } });
    expect(c.telemetry.snapshot()).toMatchObject({ graphqlRequests: 2 });
  });

  it('a timeout (502 or RESOURCE_LIMITS_EXCEEDED) is not sent again: the caller reads through REST', async () => {
    nock(API).post('/graphql').reply(502, {
      message:
        'Something went wrong while executing your query. This may be the result of a timeout, or it could be a GitHub bug.',
    });
    const c = client();
    const err = await c.graphql(labelList, { owner: 'o', name: 'r' }).catch((e: unknown) => e);
    expect(isGraphqlUnavailable(err) && err.reason).toBe('timeout');
    expect(c.telemetry.snapshot()).toMatchObject({ graphqlRequests: 1, graphqlRetries: 0 });
    nock(API)
      .post('/graphql')
      .reply(200, {
        errors: [{ type: 'RESOURCE_LIMITS_EXCEEDED', message: 'Resource limits for this query exceeded.' }],
      });
    const again = await c.graphql(labelList, { owner: 'o', name: 'r' }).catch((e: unknown) => e);
    expect(isGraphqlUnavailable(again) && again.reason).toBe('timeout');
    expect(nock.isDone()).toBe(true);
  });

  it('a mutation refused as "submitted too quickly" (cli/cli#4801) waits and is sent again', async () => {
    nock(API)
      .post('/graphql')
      .reply(200, { errors: [{ type: 'UNPROCESSABLE', message: 'was submitted too quickly' }] })
      .post('/graphql')
      .reply(200, { data: { createLabel: { label: { id: 'LA_2' } } } });
    const c = client();
    await expect(c.graphql(createLabel, { id: 'x' })).resolves.toEqual({ createLabel: { label: { id: 'LA_2' } } });
  });

  it('a NOT_FOUND stays a typed error: no retry', async () => {
    nock(API)
      .post('/graphql')
      .reply(200, { data: { repository: null }, errors: [{ type: 'NOT_FOUND', message: 'Could not resolve' }] });
    const err = await client()
      .graphql(labelList, { owner: 'o', name: 'r' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GraphqlError);
    expect(nock.isDone()).toBe(true);
  });
});
