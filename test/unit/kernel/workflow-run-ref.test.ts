import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/github/client/errors';
import type { Client } from '../../../src/github/client/types';
import type { EventContext } from '../../../src/kernel/context';
import { resolveWorkflowRunRef } from '../../../src/kernel/workflow-run-ref';

const HEAD = 'a'.repeat(40);

/** An octokit whose only refs are the given ones; records the refs asked for. */
function fakeClient(refs: Record<string, string>) {
  const asked: string[] = [];
  const client = {
    octokit: {
      request: async (_route: string, params: { ref: string }) => {
        asked.push(params.ref);
        const sha = refs[params.ref];
        if (sha === undefined)
          throw new ApiError({
            status: 404,
            method: 'GET',
            url: `https://api.github.com/repos/o/r/git/ref/${params.ref}`,
            message: 'Not Found',
          });
        return { data: { ref: `refs/${params.ref}`, object: { sha, type: 'commit' } } };
      },
    },
  } as unknown as Pick<Client, 'octokit'>;
  return { client, asked };
}

function context(event = 'push', headBranch: string | null = 'v1.0.0', headRepo = 'o/r'): EventContext {
  return {
    eventName: 'workflow_run',
    owner: 'o',
    repo: 'r',
    repository: 'o/r',
    ref: headBranch ? `refs/heads/${headBranch}` : '',
    sha: HEAD,
    ...(headBranch ? { branch: headBranch } : {}),
    runRef: 'refs/heads/main',
    runSha: 'f'.repeat(40),
    inputs: {},
    actor: 'a',
    payload: {},
    workflowRun: {
      id: 1,
      name: 'CI',
      conclusion: 'success',
      event,
      headBranch,
      headSha: HEAD,
      headRepo,
      pullRequests: [],
    },
  };
}

describe('resolveWorkflowRunRef', () => {
  it.each([
    [
      'a tag push: no such branch, the tag exists',
      context(),
      { 'tags/v1.0.0': HEAD },
      { tag: 'v1.0.0', branch: undefined, ref: 'refs/tags/v1.0.0' },
      ['heads/v1.0.0', 'tags/v1.0.0'],
    ],
    [
      'a branch at the head commit (one request)',
      context('push', 'main'),
      { 'heads/main': HEAD },
      { tag: undefined, branch: 'main', ref: 'refs/heads/main' },
      ['heads/main'],
    ],
    [
      'a branch that moved on, no tag',
      context('push', 'dev'),
      { 'heads/dev': 'b'.repeat(40) },
      { tag: undefined, branch: 'dev', ref: 'refs/heads/dev' },
      ['heads/dev', 'tags/dev'],
    ],
    [
      'a deleted branch',
      context('push', 'gone'),
      {},
      { tag: undefined, branch: 'gone', ref: 'refs/heads/gone' },
      ['heads/gone', 'tags/gone'],
    ],
    [
      'a dispatch on a tag',
      context('workflow_dispatch', 'v2'),
      { 'tags/v2': HEAD, 'heads/main': HEAD },
      { tag: 'v2', branch: undefined, ref: 'refs/tags/v2' },
      ['heads/v2', 'tags/v2'],
    ],
    [
      'a pull request run (no request)',
      context('pull_request', 'fix'),
      {},
      { tag: undefined, branch: 'fix', ref: 'refs/heads/fix' },
      [],
    ],
    [
      'a fork head (no request)',
      context('push', 'x', 'fork/r'),
      {},
      { tag: undefined, branch: 'x', ref: 'refs/heads/x' },
      [],
    ],
    ['no head_branch (no request)', context('push', null), {}, { tag: undefined, branch: undefined, ref: '' }, []],
  ])('%s', async (_what, ctx, refs, expected, requests) => {
    const { client, asked } = fakeClient(refs);
    const resolved = await resolveWorkflowRunRef(ctx, client);
    expect({ tag: resolved.tag, branch: resolved.branch, ref: resolved.ref }).toEqual(expected);
    expect(resolved.sha).toBe(HEAD);
    expect(asked).toEqual(requests);
  });

  it('other API errors propagate', async () => {
    const client = {
      octokit: {
        request: async () =>
          Promise.reject(
            new ApiError({
              status: 403,
              method: 'GET',
              url: 'https://api.github.com/repos/o/r/git/ref/heads/v1',
              message: 'Forbidden',
            }),
          ),
      },
    } as unknown as Pick<Client, 'octokit'>;
    await expect(resolveWorkflowRunRef(context(), client)).rejects.toThrow(/403/);
  });
});
