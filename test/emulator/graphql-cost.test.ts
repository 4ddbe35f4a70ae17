// GitHub's point cost and node count, on the examples of "Rate limits and query limits for the GraphQL API".
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationCost, operationOf } from '../../emulator/graphql/cost';
import { githubSchema } from '../../emulator/graphql/schema';

const cost = (query: string, variables: Record<string, unknown> = {}) => {
  const doc = parse(query);
  return operationCost(githubSchema(), doc, operationOf(doc)!, variables);
};

describe("GitHub's GraphQL cost formula", () => {
  it('the rate-limit example: 1 + 100 + 5,000 requests → 51 points', () => {
    const c = cost(`query { viewer { login repositories(first: 100) { edges { node { id
      issues(first: 50) { edges { node { id labels(first: 60) { edges { node { id name } } } } } } } } } } }`);
    expect(c.requests).toBe(5101);
    expect(c.points).toBe(51);
    expect(c.nodes).toBe(100 + 100 * 50 + 100 * 50 * 60);
    expect(c.problems).toEqual([]);
  });

  it('the node-limit examples: 550 and 22,060 nodes', () => {
    expect(
      cost(`query { viewer { repositories(first: 50) { edges { repository: node { name
        issues(first: 10) { totalCount edges { node { title bodyHTML } } } } } } } }`).nodes,
    ).toBe(550);
    expect(
      cost(`query { viewer { repositories(first: 50) { edges { repository: node { name
        pullRequests(first: 20) { edges { pullRequest: node { title comments(first: 10) { edges { comment: node { bodyHTML } } } } } }
        issues(first: 20) { totalCount edges { issue: node { title bodyHTML comments(first: 10) { edges { comment: node { bodyHTML } } } } } } } } }
        followers(first: 10) { edges { follower: node { login } } } } }`).nodes,
    ).toBe(22_060);
  });

  it('a query without connections costs 1 point; variables size connections, fragments count', () => {
    expect(cost('{ viewer { login } }')).toMatchObject({ points: 1, nodes: 0, requests: 0 });
    const c = cost(
      `query Q($n: Int!) { node(id: "x") { ... on Repository { labels(first: $n) { nodes { name } } } } }`,
      { n: 30 },
    );
    expect(c.nodes).toBe(30);
  });
});
