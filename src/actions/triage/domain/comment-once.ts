// Posting a comment at most once. A comment is the one triage write that is not idempotent: when the
// connection drops (or a 5xx arrives) after the server made the comment, a blind retry makes a second one.
// So the POST goes out without the client's automatic retries, carrying a hidden one-off token; after an
// ambiguous failure the item's comments are read, and the token found there means the comment was made.
// Rate-limit answers (nothing was written) are waited out as the client would.
import { declared } from '../../../github/client/declared';
import { reads } from '../reads';
import { writes } from '../writes';
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../../github/client/errors';
import type { Client, Logger } from '../../../github/client/types';
import { postToken } from './markers';

export interface CommentTarget {
  owner: string;
  repo: string;
  issue_number: number;
}

export interface PostOptions {
  log?: Logger;
  /** The one-off token (tests); random by default. */
  token?: string;
}

/** True when a failure leaves it unknown whether the server made the comment. */
export function isAmbiguous(err: ApiError): boolean {
  return err.status === 0 || err.status >= 500;
}

async function alreadyPosted(client: Client, target: CommentTarget, token: string): Promise<boolean> {
  const comments = await client.paginate<{ body?: string | null }>(
    'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
    {
      request: { ...declared(reads.comments), noCache: true },
      ...target,
    },
  );
  return comments.some((c) => (c.body ?? '').includes(token));
}

/**
 * Posts `body` (plus a hidden one-off token) on the item, never twice. The client's retry matrix
 * (`client.retry`) decides whether and when to try again; before a retry after an ambiguous failure the
 * item's comments are read, and a comment carrying the token ends the loop.
 */
export async function postCommentOnce(
  client: Client,
  target: CommentTarget,
  body: string,
  options: PostOptions = {},
): Promise<void> {
  const token = postToken(options.token ?? randomBytes(8).toString('hex'));
  const text = `${body}\n${token}`;
  await client.retry.run(
    async () => {
      await client.octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        ...target,
        body: text,
        request: { retries: 0, ...declared(writes.comment) },
      });
    },
    {
      beforeRetry: async (err) => {
        if (!(err instanceof ApiError) || !isAmbiguous(err)) {
          options.log?.info(`POST comment on #${target.issue_number}: refused before it was made; retrying`);
          return undefined;
        }
        let found: boolean;
        try {
          found = await alreadyPosted(client, target, token);
        } catch {
          throw err; // cannot tell: report the write's own failure
        }
        if (!found) {
          options.log?.info(
            `POST comment on #${target.issue_number}: ${err.status || 'network error'}; not made, retrying`,
          );
          return undefined;
        }
        options.log?.info(
          `POST comment on #${target.issue_number}: ${err.status || 'network error'}, but the comment was made; not posting it again`,
        );
        return { result: undefined };
      },
    },
  );
}
