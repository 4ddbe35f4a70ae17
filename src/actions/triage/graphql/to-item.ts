// GraphQL's answers mapped into triage's own model (Item, CommentLike, PullFacts), the same values the REST reads
// give. Pure. Where a connection holds more than was read (its `totalCount` above the nodes) or a node GraphQL gave
// as null, the value is not known: the caller reads it through REST instead of deciding on part of it.
import type { PullFacts } from '../domain/conditions';
import type { Item } from '../domain/item';
import { restLoginOf } from '../domain/identity';
import type { CommentLike } from '../domain/markers';
import type { ListedFragment, PullFieldsFragment } from '../queries/documents';
import type { LabelEvent } from '../domain/reader';
import { isLabelEvent, type Counted, type GqlActor, type GqlComment, type GqlDetails } from './answers';

// Actors get REST's login (restLoginOf): GraphQL's `Bot.login` is the App's slug without the `[bot]` suffix REST
// shows (`github-actions` for REST's `github-actions[bot]`; reported in fullsend-ai/fullsend#6205 and
// lhpaul/ai-dev-framework-template#334). Only an actor typed `Bot` gets the suffix: a user cannot pose as one.
const restType = (actor: GqlActor): string => (actor.__typename === 'Bot' ? 'Bot' : 'User');

/**
 * The nodes of a connection when they are all of it, else undefined: its `totalCount` above the nodes read, or a
 * node GraphQL gave as null (one it could not resolve), leaves the value unknown.
 */
export function allNodes<T>(c: Counted<T> | null): T[] | undefined {
  if (!c?.nodes || c.totalCount > c.nodes.length) return undefined;
  const nodes = c.nodes.filter((n): n is T => n !== null);
  return nodes.length === c.nodes.length ? nodes : undefined;
}

export interface Listed {
  item: Item;
  /** The GraphQL node id (for the details query). */
  id: string;
  /** Head branch and size of a pull request (the list has them: no read). */
  pull?: PullFacts;
  /** False when the labels hold more than were read (or one GraphQL gave as null). */
  complete: boolean;
}

/** An issue or pull request as the list and the one-item query read it (a pull request's `state` as `state`). */
export type ListedNode = ListedFragment & { state: 'OPEN' | 'CLOSED' | 'MERGED' };

/**
 * A listed issue or pull request as an Item; `pull` is a pull request's own fields (the list of pull requests, or
 * the one-item query's answer for a pull request). The list reads no assignees and no comment count: the item has
 * none assigned and `comments` 1 (it may have comments: a rule that comments reads them first, as for any item with
 * comments) until its details are read.
 */
export function fromListed(node: ListedNode, repository: string, pull?: PullFieldsFragment): Listed {
  const labels = allNodes(node.labels);
  const item: Item = {
    number: node.number,
    isPullRequest: pull !== undefined,
    title: node.title,
    body: node.body,
    state: node.state === 'OPEN' ? 'open' : 'closed',
    labels: (labels ?? []).map((l) => l.name),
    assignees: [],
    author: node.author ? restLoginOf(node.author) : '',
    authorAssociation: node.authorAssociation,
    updatedAt: node.updatedAt,
    createdAt: node.createdAt,
    comments: 1,
    locked: node.locked,
    ...(node.milestone ? { milestone: node.milestone.title } : {}),
    draft: pull?.isDraft ?? false,
  };
  return { item, id: node.id, ...(pull ? { pull: pullFacts(pull, repository) } : {}), complete: labels !== undefined };
}

export function pullFacts(pull: PullFieldsFragment, repository: string): PullFacts {
  return {
    branch: pull.headRefName,
    lines: pull.additions + pull.deletions,
    base: pull.baseRefName,
    sameRepository: pull.headRepository?.nameWithOwner.toLowerCase() === repository.toLowerCase(),
  };
}

/** The comments as REST gives them, or undefined when only the newest of more were read. */
export function commentsOf(comments: GqlDetails['comments']): CommentLike[] | undefined {
  return allNodes(comments)?.map((c: GqlComment) => ({
    body: c.body,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    user: c.author ? { login: restLoginOf(c.author), type: restType(c.author) } : null,
    viewerDidAuthor: c.viewerDidAuthor,
  }));
}

/**
 * When and by whom the label was last put on: the newest `LabeledEvent` of it (case-insensitive, as label names
 * are), null when the item has none, undefined when the events read do not tell (older ones were not read, or an
 * event GraphQL gave as null may be the newest).
 */
export function labelEventOf(events: GqlDetails['timelineItems'], label: string): LabelEvent | null | undefined {
  const wanted = label.toLowerCase();
  const nodes = events.nodes ?? [];
  if (events.nodes === null || nodes.includes(null)) return undefined;
  let last: LabelEvent | null = null;
  for (const event of nodes) {
    if (!event || !isLabelEvent(event) || event.__typename !== 'LabeledEvent') continue;
    if (event.label.name.toLowerCase() !== wanted) continue;
    if (last === null || Date.parse(event.createdAt) >= Date.parse(last.at))
      last = { at: event.createdAt, actor: event.actor ? restLoginOf(event.actor) : null };
  }
  if (last === null && allNodes(events) === undefined) return undefined;
  return last;
}

/**
 * Changed file names, or undefined when not all were read or one was renamed (GraphQL's changed file has no
 * previous path, which REST's `previous_filename` gives and a rule's globs match too).
 */
export function filesOf(files: Counted<{ path: string; changeType: string }> | null): string[] | undefined {
  const nodes = allNodes(files);
  if (!nodes || nodes.some((f) => f.changeType === 'RENAMED')) return undefined;
  return nodes.map((f) => f.path);
}

/** The assignees' logins, or undefined when more were assigned than read. */
export function assigneesOf(assignees: GqlDetails['assignees']): string[] | undefined {
  return allNodes(assignees)?.map((a) => a.login);
}
