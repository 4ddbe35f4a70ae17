// paginate/pages/find are typed by route: a route of GitHub's REST API gives its OpenAPI item type, any other path
// what the caller names (unknown by default, never any).
import type { Endpoints } from '@octokit/types';
import { describe, expectTypeOf, it } from 'vitest';
import type { Client, ListItem, ListRoute } from '../../../../src/github/client';

type Label = Endpoints['GET /repos/{owner}/{repo}/labels']['response']['data'][number];

describe('typed lists', () => {
  it('a list route gives its item type', () => {
    expectTypeOf<ListItem<'GET /repos/{owner}/{repo}/labels'>>().toEqualTypeOf<Label>();
    expectTypeOf<'GET /repos/{owner}/{repo}/labels'>().toExtend<ListRoute>();
    // An answer that is an object, not an array, is not a list route.
    expectTypeOf<'GET /repos/{owner}/{repo}'>().not.toExtend<ListRoute>();
  });

  it("the client's methods carry the item type through", () => {
    const _typed = (c: Client) => c.paginate('GET /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' });
    expectTypeOf<Awaited<ReturnType<typeof _typed>>>().toEqualTypeOf<Label[]>();
    const _untyped = (c: Client) => c.paginate('/repos/o/r/labels');
    expectTypeOf<Awaited<ReturnType<typeof _untyped>>>().toEqualTypeOf<unknown[]>();
    const _found = (c: Client) =>
      c.find('GET /repos/{owner}/{repo}/pulls', { owner: 'o', repo: 'r' }, (pr) => pr.number === 1);
    expectTypeOf<Awaited<ReturnType<typeof _found>>>().toEqualTypeOf<
      Endpoints['GET /repos/{owner}/{repo}/pulls']['response']['data'][number] | undefined
    >();
  });
});
