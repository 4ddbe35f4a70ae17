import { describe, expect, it } from 'vitest';
import { declared } from '../../../../src/github/client/declared';
import { writes } from '../../../../src/actions/triage/writes';
import { ApiError } from '../../../../src/github/client/errors';
import type { Client } from '../../../../src/github/client/types';
import { applyOperations, createExecutor } from '../../../../src/actions/triage/apply';
import { operation, type TriagePayload } from '../../../../src/actions/triage/operations';

const issue = { number: 7, isPullRequest: false };
const op = (payload: TriagePayload, number = 7) => operation({ ...issue, number }, payload);

function fakeClient(fail?: (route: string) => number | undefined) {
  const calls: { route: string; params: Record<string, unknown> }[] = [];
  const request = async (route: string, params: Record<string, unknown>) => {
    calls.push({ route, params });
    const status = fail?.(route);
    if (status)
      throw new ApiError({
        status,
        method: route.split(' ')[0],
        url: `https://api.github.com${route.split(' ')[1]}`,
        message: 'Label does not exist',
      });
    return { status: 200, data: {} };
  };
  // A failed write is not retried here (the retry rules of comments are tested in comment-once.test.ts).
  const retry = { run: <T>(attempt: (n: number) => Promise<T>) => attempt(0) };
  return { client: { octokit: { request }, retry } as unknown as Client, calls };
}

describe('createExecutor', () => {
  it.each<[TriagePayload, string, Record<string, unknown>]>([
    [
      { type: 'add-label', label: 'bug' },
      'POST /repos/{owner}/{repo}/issues/{issue_number}/labels',
      { labels: ['bug'] },
    ],
    [
      { type: 'remove-label', label: 'ci: failing' },
      'DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
      { name: 'ci: failing' },
    ],
    [
      { type: 'assign', assignees: ['a', 'b'] },
      'POST /repos/{owner}/{repo}/issues/{issue_number}/assignees',
      { assignees: ['a', 'b'] },
    ],
    [
      { type: 'unassign', assignees: ['a'] },
      'DELETE /repos/{owner}/{repo}/issues/{issue_number}/assignees',
      { assignees: ['a'] },
    ],
    [
      { type: 'close', reason: 'not_planned' },
      'PATCH /repos/{owner}/{repo}/issues/{issue_number}',
      { state: 'closed', state_reason: 'not_planned' },
    ],
    [{ type: 'reopen' }, 'PATCH /repos/{owner}/{repo}/issues/{issue_number}', { state: 'open' }],
  ])('%j → one request', async (payload, route, params) => {
    const { client, calls } = fakeClient();
    await createExecutor(client, { owner: 'o', repo: 'r' })(op(payload));
    // Each write carries the rule triage declares for it (src/actions/triage/writes.ts): these are repeated after a lost answer.
    expect(calls).toEqual([
      {
        route,
        params: {
          owner: 'o',
          repo: 'r',
          issue_number: 7,
          ...params,
          // …with the declaration of the route it calls: the answer's shape travels with it.
          request: { afterLostAnswer: 'repeat', answer: { route, shape: expect.anything() } },
        },
      },
    ]);
  });

  it('posts a comment once, without blind retries, with a hidden one-off token', async () => {
    const { client, calls } = fakeClient();
    await createExecutor(client, { owner: 'o', repo: 'r' })(op({ type: 'comment', body: 'hi' }));
    expect(calls).toEqual([
      {
        route: 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
        params: {
          owner: 'o',
          repo: 'r',
          issue_number: 7,
          body: expect.stringMatching(/^hi\n<!-- repo-actions:triage post=[0-9a-f]{16} -->$/),
          request: { retries: 0, ...declared(writes.comment) },
        },
      },
    ]);
  });

  it('reacts on the comment', async () => {
    const { client, calls } = fakeClient();
    await createExecutor(client, { owner: 'o', repo: 'r' })(op({ type: 'react', commentId: 99, content: '-1' }));
    expect(calls).toEqual([
      {
        route: 'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions',
        params: { owner: 'o', repo: 'r', comment_id: 99, content: '-1', request: declared(writes.react) },
      },
    ]);
  });

  it('treats removing a label that is already gone (404) as success, other errors as failures', async () => {
    const gone = fakeClient(() => 404);
    await expect(
      createExecutor(gone.client, { owner: 'o', repo: 'r' })(op({ type: 'remove-label', label: 'x' })),
    ).resolves.toBeUndefined();
    const forbidden = fakeClient(() => 403);
    await expect(
      createExecutor(forbidden.client, { owner: 'o', repo: 'r' })(op({ type: 'remove-label', label: 'x' })),
    ).rejects.toThrow(/403/);
    await expect(
      createExecutor(gone.client, { owner: 'o', repo: 'r' })(op({ type: 'add-label', label: 'x' })),
    ).rejects.toThrow(/404/);
  });
});

describe('applyOperations', () => {
  it("keeps each item's order, runs items side by side, and stops an item at its first failure", async () => {
    const events: string[] = [];
    const ops = [
      op({ type: 'comment', body: 'a' }, 1),
      op({ type: 'close', reason: 'completed' }, 1),
      op({ type: 'comment', body: 'b' }, 2),
      op({ type: 'close', reason: 'completed' }, 2),
      op({ type: 'add-label', label: 'x' }, 3),
    ];
    const report = await applyOperations(ops, async (o) => {
      events.push(`start ${o.kind} #${o.number}`);
      await new Promise((r) => setTimeout(r, o.kind === 'comment' ? 20 : 1));
      if (o.number === 2 && o.kind === 'comment') throw new Error('boom');
      events.push(`end ${o.kind} #${o.number}`);
    });
    // The close of #2 was never attempted: skipped (the one pool's rule), with the reason.
    expect(report.results.map((r) => r.status)).toEqual(['done', 'done', 'failed', 'skipped', 'done']);
    expect(report).toMatchObject({ done: 3, failed: 1, skipped: 1 });
    expect(report.results[2].error?.message).toBe('boom');
    expect(report.results[3].error?.message).toMatch(/not attempted: an earlier operation in group #2 failed/);
    expect(events).not.toContain('start close #2');
    expect(events.indexOf('end comment #1')).toBeLessThan(events.indexOf('start close #1'));
    // #3 did not wait for #1 and #2
    expect(events.indexOf('end add-label #3')).toBeLessThan(events.indexOf('end comment #1'));
  });
});
