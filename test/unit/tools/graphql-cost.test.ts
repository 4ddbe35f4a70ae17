// The generator's cost model (tools/graphql/cost.ts) on the documented examples of "Rate limits and query limits
// for the GraphQL API" and on the limits it states, then beside the emulator's (emulator/graphql/cost.ts): two models
// of GitHub written apart, which must price every document of the project alike. A test may import both; the
// tooling may not import the emulator (eslint.config.js), which the last block checks through ESLint itself.
import { getNamedType, isInterfaceType, isObjectType, parse } from 'graphql';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { operationCost, operationOf } from '../../../emulator/graphql/cost';
import { githubSchema } from '../../../emulator/graphql/schema';
import { isConnectionField, operationIn, priceOperation, type PriceOptions } from '../../../tools/graphql/cost';
import { documentFolders, renderFolder, ROOT } from '../../../tools/graphql/documents';
import { publishedSchema } from '../../../tools/graphql/schema';

const price = (text: string, options?: PriceOptions) => {
  const doc = parse(text);
  return priceOperation(publishedSchema(), doc, operationIn(doc)!, options);
};

const emulatorPrice = (text: string) => {
  const doc = parse(text);
  return operationCost(githubSchema(), doc, operationOf(doc)!);
};

// The documents' own examples, to the number (the rate-limit section's and the node-limit section's).
const documented: { name: string; query: string; requests: number; points: number; nodes: number }[] = [
  {
    name: 'rate limit: 1 request for repositories + 100 for issues + 5,000 for labels = 5,101 → 51 points',
    query: `query { viewer { login repositories(first: 100) { edges { node { id
      issues(first: 50) { edges { node { id labels(first: 60) { edges { node { id name } } } } } } } } } } }`,
    requests: 5_101,
    points: 51,
    nodes: 100 + 100 * 50 + 100 * 50 * 60,
  },
  {
    name: 'node limit, simple: 50 repositories + 50 × 10 issues = 550 nodes',
    query: `query { viewer { repositories(first: 50) { edges { repository: node { name
      issues(first: 10) { totalCount edges { node { title bodyHTML } } } } } } } }`,
    requests: 1 + 50,
    points: 1,
    nodes: 550,
  },
  {
    name: 'node limit, complex: 22,060 nodes',
    query: `query { viewer { repositories(first: 50) { edges { repository: node { name
      pullRequests(first: 20) { edges { pullRequest: node { title
        comments(first: 10) { edges { comment: node { bodyHTML } } } } } }
      issues(first: 20) { totalCount edges { issue: node { title bodyHTML
        comments(first: 10) { edges { comment: node { bodyHTML } } } } } } } } }
      followers(first: 10) { edges { follower: node { login } } } } }`,
    // repositories 1, pull requests 50, their comments 1,000, issues 50, their comments 1,000, followers 1.
    requests: 2_102,
    points: 21,
    nodes: 22_060,
  },
  { name: 'no connection: the minimum of 1 point', query: '{ viewer { login } }', requests: 0, points: 1, nodes: 0 },
];

