// How a failed run is treated (src/hosts/service/failure-kind.ts): GitHub's limits and outages wait (with the end GitHub
// gave, scaled like the client's waits), a 4xx of the request itself is refused at once, anything else is the
// delivery's own failure; the errors of several operations combine into one verdict.
import { describe, expect, it } from 'vitest';
import { ApiError, BudgetError } from '../../../../src/github/client/errors';
import { WaitTooLongError } from '../../../../src/github/client/pacer';
import { NetworkError } from '../../../../src/github/client/transport-errors';
import { combinedKind, failureKind } from '../../../../src/hosts/service/failure-kind';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const api = (status: number, headers: Record<string, string> = {}, message?: string) =>
  new ApiError({ status, method: 'POST', url: 'https://api.github.com/repos/o/r/issues/1/labels', headers, message });

describe('failureKind', () => {
  it('waits for the reset of an exhausted primary limit (403 or 429, remaining 0)', () => {
    const reset = String(NOW / 1000 + 535);
    for (const status of [403, 429])
      expect(failureKind(api(status, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }), NOW)).toEqual({
        kind: 'wait',
        cause: 'rate_limit',
        untilMs: NOW + 536_000,
      });
  });

  it("scales GitHub's waits like the client (the emulator's time scale)", () => {
    const err = api(429, { 'retry-after': '60' }, 'You have exceeded a secondary rate limit');
    expect(failureKind(err, NOW, 0.01)).toEqual({ kind: 'wait', cause: 'secondary_limit', untilMs: NOW + 600 });
  });

  it('waits on a secondary limit with or without retry-after, and on a 422 "submitted too quickly"', () => {
    expect(failureKind(api(403, {}, 'You have exceeded a secondary rate limit.'), NOW)).toEqual({
      kind: 'wait',
      cause: 'secondary_limit',
      untilMs: undefined,
    });
    expect(failureKind(api(403, { 'retry-after': '30' }, 'Forbidden'), NOW)).toMatchObject({
      cause: 'secondary_limit',
      untilMs: NOW + 30_000,
    });
    expect(failureKind(api(422, {}, 'was submitted too quickly'), NOW)).toMatchObject({ cause: 'secondary_limit' });
  });

  it('waits through 5xx answers and network failures, with no end known', () => {
    for (const status of [500, 502, 503, 504])
      expect(failureKind(api(status), NOW)).toEqual({ kind: 'wait', cause: 'outage', untilMs: undefined });
    const network = new NetworkError('GET', 'https://api.github.com/x', 'ECONNRESET', false);
    expect(failureKind(network, NOW)).toEqual({ kind: 'wait', cause: 'network' });
  });

  it("waits for the client's own refusals to wait long (budget, pacer windows)", () => {
    const budget = new BudgetError(10, 2, 0, new Date(NOW + 120_000));
    expect(failureKind(budget, NOW)).toEqual({ kind: 'wait', cause: 'rate_limit', untilMs: NOW + 121_000 });
    expect(failureKind(new WaitTooLongError(90_000, 60_000, 'primary rate limit exhausted'), NOW)).toMatchObject({
      cause: 'rate_limit',
      untilMs: NOW + 90_000,
    });
    expect(failureKind(new WaitTooLongError(5_000, 1_000, 'secondary rate limit window full'), NOW)).toMatchObject({
      cause: 'secondary_limit',
      untilMs: NOW + 5_000,
    });
  });

  it('refuses a 4xx of the request itself, and retries a conflict or an unknown error', () => {
    for (const status of [400, 403, 404, 410, 422]) expect(failureKind(api(status), NOW)).toEqual({ kind: 'refused' });
    expect(failureKind(api(409), NOW)).toEqual({ kind: 'own' });
    expect(failureKind(new TypeError('x is undefined'), NOW)).toEqual({ kind: 'own' });
  });

  it('finds the cause inside wrapping errors (cause, AggregateError)', () => {
    const wrapped = new Error('add labels: failed', { cause: api(502) });
    expect(failureKind(new AggregateError([new Error('plain'), wrapped]), NOW)).toMatchObject({ cause: 'outage' });
  });
});

describe('combinedKind', () => {
  it('waits when any failure waits (the latest known end), refuses only when all refuse', () => {
    expect(
      combinedKind([
        { kind: 'refused' },
        { kind: 'wait', cause: 'outage' },
        { kind: 'wait', cause: 'rate_limit', untilMs: NOW + 5 },
        { kind: 'wait', cause: 'secondary_limit', untilMs: NOW + 9 },
      ]),
    ).toEqual({ kind: 'wait', cause: 'secondary_limit', untilMs: NOW + 9 });
    expect(combinedKind([{ kind: 'refused' }, { kind: 'refused' }])).toEqual({ kind: 'refused' });
    expect(combinedKind([{ kind: 'refused' }, { kind: 'own' }])).toEqual({ kind: 'own' });
    expect(combinedKind([])).toEqual({ kind: 'own' });
  });
});
