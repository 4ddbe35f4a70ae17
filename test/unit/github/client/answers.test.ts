// The one classification of GitHub's answers (src/github/client/answers.ts), table-driven: each row is an answer GitHub
// gives (with where it was seen) and the class every caller must agree on.
import { describe, expect, it } from 'vitest';
import { ApiError, classifyAnswer, classifyError, type Answer, type AnswerKind } from '../../../../src/github/client';
import { decideRetry, type RetrySettings } from '../../../../src/github/client/retry';

const reset = String(Math.floor(Date.now() / 1000) + 600);
const rows: [string, Answer, AnswerKind][] = [
  ['no answer (reset, refused)', {}, 'transient'],
  ['502 Bad Gateway', { status: 502, message: 'Server Error' }, 'transient'],
  ['200 with no errors', { status: 200 }, 'ok'],
  // "Rate limits for the REST API": primary limits answer 403 or 429 with x-ratelimit-remaining 0.
  [
    '403 primary limit',
    {
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
      message: 'API rate limit exceeded',
    },
    'primary',
  ],
  [
    '429 primary limit',
    { status: 429, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset } },
    'primary',
  ],
  // The same page: secondary limits answer 403 or 429, with or without retry-after.
  [
    '403 secondary limit without retry-after',
    { status: 403, headers: { 'x-ratelimit-remaining': '4000' }, message: 'You have exceeded a secondary rate limit.' },
    'secondary',
  ],
  [
    '403 secondary limit with retry-after',
    { status: 403, headers: { 'retry-after': '30' }, message: 'x' },
    'secondary',
  ],
  [
    '403 abuse detection (older wording)',
    { status: 403, message: 'You have triggered an abuse detection mechanism.' },
    'secondary',
  ],
  ['429 without headers', { status: 429, message: 'Too Many Requests' }, 'secondary'],
  // cli/cli#4801, derberg/manage-files#5: the content-creation limit as a 422, REST and GraphQL.
  [
    '422 was submitted too quickly (REST)',
    {
      status: 422,
      message: 'Validation Failed',
      errors: [{ code: 'unprocessable', message: 'was submitted too quickly' }],
    },
    'secondary',
  ],
  [
    'GraphQL 200: was submitted too quickly',
    { status: 200, errors: [{ type: 'UNPROCESSABLE', message: 'was submitted too quickly' }] },
    'secondary',
  ],
  // "Rate limits and query limits for the GraphQL API"; octokit/plugin-throttling.js#848 for the RATE_LIMIT spelling.
  [
    'GraphQL 200: RATE_LIMITED',
    { status: 200, errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded' }] },
    'graphql-budget',
  ],
  [
    'GraphQL 200: RATE_LIMIT',
    { status: 200, errors: [{ type: 'RATE_LIMIT', message: 'API rate limit exceeded' }] },
    'graphql-budget',
  ],
  // octokit/plugin-retry.js#395: a typeless "something went wrong" in a 200 is retried as a 5xx.
  [
    'GraphQL 200: something went wrong',
    {
      status: 200,
      errors: [
        {
          message:
            'Something went wrong while executing your query. Please include `0401:6C25` when reporting this issue.',
        },
      ],
    },
    'transient',
  ],
  // apache/devlake#3521, github1s#105: the timeout of a heavy document, as a 502 or inside a 200.
  [
    '502: may be the result of a timeout',
    {
      status: 502,
      message:
        'Something went wrong while executing your query. This may be the result of a timeout, or it could be a GitHub bug.',
    },
    'graphql-timeout',
  ],
  [
    'GraphQL 200: RESOURCE_LIMITS_EXCEEDED',
    {
      status: 200,
      errors: [{ type: 'RESOURCE_LIMITS_EXCEEDED', message: 'Resource limits for this query exceeded.' }],
    },
    'graphql-timeout',
  ],
  [
    "GraphQL: couldn't respond in time",
    { status: 200, errors: [{ message: "We couldn't respond to your request in time. Sorry about that." }] },
    'graphql-timeout',
  ],
  // octokit.rb#622, dotnet/buildtools#1140, gitbutler#4904, rest-api-description#4887: read-after-write lag.
  [
    '422 No commits between',
    { status: 422, message: 'Validation Failed', errors: [{ message: 'No commits between main and topic' }] },
    'lag',
  ],
  [
    '422 head invalid',
    { status: 422, message: 'Validation Failed', errors: [{ field: 'head', code: 'invalid' }] },
    'lag',
  ],
  ['422 Reference update failed', { status: 422, message: 'Reference update failed' }, 'lag'],
  ['422 Reference already exists', { status: 422, message: 'Reference already exists' }, 'final'],
  ['403 permission', { status: 403, message: 'Resource not accessible by integration' }, 'permission'],
  [
    'GraphQL 200: NOT_FOUND',
    { status: 200, errors: [{ type: 'NOT_FOUND', message: 'Could not resolve to a node' }] },
    'final',
  ],
  ['404', { status: 404, message: 'Not Found' }, 'final'],
];

const settings: RetrySettings = {
  maxRetries: 4,
  maxRateLimitRetries: 3,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  secondaryFallbackMs: 60_000,
  timeScale: 1,
  now: () => Date.now(),
  random: () => 0,
};

describe('classifyAnswer', () => {
  it.each(rows)('%s → %s', (_what, answer, kind) => {
    expect(classifyAnswer(answer).kind).toBe(kind);
  });

  it.each(rows)('the retry matrix follows the class: %s', (_what, answer, kind) => {
    const decision = decideRetry({ headers: {}, ...answer }, 0, 0, settings);
    const retried = kind === 'transient' || kind === 'primary' || kind === 'secondary';
    expect(decision.retry).toBe(retried);
    if (decision.retry) expect(decision.rateLimited).toBe(kind !== 'transient');
  });

  it('a secondary limit without retry-after waits at least a minute; with it, as long as it says', () => {
    const without = decideRetry({ status: 422, headers: {}, message: 'was submitted too quickly' }, 0, 0, settings);
    expect(without).toMatchObject({ retry: true, rateLimited: true });
    expect(without.retry && without.waitMs).toBeGreaterThanOrEqual(60_000);
    const withIt = decideRetry(
      { status: 422, headers: { 'retry-after': '7' }, message: 'was submitted too quickly' },
      0,
      0,
      settings,
    );
    expect(withIt).toMatchObject({ retry: true, waitMs: 7000 });
  });

  it('classifyError reads an ApiError the same way, a network failure as transient', () => {
    const lag = new ApiError({
      status: 422,
      method: 'POST',
      url: 'https://x/repos/o/r/pulls',
      message: 'Validation Failed',
      errors: [{ field: 'head', code: 'invalid' }],
    });
    expect(classifyError(lag)?.kind).toBe('lag');
    expect(classifyError(new ApiError({ status: 0, method: 'GET', url: 'https://x/' }))?.kind).toBe('transient');
    expect(classifyError(new Error('x'))).toBeUndefined();
    const quick = new ApiError({
      status: 422,
      method: 'POST',
      url: 'https://x/repos/o/r/issues/1/comments',
      message: 'was submitted too quickly',
    });
    expect(quick.hint).toMatch(/content-creation limit/);
  });
});
