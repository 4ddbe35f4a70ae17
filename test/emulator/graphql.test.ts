// The emulator's GraphQL endpoint: the same state as REST, GitHub's schema, cost, limits and error shapes, and a
// loud error for anything it does not model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';
import type { Scenario } from '../../emulator/types';

const scenario: Scenario = {
  tokens: {
    wf: { kind: 'workflow', repositories: ['octo/app'], permissions: { contents: 'read', issues: 'write' } },
    alice: { kind: 'user', login: 'alice' },
  },
  repositories: [
    {
      owner: 'octo',
      name: 'app',
      branches: { main: { 'README.md': 'hello\n', 'src/a.ts': 'export {};\n' } },
      labels: Array.from({ length: 105 }, (_, i) => ({ name: `label-${String(i).padStart(3, '0')}`, color: 'ededed' })),
      releases: [
        { tag: 'v1.0.0', name: 'One', assets: [{ name: 'app.tgz', content: 'bytes' }] },
        { tag: 'v2.0.0-draft', draft: true },
      ],
      collaborators: { alice: 'write' },
    },
    { owner: 'octo', name: 'secret', private: true },
  ],
};

let emu: Emulator;
const gql = (token: string | undefined, query: string, variables: Record<string, unknown> = {}) =>
  call(emu.apiUrl, 'POST', '/graphql', { token, body: { query, variables } });

beforeAll(async () => {
  emu = await createEmulator(scenario);
});
afterAll(async () => {
  await emu.close();
});

type Answer = { data?: any; errors?: { type?: string; message: string; path?: string[]; extensions?: any }[] };

describe('GraphQL over the REST state', () => {
  it('pages labels with cursors, as REST lists them, and reports its cost on its own budget', async () => {
    const query = `query L($after: String) {
      rateLimit { cost remaining limit used resetAt nodeCount }
      repository(owner: "octo", name: "app") {
        labels(first: 100, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { id name color } }
      }
    }`;
    const first = await gql('wf', query);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-resource')).toBe('graphql');
    const a = first.body as Answer;
    expect(a.errors).toBeUndefined();
    expect(a.data.repository.labels.totalCount).toBe(105);
    expect(a.data.repository.labels.nodes).toHaveLength(100);
    expect(a.data.rateLimit).toMatchObject({ cost: 1, limit: 1000, nodeCount: 100 });
    const rest = await call(emu.apiUrl, 'GET', '/repos/octo/app/labels?per_page=100', { token: 'wf' });
    const restLabels = rest.body as { node_id: string; name: string }[];
    expect(a.data.repository.labels.nodes.map((l: { id: string }) => l.id)).toEqual(restLabels.map((l) => l.node_id));
    const second = (await gql('wf', query, { after: a.data.repository.labels.pageInfo.endCursor })).body as Answer;
    expect(second.data.repository.labels.nodes.map((l: { name: string }) => l.name)).toEqual([
      'label-100',
      'label-101',
      'label-102',
      'label-103',
      'label-104',
    ]);
    expect(second.data.repository.labels.pageInfo.hasNextPage).toBe(false);
    expect(second.data.rateLimit.remaining).toBe(a.data.rateLimit.remaining - 1);
    // The REST budget is another bucket.
    const limits = (await call(emu.apiUrl, 'GET', '/rate_limit', { token: 'wf' })).body as any;
    expect(limits.resources.graphql.used).toBe(2);
    expect(limits.resources.core.used).toBe(1);
  });

  it('logs GraphQL requests with their points, apart from REST requests', async () => {
    const mark = emu.log.mark();
    const query = `{ repository(owner: "octo", name: "app") { a: labels(first: 100) { nodes { name } }
      refs(refPrefix: "refs/heads/", first: 100) { nodes { name } } } }`;
    expect((await gql('wf', query)).status).toBe(200);
    const entry = emu.log.since(mark).find((e) => e.path === '/graphql');
    expect(entry?.graphqlPoints).toBe(1);
    const summary = emu.log.summary(mark);
    expect(summary).toMatchObject({ graphqlRequests: 1, graphqlPoints: 1, counted: 0 });
  });

  it('resolves refs, commits, trees, blobs and object expressions from the git store', async () => {
    const a = (
      await gql(
        'wf',
        `{ repository(owner: "octo", name: "app") {
          ref(qualifiedName: "refs/heads/main") { name prefix target { __typename oid ... on Commit { message tree { entries { name mode type oid } } } } }
          defaultBranchRef { name }
          readme: object(expression: "main:README.md") { __typename ... on Blob { text byteSize isBinary } }
          missing: object(expression: "main:nope") { oid }
        } }`,
      )
    ).body as Answer;
    expect(a.errors).toBeUndefined();
    const repo = a.data.repository;
    expect(repo.ref.target.oid).toBe(emu.state.branchSha('octo/app', 'main'));
    expect(repo.ref.target.__typename).toBe('Commit');
    expect(repo.ref.target.tree.entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'README.md', mode: 0o100644, type: 'blob' })]),
    );
    expect(repo.defaultBranchRef.name).toBe('main');
    expect(repo.readme).toEqual({ __typename: 'Blob', text: 'hello\n', byteSize: 6, isBinary: false });
    expect(repo.missing).toBeNull();
  });

  it('resolves releases by tag with their assets; drafts only for callers who may push', async () => {
    const query = `{ repository(owner: "octo", name: "app") {
      release(tagName: "v1.0.0") { id databaseId tagName isDraft releaseAssets(first: 10) { nodes { name size } } }
      releases(first: 10) { nodes { tagName isDraft } }
    } }`;
    const wf = (await gql('wf', query)).body as Answer;
    expect(wf.data.repository.release).toMatchObject({ tagName: 'v1.0.0', isDraft: false });
    expect(wf.data.repository.release.releaseAssets.nodes).toEqual([{ name: 'app.tgz', size: 5 }]);
    expect(wf.data.repository.releases.nodes.map((r: { tagName: string }) => r.tagName)).toEqual(['v1.0.0']);
    const pusher = (await gql('alice', query)).body as Answer;
    expect(pusher.data.repository.releases.nodes.map((r: { isDraft: boolean }) => r.isDraft).sort()).toEqual([
      false,
      true,
    ]);
    const rest = (await call(emu.apiUrl, 'GET', '/repos/octo/app/releases/tags/v1.0.0', { token: 'wf' })).body as any;
    expect(wf.data.repository.release.databaseId).toBe(rest.id);
    expect(wf.data.repository.release.id).toBe(rest.node_id);
  });

  it('finds objects by global ID through node(id:)', async () => {
    const rest = (await call(emu.apiUrl, 'GET', '/repos/octo/app/labels/label-003', { token: 'wf' })).body as any;
    const a = (
      await gql('wf', `query N($id: ID!) { node(id: $id) { __typename ... on Label { name } } }`, {
        id: rest.node_id,
      })
    ).body as Answer;
    expect(a.data.node).toEqual({ __typename: 'Label', name: 'label-003' });
  });
});

