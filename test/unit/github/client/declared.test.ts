// A request's declaration travels with it through the real client: the shape is checked on every page of a list
// (Octokit's paginator sends each page with only its method, URL and headers; the client carries the call's
// `request` options to each), `noCache` holds for every page, and `requestDeclared` sends the declared route with
// the declaration's rule.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createClient } from '../../../../src/github/client';
import { declared, defineReads, requestDeclared } from '../../../../src/github/client/declared';
import { defineWrites } from '../../../../src/github/client/write-rules';

const API = 'https://api.example.test';
const rl = { 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '900', 'x-ratelimit-resource': 'core' };
const client = (cacheDir: string | null = null) =>
  createClient({ token: 'ghs_x', action: 'test', baseUrl: API, cacheDir, timeScale: 0.001, retries: 2 });

const reads = defineReads({
  labels: {
    route: 'GET /repos/{owner}/{repo}/labels',
    shape: z.array(z.looseObject({ name: z.string(), color: z.string() })),
  },
});
const writes = defineWrites({
  comment: {
    route: 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
    shape: z.looseObject({ id: z.number() }),
    afterLostAnswer: 'caller',
    why: 'a test write that is sent once',
  },
});

/** Two pages of labels; the second is named by repository id, as GitHub's `Link` headers do. */
function twoPages(second: unknown, etag?: string) {
  const page2 = `${API}/repositories/7/labels?per_page=100&page=2`;
  nock(API)
    .get('/repos/o/r/labels')
    .query({ per_page: '100' })
    .reply(200, [{ name: 'a', color: 'fff' }], { ...rl, link: `<${page2}>; rel="next"`, ...(etag ? { etag } : {}) });
  nock(API)
    .get('/repositories/7/labels')
    .query({ per_page: '100', page: '2' })
    .reply(200, second as nock.Body, { ...rl, ...(etag ? { etag: `${etag}2` } : {}) });
}

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

describe('declarations through the client', () => {
  it('checks the second page of a list by the declared shape, though its URL names another path', async () => {
    twoPages({ message: 'a proxy page' });
    const err = await client()
      .paginate('GET /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r', request: declared(reads.labels) })
      .catch((e: unknown) => e);
    expect((err as Error).name).toBe('ShapeError');
    expect((err as Error).message).toMatch(/^GET \/repos\/\{owner\}\/\{repo\}\/labels answered 200 .*wrong shape/);
  });

  it('hands over every page that fits, and leaves a call without a declaration unchecked', async () => {
    twoPages([{ name: 'b', color: '000', more: 1 }]);
    const c = client();
    const all = await c.paginate('GET /repos/{owner}/{repo}/labels', {
      owner: 'o',
      repo: 'r',
      request: declared(reads.labels),
    });
    expect(all.map((l) => (l as { name: string }).name)).toEqual(['a', 'b']);
    twoPages([{ nom: 'c' }]);
    expect(await c.paginate('GET /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' })).toHaveLength(2);
  });

  it('sends every page fresh when the call says noCache, though both pages are cached', async () => {
    const c = client(mkdtempSync(join(tmpdir(), 'declared-')));
    twoPages([{ name: 'b', color: '000' }], '"e"');
    await c.paginate('GET /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r', request: declared(reads.labels) });
    // Only requests without `if-none-match` match: a conditional page would find no answer.
    const page2 = `${API}/repositories/7/labels?per_page=100&page=2`;
    const fresh1 = nock(API, { badheaders: ['if-none-match'] })
      .get('/repos/o/r/labels')
      .query({ per_page: '100' })
      .reply(200, [{ name: 'x', color: 'fff' }], { ...rl, link: `<${page2}>; rel="next"` });
    const fresh2 = nock(API, { badheaders: ['if-none-match'] })
      .get('/repositories/7/labels')
      .query({ per_page: '100', page: '2' })
      .reply(200, [{ name: 'y', color: 'fff' }], rl);
    const fresh = await c.paginate('GET /repos/{owner}/{repo}/labels', {
      owner: 'o',
      repo: 'r',
      request: { ...declared(reads.labels), noCache: true },
    });
    expect(fresh).toHaveLength(2);
    fresh1.done();
    fresh2.done();
  });

  it('requestDeclared sends the declared route with its params and rule: a lost answer is not repeated', async () => {
    const scope = nock(API).post('/repos/o/r/issues/5/comments', { body: 'hi' }).reply(502, 'bad gateway');
    const err = await requestDeclared(client().octokit, writes.comment, {
      owner: 'o',
      repo: 'r',
      issue_number: 5,
      body: 'hi',
    }).catch((e: unknown) => e);
    expect((err as { status?: number }).status).toBe(502);
    scope.done();
    nock(API).post('/repos/o/r/issues/5/comments').reply(201, { id: 9 }, rl);
    const body = await requestDeclared(client().octokit, writes.comment, { owner: 'o', repo: 'r', issue_number: 5 });
    expect(body).toEqual({ id: 9 });
    nock(API).post('/repos/o/r/issues/5/comments').reply(201, { id: 'nine' }, rl);
    await expect(
      requestDeclared(client().octokit, writes.comment, { owner: 'o', repo: 'r', issue_number: 5 }),
    ).rejects.toThrow(/POST \/repos\/\{owner\}\/\{repo\}\/issues\/\{issue_number\}\/comments answered 201/);
  });
});
