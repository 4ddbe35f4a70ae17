// GraphQL resolvers of issues and pull requests, from the same state the REST routes serve, so both views of a
// repository agree: Issue, PullRequest, IssueComment, LabeledEvent / UnlabeledEvent, Label, Actor (User, Bot),
// PullRequestChangedFile, Milestone, and the connections that list them. Field names, types and arguments are
// those of GitHub's published schema (@octokit/graphql-schema, the schema the engine validates against). The
// engine refuses any field not modelled here loudly (never a silent null); an argument not modelled is refused here.
// Evidence beyond the schema:
// - `Bot.login` is the App's slug without REST's `[bot]` suffix (fullsend-ai/fullsend#6205: `author { login
//   __typename }` → `{"login":"fullsend-ai-review","__typename":"Bot"}` for REST's `fullsend-ai-review[bot]`).
// - node ids are the REST objects' `node_id` (docs: "Using global node IDs": the REST API's `node_id` is the
//   GraphQL `id`), so `nodes(ids:)` finds what the REST lists name.
// - `timelineItems(itemTypes: [LABELED_EVENT, UNLABELED_EVENT])` lists the label events of the REST issue events
//   list, oldest first (GraphQL reference: IssueTimelineItemsConnection; REST "Issue event types").
// - a changed file's `changeType` is PatchStatus (ADDED, DELETED, MODIFIED, RENAMED, COPIED, CHANGED), REST's
//   `status` in capitals (GraphQL reference: PullRequestChangedFile).
import type { GraphQLResolveInfo } from 'graphql';
import { authorAssociation } from '../associations';
import { canSee } from '../auth';
import { pullFiles } from '../routes/pulls';
import type { Comment, Issue, Repo, State } from '../state';
import { connection, type PageArgs } from './connection';
import { GraphqlFault, repoOf, type GraphqlContext, type ResolverModule } from './registry';

type Source = { $repo: Repo; $issue: Issue };

/**
 * An argument this emulator does not model, given with a value other than the schema's default (which graphql-js
 * passes when the query leaves it out: `Issue.labels(orderBy:)` defaults to creation order), is refused, as an
 * unmodelled field is.
 */
function only(args: Record<string, unknown>, allowed: string[], info: GraphQLResolveInfo): void {
  const defaults = new Map(
    (info.parentType.getFields()[info.fieldName]?.args ?? []).map((a) => [a.name, JSON.stringify(a.defaultValue)]),
  );
  for (const [name, value] of Object.entries(args))
    if (
      value !== undefined &&
      value !== null &&
      !allowed.includes(name) &&
      defaults.get(name) !== JSON.stringify(value)
    )
      throw new GraphqlFault(
        'NOT_MODELLED',
        `The emulator does not model the argument \`${name}\` of ${info.parentType.name}.${info.fieldName}`,
      );
}

const PAGING = ['first', 'last', 'after', 'before'];

/** An Actor: a login ending in `[bot]` is a Bot whose GraphQL login has no suffix. */
export function actorModel(state: State, login: string) {
  const bot = login.endsWith('[bot]');
  const slug = bot ? login.slice(0, -'[bot]'.length) : login;
  const id = state.userId(login);
  return {
    __typename: bot ? 'Bot' : 'User',
    id: `${bot ? 'BOT' : 'U'}_${id}`,
    databaseId: id,
    login: slug,
    url: bot ? `https://github.com/apps/${slug}` : `https://github.com/${login}`,
  };
}

function labelOf(repo: Repo, name: string) {
  const l = repo.label(name);
  return {
    __typename: 'Label',
    $repo: repo,
    id: `LA_${l?.id ?? 0}`,
    name: l?.name ?? name,
    color: l?.color ?? 'ededed',
  };
}

function commentModel(state: State, repo: Repo, c: Comment, ctx: GraphqlContext) {
  return {
    __typename: 'IssueComment',
    $repo: repo,
    id: `IC_${c.id}`,
    databaseId: c.id,
    body: c.body,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    author: actorModel(state, c.user),
    authorAssociation: authorAssociation(state, repo, c.user, ctx.token),
    // GitHub's schema, `Comment.viewerDidAuthor`: "Did the viewer author this comment." (the token's own comment).
    viewerDidAuthor: ctx.login !== undefined && c.user.toLowerCase() === ctx.login.toLowerCase(),
  };
}