describe("GitHub's errors", () => {
  it('a field the emulator does not model is a loud error naming it, never a silent null', async () => {
    const a = (await gql('wf', `{ repository(owner: "octo", name: "app") { name stargazerCount } }`)).body as Answer;
    expect(a.errors?.[0].message).toBe('The emulator does not model Repository.stargazerCount');
    expect(a.errors?.[0].path).toEqual(['repository', 'stargazerCount']);
    expect(a.data.repository).toBeNull();
  });

  it('a repository the token cannot see: NOT_FOUND with a null repository', async () => {
    const a = (await gql('wf', `{ repository(owner: "octo", name: "secret") { name } }`)).body as Answer;
    expect(a.data).toEqual({ repository: null });
    expect(a.errors).toEqual([
      expect.objectContaining({
        type: 'NOT_FOUND',
        path: ['repository'],
        message: "Could not resolve to a Repository with the name 'octo/secret'.",
      }),
    ]);
  });

  it('a document the schema refuses: errors without data, undefinedField for an unknown field', async () => {
    const a = (await gql('wf', `{ viewer { loginName } }`)).body as Answer;
    expect(a.data).toBeUndefined();
    expect(a.errors?.[0]).toMatchObject({
      message: "Field 'loginName' doesn't exist on type 'User'",
      extensions: { code: 'undefinedField' },
    });
  });

  it('connections without first/last, above 100, or above 500,000 nodes', async () => {
    const missing = (await gql('wf', `{ repository(owner: "octo", name: "app") { labels { totalCount } } }`))
      .body as Answer;
    expect(missing.errors?.[0]).toMatchObject({ type: 'MISSING_PAGINATION_BOUNDARIES' });
    const big = (await gql('wf', `{ repository(owner: "octo", name: "app") { labels(first: 101) { totalCount } } }`))
      .body as Answer;
    expect(big.errors?.[0].message).toMatch(/Requesting 101 records on the `labels` connection exceeds/);
    const nodes = (
      await gql(
        'wf',
        `{ repository(owner: "octo", name: "app") { labels(first: 100) { nodes { issues(first: 100) { nodes {
          labels(first: 100) { totalCount } } } } } } }`,
      )
    ).body as Answer;
    expect(nodes.errors?.[0]).toMatchObject({
      type: 'MAX_NODE_LIMIT_EXCEEDED',
      message: 'This query requests up to 1,010,100 possible nodes which exceeds the maximum limit of 500,000.',
    });
  });

  it('no credentials: 401', async () => {
    const r = await gql(undefined, '{ viewer { login } }');
    expect(r.status).toBe(401);
  });
});

describe("GraphQL's own budget", () => {
  it('a spent budget answers 200 with RATE_LIMITED and x-ratelimit-remaining 0, while REST still answers', async () => {
    const small = await createEmulator(scenario, { limits: { workflow: 2 } });
    try {
      const q = (t: string) =>
        call(small.apiUrl, 'POST', '/graphql', { token: t, body: { query: '{ viewer { login } }' } });
      expect(((await q('wf')).body as Answer).data.viewer.login).toBe('github-actions[bot]');
      expect((await q('wf')).status).toBe(200);
      const spent = await q('wf');
      expect(spent.status).toBe(200);
      expect(spent.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(spent.headers.get('x-ratelimit-resource')).toBe('graphql');
      expect((spent.body as Answer).errors?.[0]).toMatchObject({ type: 'RATE_LIMITED' });
      expect((await call(small.apiUrl, 'GET', '/repos/octo/app', { token: 'wf' })).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});
