// `Repository` and `Label` from the same state REST serves (IDs as REST's `node_id`: `R_<id>`, `LA_<id>`):
// labels (GraphQL reference: `labels(first, after, orderBy: LabelOrder, query)`, `label(name:)`), the discussion
// categories (FORBIDDEN without the `discussions` permission on a private repository, "Resource not accessible by
// integration", as REST), and the entry points of git.ts and releases.ts.
import { canSee, checkPermission } from '../auth';
import { HttpError } from '../http';
import type { Label, Repo } from '../state';
import { connection, type PageArgs } from './connection';
import { GraphqlFault, repoOf, type GraphqlContext, type ResolverModule } from './registry';

export function repositoryModel(repo: Repo) {
  return {
    __typename: 'Repository',
    $repo: repo,
    id: `R_${repo.id}`,
    databaseId: repo.id,
    name: repo.name,
    nameWithOwner: repo.fullName,
    isPrivate: repo.private,
    description: repo.description,
    createdAt: repo.createdAt,
    pushedAt: repo.pushedAt,
    owner: { __typename: 'User', login: repo.owner },
  };
}

export function labelModel(repo: Repo, l: Label) {
  return {
    __typename: 'Label',
    $repo: repo,
    id: `LA_${l.id}`,
    name: l.name,
    color: l.color,
    description: l.description,
    isDefault: l.default,
  };
}

interface LabelArgs extends PageArgs {
  query?: string | null;
  orderBy?: { field: 'NAME' | 'CREATED_AT'; direction: 'ASC' | 'DESC' } | null;
}

function labels(source: { $repo: Repo }, args: LabelArgs) {
  const repo = repoOf(source);
  let list = [...repo.labels];
  if (args.query) {
    const q = args.query.toLowerCase();
    list = list.filter((l) => l.name.toLowerCase().includes(q) || (l.description ?? '').toLowerCase().includes(q));
  }
  // Without an order, or by CREATED_AT: the order they were created (the state's order, which REST lists too).
  if (args.orderBy?.field === 'NAME') list.sort((a, b) => a.name.localeCompare(b.name));
  if (args.orderBy?.direction === 'DESC') list.reverse();
  return connection(
    list.map((l) => labelModel(repo, l)),
    args,
  );
}

function discussionCategories(source: { $repo: Repo }, args: LabelArgs, ctx: GraphqlContext) {
  const repo = repoOf(source);
  try {
    checkPermission(ctx.token, repo, 'discussions', 'read');
  } catch (e) {
    if (e instanceof HttpError) throw new GraphqlFault('FORBIDDEN', 'Resource not accessible by integration');
    throw e;
  }
  const list = repo.discussionCategories.map((name, i) => ({
    __typename: 'DiscussionCategory',
    id: `DIC_${repo.id}_${i}`,
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  }));
  return connection(list, args);
}

function findLabel(key: string, ctx: GraphqlContext) {
  for (const repo of ctx.state.repos) {
    if (!canSee(ctx.token, repo)) continue;
    const l = repo.labels.find((x) => String(x.id) === key);
    if (l) return labelModel(repo, l);
  }
  return undefined;
}

export const repositoryResolvers: ResolverModule = {
  types: {
    Repository: {
      labels,
      label: (source: { $repo: Repo }, args: { name: string }) => {
        const l = repoOf(source).label(args.name);
        return l ? labelModel(repoOf(source), l) : null;
      },
      discussionCategories,
    },
    Label: {
      repository: (source: { $repo: Repo }) => repositoryModel(repoOf(source)),
    },
  },
  nodes: {
    R: (key, ctx) => {
      const repo = ctx.state.repos.find((r) => String(r.id) === key);
      return repo && canSee(ctx.token, repo) ? repositoryModel(repo) : undefined;
    },
    LA: findLabel,
  },
};
