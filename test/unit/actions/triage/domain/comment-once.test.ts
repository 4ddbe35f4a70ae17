import { describe, expect, it } from 'vitest';
import { declared } from '../../../../../src/github/client/declared';
import { writes } from '../../../../../src/actions/triage/writes';
import { ApiError } from '../../../../../src/github/client/errors';
import { createRetry } from '../../../../../src/github/client/retry-runner';
import type { Client } from '../../../../../src/github/client/types';
import { postCommentOnce } from '../../../../../src/actions/triage/domain/comment-once';

const target = { owner: 'o', repo: 'r', issue_number: 7 };
const TOKEN = '<!-- repo-actions:triage post=abc -->';

/** A fake client whose POSTs answer from `answers` in turn (a status to fail with, 'made+reset' to store then fail). */
function fake(answers: (number | 'ok' | 'made+reset' | 'made+502')[], headers: Record<string, string> = {}) {
  const stored: string[] = [];
  const log: string[] = [];
  let call = 0;
  const error = (status: number, message = 'x') =>
    new ApiError({
      status,
      method: 'POST',
      url: 'https://api.github.com/repos/o/r/issues/7/comments',
      message,
      headers,
    });
  const client = {
    options: { timeScale: 0.001, retries: 4, maxWaitMs: 120_000 },
    // The client's real retry matrix, with waits that take no time.
    retry: createRetry(
      {
        maxRetries: 4,
        maxRateLimitRetries: 3,
        baseDelayMs: 1000,
        maxDelayMs: 30_000,
        secondaryFallbackMs: 60_000,
        timeScale: 1,
        now: () => Date.now(),
        random: Math.random,
      },
      120_000,
      async () => {},
    ),
    octokit: {
      request: async (route: string, params: { body: string; request: unknown }) => {
        log.push(route);
        expect(params.request).toEqual({ retries: 0, ...declared(writes.comment) });
        const answer = answers[call++] ?? 'ok';
        if (answer === 'ok') return (stored.push(params.body), { status: 201, data: {} });
        if (answer === 'made+reset') throw (stored.push(params.body), error(0, 'socket hang up'));
        if (answer === 'made+502') throw (stored.push(params.body), error(502));
        throw error(answer, answer === 403 ? 'Resource not accessible by integration' : 'x');
      },
    },
    paginate: async (route: string) => {
      log.push(route);
      return stored.map((body) => ({ body }));
    },
  } as unknown as Client;
  return { client, stored, log };
}

describe('postCommentOnce', () => {
  it('does not post again when the answer was lost after the comment was made (reset or 5xx)', async () => {
    for (const lost of ['made+reset', 'made+502'] as const) {
      const f = fake([lost]);
      await postCommentOnce(f.client, target, 'hi', { token: 'abc' });
      expect(f.stored).toEqual([`hi\n${TOKEN}`]);
      expect(f.log).toEqual([
        'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
        'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
      ]);
    }
  });

  it('posts again when a 5xx came before anything was made', async () => {
    const f = fake([503, 'ok']);
    await postCommentOnce(f.client, target, 'hi', { token: 'abc' });
    expect(f.stored).toEqual([`hi\n${TOKEN}`]);
    expect(f.log.filter((r) => r.startsWith('POST'))).toHaveLength(2);
  });

  it('waits out a 429 / secondary 403 with retry-after without reading the comments', async () => {
    for (const status of [429, 403]) {
      const f = fake([status, 'ok'], { 'retry-after': '1' });
      await postCommentOnce(f.client, target, 'hi', { token: 'abc' });
      expect(f.stored).toHaveLength(1);
      expect(f.log.some((r) => r.startsWith('GET'))).toBe(false);
    }
  });

  it('fails at once on a permanent 403 or a 422', async () => {
    for (const status of [403, 422]) {
      const f = fake([status]);
      await expect(postCommentOnce(f.client, target, 'hi', { token: 'abc' })).rejects.toThrow(String(status));
      expect(f.log).toHaveLength(1);
    }
  });

  it('gives up after the retries when nothing gets through', async () => {
    const f = fake([500, 500, 500, 500, 500, 500]);
    await expect(postCommentOnce(f.client, target, 'hi', { token: 'abc' })).rejects.toThrow(/500/);
    expect(f.log.filter((r) => r.startsWith('POST'))).toHaveLength(5);
    expect(f.stored).toEqual([]);
  });
});
