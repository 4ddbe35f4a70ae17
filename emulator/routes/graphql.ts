// GitHub's GraphQL endpoint, only as far as the actions use it: a repository's discussion categories
// (docs.github.com GraphQL reference: `Repository.discussionCategories(first:)` → `DiscussionCategoryConnection`
// with `nodes { name }`). GraphQL answers 200 with an `errors` array for what REST would refuse (docs: "Forming
// calls with GraphQL"; a token without access to discussions reads "Resource not accessible by integration").
import { checkPermission, findRepo } from '../auth';
import { error, HttpError, ok, type Ctx, type Route } from '../http';

/** The one query answered: `repository(owner:, name:) { discussionCategories … { nodes { name } } }`. */
const CATEGORIES =
  /repository\s*\(\s*owner\s*:\s*\$owner\s*,\s*name\s*:\s*\$name\s*\)\s*\{\s*discussionCategories\s*\(/;

function graphqlError(message: string, type: string) {
  return ok({ data: null, errors: [{ type, message, locations: [] }] });
}

function discussionCategories(ctx: Ctx) {
  const variables = (ctx.body?.variables ?? {}) as Record<string, unknown>;
  const owner = String(variables.owner ?? '');
  const name = String(variables.name ?? '');
  let repo;
  try {
    repo = findRepo(ctx.env.state, ctx.token, owner, name).repo;
  } catch {
    repo = undefined;
  }
  if (!repo) return graphqlError(`Could not resolve to a Repository with the name '${owner}/${name}'.`, 'NOT_FOUND');
  try {
    checkPermission(ctx.token, repo, 'discussions', 'read');
  } catch (e) {
    if (e instanceof HttpError) return graphqlError('Resource not accessible by integration', 'FORBIDDEN');
    throw e;
  }
  return ok({
    data: { repository: { discussionCategories: { nodes: repo.discussionCategories.map((c) => ({ name: c })) } } },
  });
}

export const graphqlRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/graphql',
    handler: (ctx) => {
      const query = typeof ctx.body?.query === 'string' ? ctx.body.query : '';
      if (!query) throw error(400, 'A query attribute must be specified and must be a string.');
      if (CATEGORIES.test(query)) return discussionCategories(ctx);
      return graphqlError('This emulator answers only the discussion categories query.', 'NOT_IMPLEMENTED');
    },
  },
];
