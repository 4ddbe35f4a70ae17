import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../src/github/client/errors';
import { failureOf } from '../../../../../src/github/client/stages/errors';
import { IntegrityError, NetworkError, ShapeError } from '../../../../../src/github/client/transport-errors';
import { attempt, exchange } from './fixture';

describe('errors stage', () => {
  it("an HTTP failure is an ApiError with GitHub's message, errors and a hint", () => {
    const ex = exchange('POST /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' });
    const err = failureOf(
      ex,
      attempt(422, {
        data: { message: 'Validation Failed', errors: [{ resource: 'Label', code: 'already_exists', field: 'name' }] },
      }),
    ) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(422);
    expect(err.hasCode('already_exists')).toBe(true);
    expect(
      failureOf(ex, attempt(403, { data: { message: 'Resource not accessible by integration' } })).message,
    ).toMatch(/permissions: issues: write/);
  });

  it('a lost answer is a NetworkError (status 0) naming the host, the cause and why retries stopped', () => {
    const ex = exchange('GET /user');
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const err = failureOf(
      ex,
      attempt(undefined, { failure: new TypeError('fetch failed', { cause: reset }) }),
      'gave up after 4 retries',
    ) as NetworkError;
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.status).toBe(0);
    expect(err.permanent).toBe(false);
    expect(err.message).toContain('api.example.test');
    expect(err.message).toContain('ECONNRESET: socket hang up');
    expect(err.message).toContain('gave up after 4 retries');
    expect(
      failureOf(ex, attempt(undefined, { failure: new IntegrityError('the answer (200) is not valid JSON', 'u') }))
        .message,
    ).toMatch(/not valid JSON/);
  });

  it('a permanent cause says that retrying cannot help', () => {
    const refused = new AggregateError([
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    ]);
    const err = failureOf(
      exchange('GET /user'),
      attempt(undefined, { failure: new TypeError('fetch failed', { cause: refused }) }),
    ) as NetworkError;
    expect(err.permanent).toBe(true);
    expect(err.message).toMatch(
      /GET to api\.example\.test failed: connect ECONNREFUSED 127\.0\.0\.1:9\. Retrying cannot help/,
    );
  });

  it('a wrong shape is its own clear error', () => {
    const shape = new ShapeError('GET /user', 200, 'login: expected string', 'u');
    expect(failureOf(exchange('GET /user'), attempt(undefined, { failure: shape }))).toBe(shape);
  });
});