/** The Issue or PullRequest object of a state item (its simple fields; connections resolve below). */
export function issueModel(repo: Repo, i: Issue) {
  const milestone = i.milestone == null ? undefined : repo.milestones.find((m) => m.number === i.milestone);
  const common = {
    $repo: repo,
    $issue: i,
    id: `${i.pull ? 'PR' : 'I'}_${i.id}`,
    databaseId: i.id,
    number: i.number,
    title: i.title,
    body: i.body ?? '',
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
    closedAt: i.closedAt,
    locked: i.locked,
    milestone: milestone ? { __typename: 'Milestone', number: milestone.number, title: milestone.title } : null,
  };
  if (!i.pull) return { ...common, __typename: 'Issue', state: i.state === 'open' ? 'OPEN' : 'CLOSED' };
  return {
    ...common,
    __typename: 'PullRequest',
    state: i.pull.merged ? 'MERGED' : i.state === 'open' ? 'OPEN' : 'CLOSED',
    isDraft: i.pull.draft,
    merged: i.pull.merged,
    mergedAt: i.pull.mergedAt,
    headRefName: i.pull.head,
    baseRefName: i.pull.base,
    // The emulator's pull requests come from branches of the repository itself (REST's `head.repo` is it too).
    headRepository: { __typename: 'Repository', $repo: repo, nameWithOwner: repo.fullName, name: repo.name },
  };
}

const PATCH_STATUS: Record<string, string> = {
  added: 'ADDED',
  removed: 'DELETED',
  modified: 'MODIFIED',
  renamed: 'RENAMED',
  copied: 'COPIED',
  changed: 'CHANGED',
};

const TIMELINE_TYPES: Record<string, 'labeled' | 'unlabeled'> = {
  LABELED_EVENT: 'labeled',
  UNLABELED_EVENT: 'unlabeled',
};

/** The fields an Issue and a PullRequest resolve alike. */
const itemFields = {
  author: (s: Source, _a: unknown, ctx: GraphqlContext) => actorModel(ctx.state, s.$issue.user),
  authorAssociation: (s: Source, _a: unknown, ctx: GraphqlContext) =>
    authorAssociation(ctx.state, s.$repo, s.$issue.user, ctx.token),
  labels: (s: Source, args: PageArgs, _c: GraphqlContext, info: GraphQLResolveInfo) => {
    only({ ...args }, PAGING, info);
    return connection(
      s.$issue.labels.map((l) => labelOf(s.$repo, l.name)),
      args,
    );
  },
  assignees: (s: Source, args: PageArgs, ctx: GraphqlContext, info: GraphQLResolveInfo) => {
    only({ ...args }, PAGING, info);
    return connection(
      s.$issue.assignees.map((login) => actorModel(ctx.state, login)),
      args,
    );
  },
  comments: (s: Source, args: PageArgs, ctx: GraphqlContext, info: GraphQLResolveInfo) => {
    only({ ...args }, PAGING, info);
    const list = [...s.$repo.comments.values()]
      .filter((c) => c.issueNumber === s.$issue.number)
      .sort((a, b) => a.id - b.id)
      .map((c) => commentModel(ctx.state, s.$repo, c, ctx));
    return connection(list, args);
  },
  timelineItems: (
    s: Source,
    args: PageArgs & { itemTypes?: string[] | null },
    ctx: GraphqlContext,
    info: GraphQLResolveInfo,
  ) => {
    only({ ...args }, [...PAGING, 'itemTypes'], info);
    const types = args.itemTypes ?? [];
    if (types.length === 0 || types.some((type) => !(type in TIMELINE_TYPES)))
      throw new GraphqlFault(
        'NOT_MODELLED',
        `The emulator does not model timeline items other than LABELED_EVENT and UNLABELED_EVENT (${info.parentType.name}.timelineItems)`,
      );
    const wanted = new Set(types.map((type) => TIMELINE_TYPES[type]));
    const events = (s.$issue.events ?? []).filter((e) => wanted.has(e.event));
    return connection(
      events.map((e) => ({
        __typename: e.event === 'labeled' ? 'LabeledEvent' : 'UnlabeledEvent',
        id: `${e.event === 'labeled' ? 'LE' : 'UNLE'}_${e.id}`,
        createdAt: e.createdAt,
        actor: actorModel(ctx.state, e.actor),
        label: labelOf(s.$repo, e.label),
      })),
      args,
    );
  },
};

const changedFiles = (s: Source) => pullFiles(s.$repo, s.$issue);

const STATES: Record<string, (i: Issue) => boolean> = {
  OPEN: (i) => i.state === 'open',
  CLOSED: (i) => i.state === 'closed' && !i.pull?.merged,
  MERGED: (i) => i.pull?.merged === true,
};

type ListArgs = PageArgs & {
  states?: string[] | null;
  orderBy?: { field: string; direction: 'ASC' | 'DESC' } | null;
};

