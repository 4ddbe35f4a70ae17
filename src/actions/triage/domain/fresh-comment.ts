// A comment as the API says it is now (`GET /repos/{o}/{r}/issues/comments/{id}`): the author, text and item a
// slash command is judged by. An event payload (the action's event file, a webhook body, a stored delivery) only
// names the comment; what it says of its author or text authorises nothing, and the comment may have been
// edited or deleted since.
import { z } from 'zod';

export interface FreshComment {
  id: number;
  body: string;
  /** The author's login; '' when the API names none (a deleted account shows as `ghost`, never empty). */
  user: string;
  isBot: boolean;
  /** The issue or pull request the comment is on (the last segment of `issue_url`), when the answer tells. */
  number?: number;
  /**
   * How many 👍, 👎 and 😕 the comment carries, from the `reactions` rollup GitHub includes in an issue comment
   * (OpenAPI `issue-comment.reactions`, `reaction-rollup`); undefined when the answer has no rollup.
   */
  verdicts?: number;
}

const Count = z.number().int().nonnegative().nullish();
const ApiComment = z.looseObject({
  id: z.number().int(),
  body: z.string().nullish(),
  user: z.looseObject({ login: z.string(), type: z.string().nullish() }).nullish(),
  issue_url: z.string().nullish(),
  reactions: z.looseObject({ '+1': Count, '-1': Count, confused: Count }).nullish(),
});

/** `…/issues/123` → 123 (plain string code: the URL is the API's, but parsed without patterns all the same). */
function numberOf(issueUrl: string | null | undefined): number | undefined {
  if (!issueUrl) return undefined;
  const last = issueUrl.slice(issueUrl.lastIndexOf('/') + 1);
  if (!/^[1-9][0-9]{0,9}$/.test(last)) return undefined;
  return Number(last);
}

/** The fields of a comment answer; throws (a zod error) when the answer is no comment. */
export function freshCommentOf(data: unknown): FreshComment {
  const c = ApiComment.parse(data);
  const user = c.user?.login ?? '';
  const number = numberOf(c.issue_url);
  const rollup = c.reactions;
  return {
    id: c.id,
    body: c.body ?? '',
    user,
    isBot: c.user?.type === 'Bot' || user.endsWith('[bot]'),
    ...(number !== undefined ? { number } : {}),
    ...(rollup ? { verdicts: (rollup['+1'] ?? 0) + (rollup['-1'] ?? 0) + (rollup.confused ?? 0) } : {}),
  };
}
