import { describe, expect, it } from 'vitest';
import { retryStage } from '../../../../../src/github/client/stages/retry';
import { IntegrityError, ShapeError } from '../../../../../src/github/client/transport-errors';
import { DEFAULT_AFTER_LOST_ANSWER } from '../../../../../src/github/client/write-rules';
import { attempt, exchange } from './fixture';

const settings = {
  maxWaitMs: 120_000,
  retry: {
    maxRetries: 2,
    maxRateLimitRetries: 3,
    baseDelayMs: 1000,
    maxDelayMs: 30_000,
    secondaryFallbackMs: 60_000,
    timeScale: 1,
    now: () => 0,
    random: () => 0.5,
  },
};
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });

describe('retry stage', () => {
  it('retries a 5xx, a reset and a cut body with back-off, until the allowance is spent', () => {
    const ex = exchange('GET /user');
    for (const a of [
      attempt(502),
      attempt(undefined, { failure: new Error('reset') }),
      attempt(undefined, { failure: new IntegrityError('cut', 'u') }),
    ]) {
      const out = retryStage(ex, a, settings);
      expect('verdict' in out && out.verdict).toMatchObject({ kind: 'retry', rateLimited: false });
    }
    ex.counts.server = 2;
    expect(retryStage(ex, attempt(502), settings)).toEqual({ gaveUp: 'server error 502; gave up after 2 retries' });
  });

  it('does not retry a permanent network failure or a wrong shape', () => {
    const ex = exchange('GET /user');
    expect(
      retryStage(ex, attempt(undefined, { failure: new TypeError('fetch failed', { cause: refused }) }), settings),
    ).toEqual({});
    expect(
      retryStage(ex, attempt(undefined, { failure: new ShapeError('GET /user', 200, 'login', 'u') }), settings),
    ).toEqual({});
  });

  it('waits retry-after on 429 and a secondary 403, and the reset on an exhausted 403; a plain 403 is final', () => {
    const ex = exchange('GET /user');
    const wait = (a: ReturnType<typeof attempt>) => {
      const out = retryStage(ex, a, settings);
      return 'verdict' in out ? out.verdict.waitMs : undefined;
    };
    expect(wait(attempt(429, { headers: { 'retry-after': '7' } }))).toBe(7000);
    expect(wait(attempt(403, { data: { message: 'You have exceeded a secondary rate limit' } }))).toBe(75_000);
    expect(wait(attempt(403, { headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '10' } }))).toBe(11_000);
    expect(wait(attempt(403, { data: { message: 'Resource not accessible by integration' } }))).toBeUndefined();
  });

  it('a wait past the bound is not made: the reason says how long it would have been', () => {
    const out = retryStage(exchange('GET /user'), attempt(429, { headers: { 'retry-after': '3600' } }), settings);
    expect(out).toEqual({ gaveUp: expect.stringMatching(/would have to wait 3600 s, more than the 120 s allowed/) });
  });

  it('a write the caller must check first is not repeated after a lost answer, but is after a rate limit', () => {
    const create = () =>
      exchange('POST /repos/{owner}/{repo}/releases', { owner: 'o', repo: 'r' }, { afterLostAnswer: 'caller' });
    expect(retryStage(create(), attempt(502), settings)).toEqual({ gaveUp: expect.stringMatching(/does not repeat/) });
    expect(retryStage(create(), attempt(undefined, { failure: new Error('reset') }), settings)).toHaveProperty(
      'gaveUp',
    );
    expect(retryStage(create(), attempt(429, { headers: { 'retry-after': '1' } }), settings)).toHaveProperty('verdict');
    const label = exchange(
      'POST /repos/{owner}/{repo}/labels',
      { owner: 'o', repo: 'r' },
      { afterLostAnswer: 'repeat' },
    );
    expect(retryStage(label, attempt(502), settings)).toHaveProperty('verdict');
  });

  it('the rule travels with the request, whatever the route; a write without one is not repeated after a lost answer', () => {
    // The same route, two rules: the client looks up no table of routes.
    const comment = (policy: object) =>
      exchange(
        'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
        { owner: 'o', repo: 'r', issue_number: 1 },
        policy,
      );
    expect(retryStage(comment({ afterLostAnswer: 'repeat' }), attempt(502), settings)).toHaveProperty('verdict');
    expect(retryStage(comment({ afterLostAnswer: 'caller' }), attempt(502), settings)).toEqual({
      gaveUp: expect.stringMatching(/does not repeat/),
    });
    // Undeclared: the safe default (DEFAULT_AFTER_LOST_ANSWER), for a lost answer only.
    const undeclared = exchange('PUT /repos/{owner}/{repo}/something', { owner: 'o', repo: 'r' });
    expect(DEFAULT_AFTER_LOST_ANSWER).toBe('caller');
    expect(retryStage(undeclared, attempt(502), settings)).toEqual({
      gaveUp: expect.stringMatching(/does not repeat/),
    });
    expect(retryStage(undeclared, attempt(429, { headers: { 'retry-after': '1' } }), settings)).toHaveProperty(
      'verdict',
    );
    // A read needs no rule.
    expect(
      retryStage(exchange('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r' }), attempt(502), settings),
    ).toHaveProperty('verdict');
  });

  it('a call with retries: 0 (a streamed body) gets no retry of any kind', () => {
    const ex = exchange('GET /user', {}, { retries: 0 });
    expect(retryStage(ex, attempt(502), settings)).not.toHaveProperty('verdict');
    expect(retryStage(ex, attempt(429, { headers: { 'retry-after': '1' } }), settings)).not.toHaveProperty('verdict');
  });
});
