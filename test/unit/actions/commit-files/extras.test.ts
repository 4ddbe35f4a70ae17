import { describe, expect, it } from 'vitest';
import type { BudgetState } from '../../../../src/github/client/types';
import { planCost } from '../../../../src/kernel/plan';
import { planCleanup, planExtras } from '../../../../src/actions/commit-files/operations';
import { extrasCost, extrasNamed } from '../../../../src/actions/commit-files/domain/pull-request';
import {
  isWorkflowPath,
  isWorkflowToken,
  workflowTokenProblem,
} from '../../../../src/actions/commit-files/domain/workflows';

const budget = (limit: number, known = true): BudgetState => ({
  known,
  limit,
  remaining: limit,
  used: 0,
  reset: 0,
  resource: 'core',
});

describe('the workflow token and workflow files', () => {
  it.each([
    { what: 'workflow token', token: 'ghs_x', limit: 1000, known: true, expected: true },
    { what: 'App installation token', token: 'ghs_x', limit: 5000, known: true, expected: false },
    { what: 'limit not known yet', token: 'ghs_x', limit: 1000, known: false, expected: false },
    { what: 'fine-grained PAT', token: 'github_pat_x', limit: 1000, known: true, expected: false },
    { what: 'classic PAT', token: 'ghp_x', limit: 5000, known: true, expected: false },
  ])('$what → $expected', ({ token, limit, known, expected }) =>
    expect(isWorkflowToken(token, undefined, budget(limit, known))).toBe(expected),
  );

  it.each([
    {
      what: 'the workflow token on Enterprise Cloud (15 000 an hour)',
      token: 'ghs_w',
      limit: 15000,
      known: true,
      expected: true,
    },
    {
      what: 'the workflow token on GitHub Enterprise Server (no limit reported)',
      token: 'ghs_w',
      limit: 0,
      known: false,
      expected: true,
    },
    { what: 'an App token with the workflow limit', token: 'ghs_app', limit: 1000, known: true, expected: false },
  ])('with the workflow-token input: $what → $expected', ({ token, limit, known, expected }) =>
    expect(isWorkflowToken(token, 'ghs_w', budget(limit, known))).toBe(expected),
  );

  it.each([
    ['.github/workflows/ci.yml', true],
    ['.github/workflows/nested/x.yaml', true],
    ['.github/dependabot.yml', false],
    ['docs/.github/workflows/x.yml', false],
  ])('%s is a workflow path: %s', (path, expected) => expect(isWorkflowPath(path)).toBe(expected));

  it('names at most five files and the fixes', () => {
    const paths = Array.from({ length: 7 }, (_, i) => `.github/workflows/w${i}.yml`);
    const problem = workflowTokenProblem('ghs_x', undefined, budget(1000), paths)!;
    expect(problem).toContain('w4.yml, …');
    expect(problem).not.toContain('w5.yml');
    expect(problem).toMatch(/exclude-workflows: true.*Nothing was written/);
    expect(workflowTokenProblem('ghs_x', undefined, budget(1000), [])).toBeUndefined();
  });
});

describe('the steps after the commit are priced', () => {
  const none = { labels: [], assignees: [], reviewers: [], teamReviewers: [] };
  it.each([
    { what: 'nothing', ctx: { branch: 'b' }, cost: { requests: 0, writes: 0 } },
    {
      what: 'lightweight tag',
      ctx: { branch: 'b', tag: { name: 'v1', annotated: false } },
      cost: { requests: 1, writes: 1 },
    },
    {
      what: 'annotated tag',
      ctx: { branch: 'b', tag: { name: 'v1', annotated: true } },
      cost: { requests: 2, writes: 2 },
    },
    {
      what: 'pull request, base known',
      ctx: {
        branch: 'b',
        pullRequestBase: 'main',
        pullRequest: { title: 't', extras: extrasCost(none), readsDefaultBranch: false },
      },
      cost: { requests: 2, writes: 1 },
    },
    {
      what: 'pull request with labels and reviewers, base read',
      ctx: {
        branch: 'b',
        pullRequest: {
          title: 't',
          extras: extrasCost({ ...none, labels: ['x'], reviewers: ['r'] }),
          readsDefaultBranch: true,
        },
      },
      cost: { requests: 6, writes: 3 },
    },
  ])('$what', ({ ctx, cost }) => expect(planCost(planExtras(ctx))).toEqual(cost));

  it('the clean-up: close the pull request (find + patch) and delete the branch', () => {
    expect(planCost(planCleanup('b', 'main', true))).toEqual({ requests: 3, writes: 2 });
    expect(planCost(planCleanup('b', 'main', false))).toEqual({ requests: 1, writes: 1 });
  });
});

describe('the pull request row names only the extras given', () => {
  it.each([
    { given: { labels: ['bot'], assignees: [], reviewers: [], teamReviewers: [] }, text: ', with labels' },
    {
      given: { labels: [], assignees: ['a'], reviewers: [], teamReviewers: ['t'], milestone: 2 },
      text: ', with assignees/milestone/reviewers',
    },
    { given: { labels: [], assignees: [], reviewers: [], teamReviewers: [] }, text: '' },
  ])('$text', ({ given, text }) => {
    const [row] = planExtras({
      branch: 'bot',
      pullRequestBase: 'main',
      pullRequest: { title: 'T', extras: extrasCost(given), with: extrasNamed(given), readsDefaultBranch: false },
    });
    expect(row!.detail).toBe(`open or update "T"${text}`);
  });
});
