// GraphQL's answers mapped into triage's own model (Item, CommentLike, PullFacts), the same values the REST reads
// give. Pure. Where a connection holds more than was read (its `totalCount` above the nodes), the value is not
// known: the caller reads it through REST instead of deciding on part of it.
import type { PullFacts } from '../conditions';
import type { Item } from '../item';
import type { CommentLike } from '../markers';
import type { LabelEvent } from '../reader';
import type { GqlActor, GqlComment, GqlDetails, GqlListedIssue, GqlListedPull } from './answers';
import { GqlLabelEvent } from './answers';

/**
 * REST's login of an actor: GraphQL's `Bot.login` is the App's slug without the `[bot]` suffix REST shows
 * (`github-actions` for REST's `github-actions[bot]`; reported in fullsend-ai/fullsend#6205 and
 * lhpaul/ai-dev-framework-template#334). Only an actor typed `Bot` gets the suffix: a user cannot pose as one.
 */
export function restLogin(actor: GqlActor): string {
  return actor.__typename === 'Bot' ? `${actor.login}[bot]` : actor.login;
}

const restType = (actor: GqlActor): string => (actor.__typename === 'Bot' ? 'Bot' : 'User');

const whole = (c: { totalCount: number; nodes: readonly unknown[] } | undefined): boolean =>
  c === undefined || c.totalCount <= c.nodes.length;

export interface Listed {
  item: Item;
  /** The GraphQL node id (for the details query). */
  id: string;
  /** Head branch and size of a pull request (the list has them: no read). */
  pull?: PullFacts;
  /** False when the labels or assignees hold more than were read. */
  complete: boolean;
  /** Whether the assignees were read (a setting depends on them). */
  assigneesRead: boolean;
}

/**
 * A listed issue or pull request as an Item. `comments` is the real count when it was read, else 1 (the item
 * may have comments: a rule that comments reads them first, as for any item with comments).
 */
export function fromListed(node: GqlListedIssue | GqlListedPull, repository: string): Listed {
  const pull = 'headRefName' in node ? (node as GqlListedPull) : undefined;
  const item: Item = {
    number: node.number,
    isPullRequest: pull !== undefined,
    title: node.title,
    body: node.body,
    state: node.state === 'OPEN' ? 'open' : 'closed',
    labels: node.labels.nodes.map((l) => l.name),
    assignees: (node.assignees?.nodes ?? []).map((a) => a.login),
    author: node.author ? restLogin(node.author) : '',
    authorAssociation: node.authorAssociation,
    updatedAt: node.updatedAt,
    createdAt: node.createdAt,
    comments: node.comments ? node.comments.totalCount : 1,
    locked: node.locked,
    ...(node.milestone ? { milestone: node.milestone.title } : {}),
    draft: pull?.isDraft ?? false,
  };
  return {
    item,
    id: node.id,
    ...(pull ? { pull: pullFacts(pull, repository) } : {}),
    complete: whole(node.labels) && whole(node.assignees),
    assigneesRead: node.assignees !== undefined,
  };
}

export function pullFacts(
  pull: Pick<GqlListedPull, 'headRefName' | 'baseRefName' | 'headRepository' | 'additions' | 'deletions'>,
  repository: string,
): PullFacts {
  return {
    branch: pull.headRefName,
    lines: pull.additions + pull.deletions,
    base: pull.baseRefName,
    sameRepository: pull.headRepository?.nameWithOwner.toLowerCase() === repository.toLowerCase(),
  };
}

/** The comments as REST gives them, or undefined when only the newest of more were read. */
export function commentsOf(comments: GqlDetails['comments']): CommentLike[] | undefined {
  if (!whole(comments)) return undefined;
  return comments.nodes.map((c: GqlComment) => ({
    body: c.body,
    created_at: c.createdAt,
    ...(c.updatedAt === undefined ? {} : { updated_at: c.updatedAt }),
    user: c.author ? { login: restLogin(c.author), type: restType(c.author) } : null,
    ...(c.viewerDidAuthor === undefined ? {} : { viewerDidAuthor: c.viewerDidAuthor }),
  }));
}

/**
 * When and by whom the label was last put on: the newest `LabeledEvent` of it (case-insensitive, as label names
 * are), null when the item has none, undefined when the events read do not tell (older ones were not read).
 */
export function labelEventOf(events: GqlDetails['timelineItems'], label: string): LabelEvent | null | undefined {
  const wanted = label.toLowerCase();
  let last: LabelEvent | null = null;
  for (const raw of events.nodes) {
    const event = GqlLabelEvent.safeParse(raw);
    if (!event.success || event.data.__typename !== 'LabeledEvent' || event.data.label.name.toLowerCase() !== wanted)
      continue;
    if (last === null || Date.parse(event.data.createdAt) >= Date.parse(last.at))
      last = { at: event.data.createdAt, actor: event.data.actor ? restLogin(event.data.actor) : null };
  }
  if (last === null && !whole(events)) return undefined;
  return last;
}

/**
 * Changed file names, or undefined when not all were read or one was renamed (GraphQL's changed file has no
 * previous path, which REST's `previous_filename` gives and a rule's globs match too).
 */
export function filesOf(files: GqlDetails['files']): string[] | undefined {
  if (!files || !whole(files) || files.nodes.some((f) => f.changeType === 'RENAMED')) return undefined;
  return files.nodes.map((f) => f.path);
}

/** The assignees' logins, or undefined when more were assigned than read. */
export function assigneesOf(assignees: GqlDetails['assignees']): string[] | undefined {
  return whole(assignees) ? assignees.nodes.map((a) => a.login) : undefined;
}
