import { describe, expect, it } from 'vitest';
import type { RequestFn } from '../../../../../src/github/client/stages/exchange';
import { send } from '../../../../../src/github/client/stages/send';
import { IntegrityError } from '../../../../../src/github/client/transport-errors';
import { exchange, testEndpoint } from './fixture';

const settings = { defaultFetch: globalThis.fetch, requestTimeoutMs: 1000 };

function requestFn(impl: (options: any) => Promise<any>): RequestFn {
  return Object.assign(impl, { endpoint: testEndpoint });
}

describe('send stage', () => {
  it('an answer below 400 is the response, with lower-cased headers', async () => {
    const r = requestFn(async () => ({ status: 200, url: 'u', headers: { ETag: '"e"' }, data: [] }));
    const a = await send(r, exchange('GET /user'), settings);
    expect(a).toMatchObject({ status: 200, headers: { etag: '"e"' }, response: { data: [] } });
  });

  it('an HTTP error keeps its status, headers and body', async () => {
    const r = requestFn(async () => {
      throw Object.assign(new Error('Not Found'), {
        status: 404,
        response: { status: 404, headers: { 'X-RateLimit-Remaining': '5' }, data: { message: 'Not Found' } },
      });
    });
    const a = await send(r, exchange('GET /user'), settings);
    expect(a).toMatchObject({ status: 404, headers: { 'x-ratelimit-remaining': '5' }, data: { message: 'Not Found' } });
  });

  it("Octokit's wrapper around a failed fetch is unwrapped to the cause", async () => {
    const cause = new IntegrityError('cut', 'u');
    const r = requestFn(async () => {
      throw Object.assign(new Error('cut'), { name: 'HttpError', status: 500, cause });
    });
    const a = await send(r, exchange('GET /user'), settings);
    expect(a.status).toBeUndefined();
    expect(a.failure).toBe(cause);
  });

  it('gives each attempt the integrity-checked fetch and a time-out; the caller aborting is not a failure', async () => {
    let seen: any;
    const r = requestFn(async (options) => {
      seen = options.request;
      return { status: 200, url: '', headers: {}, data: {} };
    });
    await send(r, exchange('GET /user'), settings);
    expect(typeof seen.fetch).toBe('function');
    expect(seen.fetch).not.toBe(globalThis.fetch);
    expect(seen.signal).toBeInstanceOf(AbortSignal);

    const controller = new AbortController();
    controller.abort();
    const aborting = requestFn(async () => Promise.reject(new Error('aborted by caller')));
    await expect(send(aborting, exchange('GET /user', {}, { signal: controller.signal }), settings)).rejects.toThrow(
      'aborted by caller',
    );
  });
});
