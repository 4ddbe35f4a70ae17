// Link-to-route matching (the contract test's tool, harness/route-match.ts): a next page or redirect is matched to its
// route however its URL is written. The client needs no matching: each page carries its call's declaration.
import { describe, expect, it } from 'vitest';
import { apiRoutePath, routeMatcher } from '../../../../harness/route-match';

const match = routeMatcher([
  'GET /repos/{owner}/{repo}/issues',
  'GET /repos/{owner}/{repo}/labels',
  'GET /repos/{owner}/{repo}/releases/latest',
  'GET /repos/{owner}/{repo}/releases/{release_id}',
  'POST /graphql',
  'POST /repos/{owner}/{repo}/releases/{release_id}/assets',
]);

describe('apiRoutePath', () => {
  it.each([
    { what: 'github.com path', path: '/repos/o/r/issues', want: '/repos/o/r/issues' },
    {
      what: 'a Link naming the repository by id',
      path: '/repositories/1296269/issues',
      want: '/repos/{owner}/{repo}/issues',
    },
    { what: 'the repository by id itself', path: '/repositories/42', want: '/repos/{owner}/{repo}' },
    { what: 'GHES API prefix', path: '/api/v3/repos/o/r/labels', want: '/repos/o/r/labels' },
    { what: 'GHES prefix and id', path: '/api/v3/repositories/7/labels', want: '/repos/{owner}/{repo}/labels' },
    { what: 'GHES GraphQL', path: '/api/graphql', want: '/graphql' },
    { what: 'GHES uploads', path: '/api/uploads/repos/o/r/releases/1/assets', want: '/repos/o/r/releases/1/assets' },
    { what: 'not a repository id', path: '/repositories/abc/issues', want: '/repositories/abc/issues' },
  ])('$what', ({ path, want }) => {
    expect(apiRoutePath(path)).toBe(want);
  });
});

describe('routeMatcher', () => {
  it.each([
    {
      what: 'a named route',
      route: '/repos/{owner}/{repo}/issues',
      path: '/repos/o/r/issues',
      want: 'GET /repos/{owner}/{repo}/issues',
    },
    {
      what: 'page 2 by id (github.com)',
      route: '',
      path: '/repositories/1296269/issues',
      want: 'GET /repos/{owner}/{repo}/issues',
    },
    {
      what: 'page 2 by id (GHES)',
      route: '',
      path: '/api/v3/repositories/12/labels',
      want: 'GET /repos/{owner}/{repo}/labels',
    },
    {
      what: 'a literal path on GHES',
      route: '/repos/o/r/labels',
      path: '/api/v3/repos/o/r/labels',
      want: 'GET /repos/{owner}/{repo}/labels',
    },
    {
      what: 'most literal first',
      route: '',
      path: '/repositories/1/releases/latest',
      want: 'GET /repos/{owner}/{repo}/releases/latest',
    },
    { what: 'an unknown path', route: '', path: '/repositories/1/pulls', want: undefined },
  ])('$what', ({ route, path, want }) => {
    expect(match('GET', route, path)).toBe(want);
  });

  it('matches GraphQL at GHES /api/graphql and uploads under /api/uploads', () => {
    expect(match('POST', '', '/api/graphql')).toBe('POST /graphql');
    expect(match('POST', '', '/api/uploads/repos/o/r/releases/9/assets')).toBe(
      'POST /repos/{owner}/{repo}/releases/{release_id}/assets',
    );
  });
});
