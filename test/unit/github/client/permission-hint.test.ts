// The 403 hint: GitHub's x-accepted-github-permissions when present, else the path, with /issues/{n}/… naming
// both the issue and the pull-request permission.
import { describe, expect, it } from 'vitest';
import { acceptedPermissions, ApiError, neededPermission } from '../../../../src/github/client/errors';

const API = 'https://api.github.com/repos/o/r';

describe('acceptedPermissions', () => {
  it.each([
    { what: 'one set', header: 'pull_requests=write', want: [['pull-requests: write']] },
    {
      what: 'alternatives',
      header: 'issues=write; pull_requests=write',
      want: [['issues: write'], ['pull-requests: write']],
    },
    {
      what: 'a set of two',
      header: 'contents=write, workflows=write; administration=admin',
      want: [['contents: write', 'workflows: write'], ['administration: admin']],
    },
    { what: 'absent', header: undefined, want: undefined },
    { what: 'empty', header: '', want: undefined },
    { what: 'unreadable', header: 'issues; <script>', want: undefined },
  ])('$what', ({ header, want }) => {
    expect(acceptedPermissions(header)).toEqual(want);
  });
});

describe('neededPermission', () => {
  it.each([
    {
      what: 'the header names the pull-request permission for a PR label',
      method: 'POST',
      url: `${API}/issues/7/labels`,
      header: 'pull_requests=write',
      want: '`permissions: pull-requests: write`',
    },
    {
      what: 'the header names alternatives',
      method: 'POST',
      url: `${API}/labels`,
      header: 'issues=write; pull_requests=write',
      want: '`permissions: issues: write` or `permissions: pull-requests: write`',
    },
    {
      what: 'no header on /issues/{n}/labels: both, by item type',
      method: 'POST',
      url: `${API}/issues/7/labels`,
      header: undefined,
      want: '`permissions: issues: write` (an issue) or `permissions: pull-requests: write` (a pull request)',
    },
    {
      what: 'no header on /issues/comments/{id}',
      method: 'PATCH',
      url: `${API}/issues/comments/9`,
      header: undefined,
      want: '`permissions: issues: write` (an issue) or `permissions: pull-requests: write` (a pull request)',
    },
    {
      what: 'no header on a repository label',
      method: 'POST',
      url: `${API}/labels`,
      header: undefined,
      want: '`permissions: issues: write`',
    },
    {
      what: 'no header on pulls',
      method: 'PATCH',
      url: `${API}/pulls/3`,
      header: undefined,
      want: '`permissions: pull-requests: write`',
    },
    {
      what: 'no header on contents',
      method: 'PUT',
      url: `${API}/contents/a.txt`,
      header: undefined,
      want: '`permissions: contents: write`',
    },
  ])('$what', ({ method, url, header, want }) => {
    expect(neededPermission(method, url, header)).toBe(want);
  });

  it("is the 403's hint", () => {
    const err = new ApiError({
      status: 403,
      method: 'POST',
      url: `${API}/issues/7/comments`,
      message: 'Resource not accessible by integration',
      headers: { 'x-accepted-github-permissions': 'pull_requests=write' },
    });
    expect(err.hint).toBe(
      'The token lacks a permission: give the workflow `permissions: pull-requests: write` (or use a token that has it).',
    );
  });
});