/** `issues` / `pullRequests` of a repository: `states`, `orderBy` (CREATED_AT, UPDATED_AT, COMMENTS), paging. */
function itemList(pulls: boolean) {
  return (source: { $repo: Repo }, args: ListArgs, _ctx: GraphqlContext, info: GraphQLResolveInfo) => {
    only({ ...args }, [...PAGING, 'states', 'orderBy'], info);
    const repo = repoOf(source);
    const commentCount = (i: Issue) => [...repo.comments.values()].filter((c) => c.issueNumber === i.number).length;
    const keys: Record<string, (i: Issue) => number> = {
      CREATED_AT: (i) => Date.parse(i.createdAt),
      UPDATED_AT: (i) => Date.parse(i.updatedAt),
      COMMENTS: commentCount,
    };
    const field = args.orderBy?.field ?? 'CREATED_AT';
    const key = keys[field];
    if (!key) throw new GraphqlFault('NOT_MODELLED', `The emulator does not model ordering by ${field}`);
    // Without an order, GitHub lists by creation, oldest first.
    const sign = args.orderBy?.direction === 'DESC' ? -1 : 1;
    const states = args.states ?? [];
    const items = [...repo.issues.values()]
      .filter((i) => Boolean(i.pull) === pulls && (states.length === 0 || states.some((s) => STATES[s]?.(i))))
      .sort((a, b) => sign * (key(a) - key(b)) || a.number - b.number);
    return connection(
      items.map((i) => issueModel(repo, i)),
      args,
    );
  };
}

function byNumber(kind: 'issue' | 'pullRequest' | 'either') {
  return (source: { $repo: Repo }, args: { number: number }) => {
    const repo = repoOf(source);
    const i = repo.issues.get(args.number);
    if (!i || (kind === 'issue' && i.pull) || (kind === 'pullRequest' && !i.pull)) {
      const what = kind === 'pullRequest' ? 'PullRequest' : kind === 'issue' ? 'Issue' : 'issue or pull request';
      throw new GraphqlFault('NOT_FOUND', `Could not resolve to an ${what} with the number of ${args.number}.`);
    }
    return issueModel(repo, i);
  };
}

/** The item of a global ID key (`I_<id>`, `PR_<id>`), when the caller can see its repository. */
function loadItem(pull: boolean) {
  return (key: string, ctx: GraphqlContext) => {
    for (const repo of ctx.state.repos)
      for (const i of repo.issues.values())
        if (String(i.id) === key && Boolean(i.pull) === pull)
          return canSee(ctx.token, repo) ? issueModel(repo, i) : undefined;
    return undefined;
  };
}

function refuseOver100(ids: string[]): string[] {
  if (ids.length > 100)
    throw new GraphqlFault('ARGUMENT_LIMIT', `You may not provide more than 100 node ids; you provided ${ids.length}.`);
  return ids;
}

export const issueResolvers: ResolverModule = {
  types: {
    Query: {
      // `nodes(ids:)`: one entry per id; an id that resolves to nothing visible is null with a NOT_FOUND error at
      // its index (the GraphQL reference: `nodes` "Lookup nodes by a list of IDs"; the message as `node(id:)`'s).
      // More than 100 ids are refused as a whole (sourcecred#908: `data: null`, type ARGUMENT_LIMIT, "You may not
      // provide more than 100 node ids; you provided 101.").
      nodes: (_root: unknown, args: { ids: string[] }, ctx: GraphqlContext) =>
        refuseOver100(args.ids).map(
          (id) =>
            ctx.loadNode(id) ??
            new GraphqlFault('NOT_FOUND', `Could not resolve to a node with the global id of '${id}'`),
        ),
    },
    Repository: {
      issues: itemList(false),
      pullRequests: itemList(true),
      issue: byNumber('issue'),
      pullRequest: byNumber('pullRequest'),
      issueOrPullRequest: byNumber('either'),
    },
    Issue: itemFields,
    PullRequest: {
      ...itemFields,
      additions: (s: Source) => changedFiles(s).reduce((sum, f) => sum + f.additions, 0),
      deletions: (s: Source) => changedFiles(s).reduce((sum, f) => sum + f.deletions, 0),
      changedFiles: (s: Source) => changedFiles(s).length,
      files: (s: Source, args: PageArgs, _c: GraphqlContext, info: GraphQLResolveInfo) => {
        only({ ...args }, PAGING, info);
        return connection(
          changedFiles(s).map((f) => ({
            __typename: 'PullRequestChangedFile',
            path: f.filename,
            additions: f.additions,
            deletions: f.deletions,
            changeType: PATCH_STATUS[f.status] ?? 'CHANGED',
          })),
          args,
        );
      },
    },
  },
  nodes: { I: loadItem(false), PR: loadItem(true) },
};
