// Hidden markers in the comments triage posts: they make a rule comment once per item, ever, and tell
// when an item was marked stale. The marker is an HTML comment, invisible in the rendered text.
// Anyone can paste a marker into a comment, so markers count only in the engine's own comments: those
// made through its App (`performed_via_github_app.id`, as GitHub sets it for integration tokens) or by its
// own login (`github-actions[bot]` for the workflow token, `<slug>[bot]` for an App, a personal token's user; learnt
// in identity.ts). A comment read through GraphQL carries `viewerDidAuthor` (the reading token wrote it), which
// decides before any login is compared.

export interface CommentLike {
  body?: string | null;
  created_at?: string;
  /**
   * When the comment was last written (its creation, or its last edit): GitHub's `since` filter of the comments list
   * compares this, so actions/stale's rules count a comment edited after the mark as activity.
   */
  updated_at?: string;
  user?: { login?: string | null; type?: string | null } | null;
  performed_via_github_app?: { id?: number | null } | null;
  /** GraphQL's `viewerDidAuthor`: GitHub's own word that the token reading it wrote the comment. */
  viewerDidAuthor?: boolean;
}

/** Whose comments are the engine's own. */
export interface Identity {
  /** The App the token belongs to (`performed_via_github_app.id` of its comments). */
  appId?: number;
  /** The login the token writes as. */
  login?: string;
}

/** GitHub Actions' App id: the workflow token's comments carry it in `performed_via_github_app`. */
export const GITHUB_ACTIONS_APP_ID = 15368;
/** The identity of the workflow token (`GITHUB_TOKEN`). */
export const WORKFLOW_TOKEN_IDENTITY: Identity = { appId: GITHUB_ACTIONS_APP_ID, login: 'github-actions[bot]' };

const PREFIX = '<!-- repo-actions:triage';
const RULE_PREFIX = `${PREFIX} rule=`;
const MARKER_END = ' -->';
export const STALE_MARKER = `${PREFIX} stale -->`;
export const CLOSE_MARKER = `${PREFIX} stale-close -->`;

/** A one-off token on each comment posted, so a retry after a lost answer can tell whether it was made. */
export function postToken(id: string): string {
  return `${PREFIX} post=${id} -->`;
}

const REPLY_PREFIX = `${PREFIX} reply=`;

/** The marker of the one reply to a comment's commands. */
export function replyMarker(commentId: number): string {
  return `${REPLY_PREFIX}${commentId}${MARKER_END}`;
}

/** True when one of the engine's own comments already answers the comment (its reply marker). */
export function hasReply(comments: readonly CommentLike[], commentId: number, identity: Identity): boolean {
  const marker = replyMarker(commentId);
  return comments.some((comment) => isOwnComment(comment, identity) && (comment.body ?? '').includes(marker));
}

export function ruleMarker(ruleId: string): string {
  return `${RULE_PREFIX}${ruleId}${MARKER_END}`;
}

export function withMarker(body: string, marker: string): string {
  return `${body.trimEnd()}\n\n${marker}`;
}

/** True when the comment was written by the engine itself (see the module header). */
export function isOwnComment(comment: CommentLike, identity: Identity): boolean {
  // Read through GraphQL with the token the engine writes with: GitHub says whether that token wrote it.
  if (comment.viewerDidAuthor !== undefined) return comment.viewerDidAuthor;
  const app = comment.performed_via_github_app?.id;
  if (identity.appId !== undefined && app === identity.appId) return true;
  const login = comment.user?.login?.toLowerCase();
  return identity.login !== undefined && login !== undefined && login === identity.login.toLowerCase();
}

/**
 * True when an event's actor (a REST login, `<slug>[bot]` for an App) is the engine's identity. An event carries no
 * App id, so the workflow token's events are known by its login `github-actions[bot]`, which only GitHub Actions
 * can act as.
 */
export function isOwnActor(actor: string | null | undefined, identity: Identity): boolean {
  return !!actor && identity.login !== undefined && actor.toLowerCase() === identity.login.toLowerCase();
}

/** Rule ids in the markers of one text, found by plain string search (linear in the text). */
function ruleIdsIn(text: string): string[] {
  const ids: string[] = [];
  for (let at = text.indexOf(RULE_PREFIX); at >= 0; at = text.indexOf(RULE_PREFIX, at + 1)) {
    const start = at + RULE_PREFIX.length;
    const end = text.indexOf(MARKER_END, start);
    if (end < 0) break;
    const id = text.slice(start, end);
    if (/^[A-Za-z0-9._-]{1,100}$/.test(id)) ids.push(id);
  }
  return ids;
}

/** Ids of the rules that already commented, from the engine's own comments on the item. */
export function commentedRules(comments: readonly CommentLike[], identity: Identity): Set<string> {
  const ids = new Set<string>();
  for (const comment of comments)
    if (isOwnComment(comment, identity)) for (const id of ruleIdsIn(comment.body ?? '')) ids.add(id);
  return ids;
}

function newestWith(comments: readonly CommentLike[], marker: string, identity: Identity): string | undefined {
  let last: string | undefined;
  for (const comment of comments)
    if (
      isOwnComment(comment, identity) &&
      (comment.body ?? '').includes(marker) &&
      comment.created_at &&
      (!last || Date.parse(comment.created_at) > Date.parse(last))
    )
      last = comment.created_at;
  return last;
}

/** When the item was last marked stale (the engine's newest stale comment), or undefined. */
export function lastStaleMark(comments: readonly CommentLike[], identity: Identity): string | undefined {
  return newestWith(comments, STALE_MARKER, identity);
}

/** When the engine's newest stale close comment was posted, or undefined. */
export function lastCloseMark(comments: readonly CommentLike[], identity: Identity): string | undefined {
  return newestWith(comments, CLOSE_MARKER, identity);
}

/** When the engine last commented on the item (any of its comments), or undefined. */
export function lastOwnComment(comments: readonly CommentLike[], identity: Identity): string | undefined {
  let last: string | undefined;
  for (const comment of comments)
    if (
      isOwnComment(comment, identity) &&
      comment.created_at &&
      (!last || Date.parse(comment.created_at) > Date.parse(last))
    )
      last = comment.created_at;
  return last;
}

/** True when the text carries a triage marker (such a comment is never read for commands). */
export function isTriageComment(body: string | null | undefined): boolean {
  return (body ?? '').includes(PREFIX);
}
