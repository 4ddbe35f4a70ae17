// 422 "was submitted too quickly" (cli/cli#4801, derberg/manage-files#5) is GitHub's content-creation limit: the
// client waits and sends the write again, as for any secondary limit (src/github/client/answers.ts), instead of failing.
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, createClient } from '../../../../src/github/client';

const API = 'https://api.example.test';
const waits: number[] = [];
const clock = {
  now: () => Date.now(),
  scale: 1,
  sleep: async (ms: number) => {
    waits.push(ms);
  },
};
const client = () =>
  createClient({ token: 'ghs_secretsecretsecret', action: 'test', baseUrl: API, cacheDir: null, clock });
const tooQuickly = {
  message: 'Validation Failed',
  errors: [{ resource: 'IssueComment', code: 'custom', message: 'was submitted too quickly' }],
};

afterEach(() => {
  nock.cleanAll();
  waits.length = 0;
});

describe('422 "was submitted too quickly"', () => {
  it('with retry-after: waits that long, then the comment is created', async () => {
    nock(API)
      .post('/repos/o/r/issues/1/comments')
      .reply(422, tooQuickly, { 'retry-after': '3' })
      .post('/repos/o/r/issues/1/comments')
      .reply(201, { id: 9 });
    const c = client();
    const { data } = await c.octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: 'o',
      repo: 'r',
      issue_number: 1,
      body: 'hi',
    });
    expect(data).toMatchObject({ id: 9 });
    expect(waits).toContain(3000);
    expect(c.telemetry.snapshot()).toMatchObject({ requests: 2, retries: 1 });
  });

  it('without retry-after: waits at least a minute (the secondary-limit rule); a wait past the bound fails with the reason', async () => {
    nock(API).post('/repos/o/r/pulls').reply(422, tooQuickly).post('/repos/o/r/pulls').reply(201, { number: 2 });
    const c = client();
    await c.octokit.request('POST /repos/{owner}/{repo}/pulls', {
      owner: 'o',
      repo: 'r',
      head: 'h',
      base: 'b',
      title: 't',
    });
    expect(Math.max(...waits)).toBeGreaterThanOrEqual(60_000);
    nock(API).post('/repos/o/r/pulls').reply(422, tooQuickly);
    const short = createClient({
      token: 'ghs_secretsecretsecret',
      action: 'test',
      baseUrl: API,
      cacheDir: null,
      clock,
      maxWaitMs: 10_000,
    });
    const err = await short.octokit
      .request('POST /repos/{owner}/{repo}/pulls', { owner: 'o', repo: 'r', head: 'h', base: 'b', title: 't' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).hint).toMatch(/content-creation limit/);
  });
});
