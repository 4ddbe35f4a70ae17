// GraphQL objects of issues and pull requests, built from the same state the REST routes serve, so both views of a
// repository agree: Issue, PullRequest, IssueComment, LabeledEvent / UnlabeledEvent, Label, Actor (User, Bot),
// PullRequestChangedFile, Milestone, and the connections that list them. Field names, types and arguments are
// those of GitHub's published schema (@octokit/graphql-schema, the schema the engine validates against). Each
// object carries only the fields modelled here; the engine refuses any other field loudly (never a silent null),
// and an argument not modelled is refused here.
// Evidence beyond the schema:
// - `Bot.login` is the App's slug without REST's `[bot]` suffix (fullsend-ai/fullsend#6205: `author { login
//   __typename }` → `{"login":"fullsend-ai-review","__typename":"Bot"}` for REST's `fullsend-ai-review[bot]`).
// - node ids are the REST objects' `node_id` (docs: "Using global node IDs": the REST API's `node_id` is the
//   GraphQL `id`), so `nodes(ids:)` finds what the REST lists name.
// - `timelineItems(itemTypes: [LABELED_EVENT, UNLABELED_EVENT])` lists the label events of the REST issue events
//   list, oldest first (GraphQL reference: IssueTimelineItemsConnection; REST "Issue event types").
// - a changed file's `changeType` is PatchStatus (ADDED, DELETED, MODIFIED, RENAMED, COPIED, CHANGED), REST's
//   `status` in capitals (GraphQL reference: PullRequestChangedFile).
import { authorAssociation } from '../associations';
import { canSee } from '../auth';
import { pullFiles } from '../routes/pulls';
import type { Comment, Issue, Repo, State, Token } from '../state';

export interface IssueGraphContext {
  state: State;
  viewer?: Token;
}

type Args = Record<string, unknown>;

/** A field argument this emulator does not model: refused, as an unknown field is. */
export class NotModelledError extends Error {
  constructor(what: string) {
    super(`The emulator does not model ${what}.`);
    this.name = 'NotModelledError';
  }
}

function only(args: Args, allowed: string[], where: string): void {
  for (const [name, value] of Object.entries(args))
    if (value !== undefined && value !== null && !allowed.includes(name))
      throw new NotModelledError(`the argument \`${name}\` of ${where}`);
}

const cursorOf = (offset: number) => Buffer.from(`cursor:${offset}`).toString('base64');

function offsetOf(cursor: unknown, where: string): number {
  if (cursor === undefined || cursor === null) return -1;
  const text = Buffer.from(String(cursor), 'base64').toString('utf8');
  const match = /^cursor:(\d+)$/.exec(text);
  if (!match) throw new Error(`\`${String(cursor)}\` does not appear to be a valid cursor (${where}).`);
  return Number(match[1]);
}

/**
 * A Relay connection over `all` (GitHub's connections: `first`/`after` from the start, `last`/`before` from the
 * end; cursors opaque). The engine has checked that `first` or `last` is given and within 1..100.
 */
export function connection<T>(all: readonly T[], args: Args, where: string) {
  const after = offsetOf(args.after, where);
  const before = args.before === undefined || args.before === null ? all.length : offsetOf(args.before, where);
  let start = Math.max(0, after + 1);
  let end = Math.min(all.length, before);
  if (typeof args.first === 'number') end = Math.min(end, start + args.first);
  if (typeof args.last === 'number') start = Math.max(start, end - args.last);
  const nodes = all.slice(start, end);
  const edges = nodes.map((node, i) => ({ cursor: cursorOf(start + i), node }));
  return {
    totalCount: all.length,
    nodes,
    edges,
    pageInfo: {
      hasNextPage: end < Math.min(all.length, before),
      hasPreviousPage: start > Math.max(0, after + 1),
      startCursor: nodes.length ? cursorOf(start) : null,
      endCursor: nodes.length ? cursorOf(end - 1) : null,
    },
  };
}

/** An Actor: a login ending in `[bot]` is a Bot whose GraphQL login has no suffix. */
export function actorNode(state: State, login: string) {
  const bot = login.endsWith('[bot]');
  const id = state.userId(login);
  return {
    __typename: bot ? 'Bot' : 'User',
    login: bot ? login.slice(0, -'[bot]'.length) : login,
    id: `${bot ? 'BOT' : 'U'}_${id}`,
    databaseId: id,
    url: bot ? `https://github.com/apps/${login.slice(0, -5)}` : `https://github.com/${login}`,
  };
}

