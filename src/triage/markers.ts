// Hidden markers in the comments triage posts: they make a rule comment once per item, ever, and tell
// when an item was marked stale. The marker is an HTML comment, invisible in the rendered text.

export interface CommentLike {
  body?: string | null;
  created_at?: string;
}

const PREFIX = '<!-- repo-actions:triage';
const RULE = /<!-- repo-actions:triage rule=([A-Za-z0-9._-]+) -->/g;
export const STALE_MARKER = `${PREFIX} stale -->`;
export const CLOSE_MARKER = `${PREFIX} stale-close -->`;

/** A one-off token on each comment posted, so a retry after a lost answer can tell whether it was made. */
export function postToken(id: string): string {
  return `${PREFIX} post=${id} -->`;
}

export function ruleMarker(ruleId: string): string {
  return `${PREFIX} rule=${ruleId} -->`;
}

export function withMarker(body: string, marker: string): string {
  return `${body.trimEnd()}\n\n${marker}`;
}

/** Ids of the rules that already commented, from the item's comments. */
export function commentedRules(comments: readonly CommentLike[]): Set<string> {
  const ids = new Set<string>();
  for (const comment of comments) for (const match of (comment.body ?? '').matchAll(RULE)) ids.add(match[1]);
  return ids;
}

function newestWith(comments: readonly CommentLike[], marker: string): string | undefined {
  let last: string | undefined;
  for (const comment of comments)
    if (
      (comment.body ?? '').includes(marker) &&
      comment.created_at &&
      (!last || Date.parse(comment.created_at) > Date.parse(last))
    )
      last = comment.created_at;
  return last;
}

/** When the item was last marked stale (the newest stale comment), or undefined. */
export function lastStaleMark(comments: readonly CommentLike[]): string | undefined {
  return newestWith(comments, STALE_MARKER);
}

/** When the newest stale close comment was posted, or undefined. */
export function lastCloseMark(comments: readonly CommentLike[]): string | undefined {
  return newestWith(comments, CLOSE_MARKER);
}

/** True when the comment was posted by triage (its own comments never carry commands). */
export function isTriageComment(body: string | null | undefined): boolean {
  return (body ?? '').includes(PREFIX);
}
