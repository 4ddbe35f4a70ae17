// Posting a comment at most once. A comment is the one triage write that is not idempotent: when the
// connection drops (or a 5xx arrives) after the server made the comment, a blind retry makes a second one.
// So the POST goes out without the client's automatic retries, carrying a hidden one-off token; after an
// ambiguous failure the item's comments are read, and the token found there means the comment was made.
// Rate-limit answers (nothing was written) are waited out as the client would.
import { randomBytes } from 'node:crypto';
import { ApiError } from '../client/errors';
import { realClock, type Clock } from '../client/clock';
import { decideRetry, type RetrySettings } from '../client/retry';
import type { Client, Logger } from '../client/types';
import { postToken } from './markers';

export interface CommentTarget {
  owner: string;
  repo: string;
  issue_number: number;
}

export interface PostOptions {
  log?: Logger;
  /** Waits in API time (the runner's clock; real time by default). */
  clock?: Clock;
  /** The one-off token (tests); random by default. */
  token?: string;
}

/** The client's retry matrix in API time: the clock scales the waits. */
function settingsOf(client: Client, clock: Clock): RetrySettings {
  return {
    maxRetries: client.options.retries,
    maxRateLimitRetries: 3,
    baseDelayMs: 1000,
    maxDelayMs: 30_000,
    secondaryFallbackMs: 60_000,
    timeScale: 1,
    now: () => clock.now(),
    random: Math.random,
  };
}

/** True when a failure leaves it unknown whether the server made the comment. */
export function isAmbiguous(err: ApiError): boolean {
  return err.status === 0 || err.status >= 500;
}

async function alreadyPosted(client: Client, target: CommentTarget, token: string): Promise<boolean> {
  const comments = await client.paginate<{ body?: string | null }>(
    'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
    {
      ...target,
      request: { noCache: true },
    },
  );
  return comments.some((c) => (c.body ?? '').includes(token));
}

/** Posts `body` (plus a hidden one-off token) on the item, never twice, retrying what is safe to retry. */
export async function postCommentOnce(
  client: Client,
  target: CommentTarget,
  body: string,
  options: PostOptions = {},
): Promise<void> {
  const token = postToken(options.token ?? randomBytes(8).toString('hex'));
  const text = `${body}\n${token}`;
  const clock = options.clock ?? realClock();
  let serverAttempts = 0;
  let rateAttempts = 0;
  for (;;) {
    try {
      await client.octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        ...target,
        body: text,
        request: { retries: 0 },
      });
      return;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (isAmbiguous(err)) {
        let found = false;
        try {
          found = await alreadyPosted(client, target, token);
        } catch {
          throw err; // cannot tell: report the write's own failure
        }
        if (found) {
          options.log?.info(
            `POST comment on #${target.issue_number}: ${err.status || 'network error'}, but the comment was made; not posting it again`,
          );
          return;
        }
      }
      const decision = decideRetry(
        { status: err.status || undefined, headers: err.headers, message: err.apiMessage },
        serverAttempts,
        rateAttempts,
        settingsOf(client, clock),
      );
      if (!decision.retry || decision.waitMs > client.options.maxWaitMs) throw err;
      if (decision.rateLimited) rateAttempts++;
      else serverAttempts++;
      options.log?.info(
        `POST comment on #${target.issue_number}: ${decision.reason}; the comment was not made, retrying in ${(decision.waitMs / 1000).toFixed(1)} s`,
      );
      await clock.sleep(decision.waitMs);
    }
  }
}