function labelNode(repo: Repo, name: string) {
  const label = repo.label(name);
  return {
    __typename: 'Label',
    id: `LA_${label?.id ?? 0}`,
    name: label?.name ?? name,
    color: label?.color ?? 'ededed',
    description: label?.description ?? null,
  };
}

function commentNode(ctx: IssueGraphContext, repo: Repo, c: Comment) {
  return {
    __typename: 'IssueComment',
    id: `IC_${c.id}`,
    databaseId: c.id,
    body: c.body,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    author: actorNode(ctx.state, c.user),
    authorAssociation: authorAssociation(ctx.state, repo, c.user, ctx.viewer),
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

/** An Issue or PullRequest object of the state's item. */
export function issueNode(ctx: IssueGraphContext, repo: Repo, i: Issue) {
  const where = `${i.pull ? 'PullRequest' : 'Issue'} ${repo.fullName}#${i.number}`;
  const comments = () =>
    [...repo.comments.values()].filter((c) => c.issueNumber === i.number).sort((a, b) => a.id - b.id);
  const node: Record<string, unknown> = {
    __typename: i.pull ? 'PullRequest' : 'Issue',
    id: `${i.pull ? 'PR' : 'I'}_${i.id}`,
    databaseId: i.id,
    number: i.number,
    title: i.title,
    body: i.body ?? '',
    state: i.pull?.merged ? 'MERGED' : i.state === 'open' ? 'OPEN' : 'CLOSED',
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
    closedAt: i.closedAt,
    locked: i.locked,
    author: actorNode(ctx.state, i.user),
    authorAssociation: authorAssociation(ctx.state, repo, i.user, ctx.viewer),
    milestone: (() => {
      const m = i.milestone == null ? undefined : repo.milestones.find((x) => x.number === i.milestone);
      return m ? { __typename: 'Milestone', number: m.number, title: m.title } : null;
    })(),
    labels: (args: Args) => {
      only(args, ['first', 'last', 'after', 'before'], `${where}.labels`);
      return connection(
        i.labels.map((l) => labelNode(repo, l.name)),
        args,
        `${where}.labels`,
      );
    },
    assignees: (args: Args) => {
      only(args, ['first', 'last', 'after', 'before'], `${where}.assignees`);
      return connection(
        i.assignees.map((login) => actorNode(ctx.state, login)),
        args,
        `${where}.assignees`,
      );
    },
    comments: (args: Args) => {
      only(args, ['first', 'last', 'after', 'before'], `${where}.comments`);
      return connection(
        comments().map((c) => commentNode(ctx, repo, c)),
        args,
        `${where}.comments`,
      );
    },
    timelineItems: (args: Args) => {
      only(args, ['first', 'last', 'after', 'before', 'itemTypes'], `${where}.timelineItems`);
      const types = args.itemTypes as string[] | undefined;
      if (!types || types.length === 0 || types.some((t) => !(t in TIMELINE_TYPES)))
        throw new NotModelledError(`timeline items other than LABELED_EVENT and UNLABELED_EVENT (${where})`);
      const wanted = new Set(types.map((t) => TIMELINE_TYPES[t]));
      const events = (i.events ?? []).filter((e) => wanted.has(e.event));
      return connection(
        events.map((e) => ({
          __typename: e.event === 'labeled' ? 'LabeledEvent' : 'UnlabeledEvent',
          id: `${e.event === 'labeled' ? 'LE' : 'UNLE'}_${e.id}`,
          createdAt: e.createdAt,
          actor: actorNode(ctx.state, e.actor),
          label: labelNode(repo, e.label),
        })),
        args,
        `${where}.timelineItems`,
      );
    },
  };
  if (!i.pull) return node;
  const pull = i.pull;
  const files = () => pullFiles(repo, i);
  return {
    ...node,
    isDraft: pull.draft,
    merged: pull.merged,
    mergedAt: pull.mergedAt,
    headRefName: pull.head,
    baseRefName: pull.base,
    // The emulator's pull requests come from branches of the repository itself (REST's `head.repo` is it too).
    headRepository: { __typename: 'Repository', nameWithOwner: repo.fullName, name: repo.name },
    additions: () => files().reduce((s, f) => s + f.additions, 0),
    deletions: () => files().reduce((s, f) => s + f.deletions, 0),
    changedFiles: () => files().length,
    files: (args: Args) => {
      only(args, ['first', 'last', 'after', 'before'], `${where}.files`);
      return connection(
        files().map((f) => ({
          __typename: 'PullRequestChangedFile',
          path: f.filename,
          additions: f.additions,
          deletions: f.deletions,
          changeType: PATCH_STATUS[f.status] ?? 'CHANGED',
        })),
        args,
        `${where}.files`,
      );
    },
  };
}

const STATES: Record<string, (i: Issue) => boolean> = {
  OPEN: (i) => i.state === 'open',
  CLOSED: (i) => i.state === 'closed' && !i.pull?.merged,
  MERGED: (i) => i.pull?.merged === true,
};

/** `issues` / `pullRequests` of a repository: `states`, `orderBy` (CREATED_AT, UPDATED_AT, COMMENTS), paging. */
function itemList(ctx: IssueGraphContext, repo: Repo, pulls: boolean, args: Args) {
  const where = `Repository.${pulls ? 'pullRequests' : 'issues'}`;
  only(args, ['first', 'last', 'after', 'before', 'states', 'orderBy'], where);
  const states = (args.states as string[] | undefined) ?? [];
  const order = args.orderBy as { field?: string; direction?: string } | undefined;
  const commentCount = (i: Issue) => [...repo.comments.values()].filter((c) => c.issueNumber === i.number).length;
  const key: Record<string, (i: Issue) => number> = {
    CREATED_AT: (i) => Date.parse(i.createdAt),
    UPDATED_AT: (i) => Date.parse(i.updatedAt),
    COMMENTS: commentCount,
  };
  if (order && !(String(order.field) in key)) throw new NotModelledError(`ordering by ${String(order.field)}`);
  // Unordered, GitHub lists by creation, oldest first (the connection's default order).
  const by = key[order?.field ?? 'CREATED_AT']!;
  const sign = order?.direction === 'DESC' ? -1 : 1;
  const items = [...repo.issues.values()]
    .filter((i) => Boolean(i.pull) === pulls)
    .filter((i) => states.length === 0 || states.some((s) => STATES[s]?.(i)))
    .sort((a, b) => sign * (by(a) - by(b)) || a.number - b.number);
  return connection(
    items.map((i) => issueNode(ctx, repo, i)),
    args,
    where,
  );
}

/** The issue fields of a Repository object: `issues`, `pullRequests`, `issue`, `pullRequest`, `issueOrPullRequest`, `labels`. */
export function repositoryIssueFields(ctx: IssueGraphContext, repo: Repo) {
  const byNumber = (kind: 'issue' | 'pullRequest' | 'either') => (args: Args) => {
    const i = repo.issues.get(Number(args.number));
    if (!i || (kind === 'issue' && i.pull) || (kind === 'pullRequest' && !i.pull)) return null;
    return issueNode(ctx, repo, i);
  };
  return {
    issues: (args: Args) => itemList(ctx, repo, false, args),
    pullRequests: (args: Args) => itemList(ctx, repo, true, args),
    issue: byNumber('issue'),
    pullRequest: byNumber('pullRequest'),
    issueOrPullRequest: byNumber('either'),
    labels: (args: Args) => {
      only(args, ['first', 'last', 'after', 'before'], 'Repository.labels');
      return connection(
        repo.labels.map((l) => labelNode(repo, l.name)),
        args,
        'Repository.labels',
      );
    },
  };
}

/** The issue or pull request of a node id (`I_…`, `PR_…`), when the viewer can see its repository; else null. */
export function issueNodeById(ctx: IssueGraphContext, id: string) {
  const match = /^(I|PR)_(\d+)$/.exec(id);
  if (!match) return undefined;
  const wanted = Number(match[2]);
  for (const repo of ctx.state.repos)
    for (const i of repo.issues.values())
      if (i.id === wanted && Boolean(i.pull) === (match[1] === 'PR'))
        return canSee(ctx.viewer, repo) ? issueNode(ctx, repo, i) : null;
  return null;
}
