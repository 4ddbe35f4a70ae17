// Bounded memory per item: an item's comments are read a page (100) at a time, each cut to what a decision reads
// of it as the page arrives, and at most MAX_COMMENT_PAGES pages are read. A decision reads of a comment its author
// (login, type), its App, its date, and its text only where a marker can count (the engine's own comments) or where
// actions/stale's rules compare it with the stale message. Everything else a comment carries (up to 65,536
// characters of a stranger's text, reactions, URLs) is dropped at once, so 1,500 comments of 60 kB cost what 1,500
// dates cost. An item with more pages is left alone, and the log says so: a decision on part of its comments could
// miss the engine's own marker and comment again.
import { isOwnComment, isTriageComment, type CommentLike, type Identity } from './markers';

/** Pages of 100 comments read per item at most (3,000 comments). */
export const MAX_COMMENT_PAGES = 30;

/** What is kept of each comment read. */
export type CommentView = (comment: CommentLike) => CommentLike;

/** The item has more comments than are read: it is left alone (a partial read could repeat a comment). */
export class TooManyComments extends Error {
  constructor(
    readonly number: number,
    readonly pages: number,
  ) {
    super(`#${number} has more than ${pages * 100} comments (${pages} pages read at most): left alone`);
    this.name = 'TooManyComments';
  }
}

function slim(comment: CommentLike, keepBody: boolean): CommentLike {
  const user = comment.user ? { login: comment.user.login ?? null, type: comment.user.type ?? null } : comment.user;
  const app = comment.performed_via_github_app;
  return {
    body: keepBody ? comment.body : null,
    ...(comment.created_at === undefined ? {} : { created_at: comment.created_at }),
    ...(comment.updated_at === undefined ? {} : { updated_at: comment.updated_at }),
    ...(user === undefined ? {} : { user }),
    ...(app ? { performed_via_github_app: { id: app.id ?? null } } : {}),
    ...(comment.viewerDidAuthor === undefined ? {} : { viewerDidAuthor: comment.viewerDidAuthor }),
  };
}

/**
 * The decisions' view for this identity: the text of its own comments that carry a marker, and of another's
 * comment only when it is the stale message (`staleText`, lower-cased; actions/stale's rules do not count it as a
 * reply). A dropped text is null.
 */
export function decisionView(identity: Identity, staleText?: string): CommentView {
  return (comment) => {
    const body = comment.body ?? '';
    const keep = isOwnComment(comment, identity)
      ? isTriageComment(body)
      : staleText !== undefined && body.length <= staleText.length && body.toLowerCase() === staleText;
    return slim(comment, keep);
  };
}

/** Without an identity: every comment's text that carries a marker (a caller that decides on markers only). */
export const markerView: CommentView = (comment) => slim(comment, isTriageComment(comment.body));

/** Reads every page of `pages`, each comment through `view`; throws TooManyComments past `maxPages`. */
export async function readComments(
  number: number,
  pages: AsyncIterable<CommentLike[]>,
  view: CommentView,
  maxPages = MAX_COMMENT_PAGES,
): Promise<CommentLike[]> {
  const kept: CommentLike[] = [];
  let read = 0;
  for await (const page of pages) {
    if (++read > maxPages) throw new TooManyComments(number, maxPages);
    for (const comment of page) kept.push(view(comment));
  }
  return kept;
}
