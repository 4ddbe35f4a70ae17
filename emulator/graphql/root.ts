// The query root: `rateLimit` (GraphQL's own budget after this query: "Rate limits and query limits for the GraphQL
// API", the `rateLimit` object), `viewer`, `repository(owner:, name:)` (NOT_FOUND for one the caller cannot see,
// as GitHub answers: "Could not resolve to a Repository with the name 'o/r'."; a renamed repository resolves to its
// new name) and `node(id:)` over every module's ID loaders.
import { findRepo } from '../auth';
import type { Bucket, RateLimits } from '../limits';
import type { State } from '../state';
import type { OperationCost } from './cost';
import { GraphqlFault, type GraphqlContext, type ResolverModule } from './registry';
import { repositoryModel } from './repository';

interface Root {
  $cost: OperationCost;
  $bucket: Bucket;
  $limits: RateLimits;
}

export function userModel(state: State, login: string) {
  return {
    __typename: login.endsWith('[bot]') ? 'Bot' : 'User',
    id: `U_${state.userId(login)}`,
    databaseId: state.userId(login),
    login,
  };
}

function repository(_: Root, args: { owner: string; name: string }, ctx: GraphqlContext) {
  let found;
  try {
    found = findRepo(ctx.state, ctx.token, args.owner, args.name);
  } catch {
    found = undefined;
  }
  const repo = found?.repo ?? found?.movedTo;
  if (!repo)
    throw new GraphqlFault(
      'NOT_FOUND',
      `Could not resolve to a Repository with the name '${args.owner}/${args.name}'.`,
    );
  return repositoryModel(repo);
}

function node(_: Root, args: { id: string }, ctx: GraphqlContext) {
  const found = ctx.loadNode(args.id);
  if (!found) throw new GraphqlFault('NOT_FOUND', `Could not resolve to a node with the global id of '${args.id}'`);
  return found;
}

/** Null where the server has no primary limit (rate limiting off, GHES's default): there is nothing to report. */
function rateLimit(root: Root) {
  const b = root.$bucket;
  if (!Number.isFinite(b.limit)) return null;
  const reset = Number(root.$limits.headers(b)['x-ratelimit-reset'] ?? Math.floor(Date.now() / 1000) + 3600);
  return {
    cost: root.$cost.points,
    limit: b.limit,
    nodeCount: root.$cost.nodes,
    remaining: Math.max(0, b.limit - b.used),
    used: b.used,
    resetAt: new Date(reset * 1000).toISOString(),
  };
}

export const rootResolvers: ResolverModule = {
  types: {
    Query: {
      rateLimit,
      // The token's own account, for every kind: a user token's user, an installation token's `<slug>[bot]`
      // (fullsend-ai/fullsend#1953: "`viewer` returns `fullsend-ai-coder[bot]`" with an installation token), the
      // workflow token's `github-actions[bot]`; `GET /user` refuses the last two (routes/meta.ts).
      viewer: (_root, _args, ctx) => userModel(ctx.state, ctx.login ?? 'ghost'),
      repository,
      node,
    },
  },
  nodes: {
    U: (key, ctx) => {
      const login = [...ctx.state.tokens.values()].map((t) => t.login).find((l) => String(ctx.state.userId(l)) === key);
      return login ? userModel(ctx.state, login) : undefined;
    },
  },
};