describe('the generator prices a call as GitHub documents it', () => {
  for (const example of documented)
    it(example.name, () => {
      const p = price(example.query);
      expect([p.requests, p.points, p.nodes]).toEqual([example.requests, example.points, example.nodes]);
      expect(p.problems).toEqual([]);
    });

  it('counts each connection once per object that holds it, as the rate-limit example explains', () => {
    const p = price(documented[0].query);
    expect(p.connections.map((c) => [c.path.join('.'), c.size, c.requests])).toEqual([
      ['viewer.repositories', 100, 1],
      ['viewer.repositories.edges.node.issues', 50, 100],
      ['viewer.repositories.edges.node.issues.edges.node.labels', 60, 5_000],
    ]);
  });

  it('rounds the requests / 100 to the nearest point', () => {
    // 1 request for the repositories, 100 for their issues, 1 for the followers, 1 per follower for their
    // repositories: 101 + 1 + 47 = 149 → 1 point; 101 + 1 + 49 = 151 → 2 points.
    const q = (followers: number) => `{ viewer { repositories(first: 100) { nodes { issues(first: 1) { totalCount } } }
      followers(first: ${followers}) { nodes { repositories(first: 1) { totalCount } } } } }`;
    expect(price(q(47))).toMatchObject({ requests: 149, points: 1 });
    expect(price(q(49))).toMatchObject({ requests: 151, points: 2 });
  });

  it('sizes a connection by the variable passed, else its default, else 100', () => {
    const q = `query Q($n: Int = 7, $m: Int) { viewer { a: repositories(first: $n) { totalCount } b: followers(last: $m) { totalCount } } }`;
    expect(price(q).nodes).toBe(7 + 100);
    expect(price(q, { variables: { n: 3, m: 4 } }).nodes).toBe(3 + 4);
  });

  it('expands fragments where they are spread, merging one connection selected twice under one type', () => {
    const q = `query { viewer { ...Repos repositories(first: 10) { nodes { ...Issues } } } }
      fragment Repos on User { repositories(first: 10) { nodes { name } } }
      fragment Issues on Repository { issues(first: 20) { totalCount } }`;
    // One `viewer.repositories` (merged), 10 issues connections: 1 + 10 requests, 10 + 200 nodes.
    expect(price(q)).toMatchObject({ requests: 11, nodes: 210, problems: [] });
  });

  it('counts a connection under each type condition that selects it (the price bounds any answer)', () => {
    const q = `query($id: ID!) { node(id: $id) { ... on Issue { comments(last: 30) { totalCount } }
      ... on PullRequest { comments(last: 30) { totalCount } files(first: 100) { totalCount } } } }`;
    expect(price(q)).toMatchObject({ requests: 3, nodes: 160 });
  });

  it('does not multiply through a plain list (nodes(ids:), a tree’s entries)', () => {
    const q = `query($ids: [ID!]!) { nodes(ids: $ids) { ... on Repository { labels(first: 10) { totalCount } } } }`;
    expect(price(q)).toMatchObject({ requests: 1, nodes: 10 });
  });

  it('refuses a connection without first or last, a page outside 1-100, and more than 500,000 nodes', () => {
    const problems = (q: string) => price(q).problems.map((p) => `${p.kind} ${p.path.join('.')}: ${p.message}`);
    expect(problems('{ viewer { repositories { totalCount } } }')).toEqual([
      'unbounded-connection viewer.repositories: You must provide a `first` or `last` value to properly paginate the `repositories` connection.',
    ]);
    expect(problems('{ viewer { repositories(last: 101) { totalCount } } }')).toEqual([
      'page-out-of-range viewer.repositories: Requesting 101 records on the `repositories` connection exceeds the `last` limit of 100 records.',
    ]);
    expect(problems('{ viewer { repositories(first: 0) { totalCount } } }')).toEqual([
      'page-out-of-range viewer.repositories: `first` on the `repositories` connection is 0: it must be within 1-100.',
    ]);
    const deep = `{ viewer { repositories(first: 100) { nodes { issues(first: 100) { nodes { labels(first: 100) { totalCount } } } } } } }`;
    expect(price(deep).nodes).toBe(100 + 10_000 + 1_000_000);
    expect(problems(deep)).toEqual([
      'node-limit : This query requests up to 1,010,100 possible nodes which exceeds the maximum limit of 500,000.',
    ]);
  });

  it('stops at a fragment that spreads itself (invalid GraphQL, priced without looping)', () => {
    const q = `query { viewer { ...A } } fragment A on User { repositories(first: 5) { totalCount } ...A }`;
    expect(price(q)).toMatchObject({ requests: 1, nodes: 5 });
  });

  it('finds the connections of GitHub’s schema by their shape: every one answers a type named …Connection', () => {
    const schema = publishedSchema();
    let connections = 0;
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        const named = getNamedType(field.type).name;
        const paged = field.args.some((a) => a.name === 'first');
        expect(isConnectionField(field), `${type.name}.${field.name}`).toBe(named.endsWith('Connection') && paged);
        if (isConnectionField(field)) connections++;
      }
    }
    expect(connections).toBeGreaterThan(300);
  });
});

describe("the generator's and the emulator's models agree", () => {
  for (const example of documented)
    it(`on the documented example: ${example.name}`, () => {
      const mine = price(example.query);
      const theirs = emulatorPrice(example.query);
      expect([mine.requests, mine.points, mine.nodes]).toEqual([theirs.requests, theirs.points, theirs.nodes]);
    });

  const folders = documentFolders();
  it('on every document of the project (src/*/queries)', async () => {
    let compared = 0;
    for (const { folder, files } of folders) {
      const { docs } = await renderFolder(folder, files);
      for (const { doc } of docs) {
        const mine = price(doc.text);
        const theirs = emulatorPrice(doc.text);
        const facts = (p: { requests: number; points: number; nodes: number; problems: unknown[] }) => ({
          requests: p.requests,
          points: p.points,
          nodes: p.nodes,
          problems: p.problems.length,
        });
        expect(facts(mine), doc.name).toEqual(facts(theirs));
        // What the generated module states is the generator's own price.
        expect([doc.points, doc.nodes], doc.name).toEqual([mine.points, mine.nodes]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(10);
  }, 60_000);
});

describe('the tooling imports nothing from the emulator', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const refused = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').length;
  };

  it('tools/ and the build scripts are refused an import of emulator/; its launcher and the demo may', async () => {
    const cost = (up: string) =>
      `import { operationCost } from '${up}emulator/graphql/cost';\nexport const c = operationCost;\n`;
    expect(await refused('tools/graphql/probe.ts', cost('../../'))).toBe(1);
    expect(await refused('scripts/probe.mjs', cost('../'))).toBe(1);
    expect(await refused('scripts/release/probe.mjs', cost('../../'))).toBe(1);
    expect(await refused('scripts/demo/probe.ts', cost('../../'))).toBe(0);
  }, 60_000);

  it('and none of their files does', async () => {
    const results = await eslint.lintFiles(['tools/**/*.ts', 'scripts/**/*.ts', 'scripts/**/*.mjs']);
    const found = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map(() => r.filePath),
    );
    expect(results.filter((r) => r.filePath.includes('/tools/graphql/')).length).toBeGreaterThanOrEqual(7);
    expect(found).toEqual([]);
  }, 60_000);
});
