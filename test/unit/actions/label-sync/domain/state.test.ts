import { describe, expect, it } from 'vitest';
import { declared } from '../../../../../src/github/client/declared';
import { reads } from '../../../../../src/actions/label-sync/reads';
import type { Client } from '../../../../../src/github/client/types';
import { listIssuesWithLabel, listLabels } from '../../../../../src/actions/label-sync/domain/state';

/** A client whose `paginate` answers the given items (every page of the list, as the client joins them). */
function client(items: unknown) {
  const calls: { route: string; params: Record<string, unknown> }[] = [];
  const paginate = async (route: string, params: Record<string, unknown> = {}) => {
    calls.push({ route, params });
    return items;
  };
  return { c: { paginate } as unknown as Client, calls };
}

describe('state reads', () => {
  it('lists labels through client.paginate on the Octokit route and keeps a null description', async () => {
    const { c, calls } = client([
      { name: 'bug', color: 'd73a4a', description: null, id: 1 },
      { name: 'x', color: 'fff' },
    ]);
    expect(await listLabels(c, 'o/r')).toEqual({
      labels: [
        { name: 'bug', color: 'd73a4a', description: null },
        { name: 'x', color: 'fff', description: null },
      ],
      repository: 'o/r',
    });
    expect(calls).toEqual([
      { route: 'GET /repos/{owner}/{repo}/labels', params: { owner: 'o', repo: 'r', request: declared(reads.labels) } },
    ]);
  });

  it("takes the repository's current name from the labels' url (renamed or transferred), keeping the given case otherwise", async () => {
    const url = (repo: string) => `https://ghe.example/api/v3/repos/${repo}/labels/bug`;
    expect(
      (await listLabels(client([{ name: 'bug', color: 'fff', url: url('acme/new-name') }]).c, 'octo/old')).repository,
    ).toBe('acme/new-name');
    expect(
      (await listLabels(client([{ name: 'bug', color: 'fff', url: url('octo/app') }]).c, 'Octo/App')).repository,
    ).toBe('Octo/App');
    expect((await listLabels(client([]).c, 'octo/old')).repository).toBe('octo/old');
    // a name in an answer that is not an owner/name is not taken
    expect(
      (await listLabels(client([{ name: 'bug', color: 'fff', url: url('..%2F../x') }]).c, 'octo/old')).repository,
    ).toBe('octo/old');
  });

  it('lists the issues carrying a label with the labels filter, open and closed', async () => {
    const { c, calls } = client([
      { number: 3, labels: [{ name: 'Defect' }] },
      { number: 8, labels: [{ name: 'defect' }, { name: 'bug' }] },
    ]);
    expect(await listIssuesWithLabel(c, 'o/r', 'defect')).toEqual([3, 8]);
    expect(calls[0]).toEqual({
      route: 'GET /repos/{owner}/{repo}/issues',
      params: { owner: 'o', repo: 'r', labels: 'defect', state: 'all', request: declared(reads.issues) },
    });
  });

  it('looks through every issue for a label whose name has a comma (the filter would split it)', async () => {
    const { c, calls } = client([
      { number: 1, labels: [{ name: 'A, B' }] },
      { number: 2, labels: [{ name: 'A' }, { name: 'B' }] },
      { number: 3, labels: ['a, b'] },
    ]);
    expect(await listIssuesWithLabel(c, 'o/r', 'a, b')).toEqual([1, 3]);
    expect(calls[0]!.params).toEqual({ owner: 'o', repo: 'r', state: 'all', request: declared(reads.issues) });
  });

  it.each([
    ['text (a page that is not JSON)', '<html>proxy</html>'],
    ['an object', { message: 'Moved' }],
    ['items that are not labels', [{ name: 'bug' }]],
    ['no answer at all', undefined],
  ])('refuses a label list that is %s, never reading it as "no labels"', async (_, items) => {
    await expect(listLabels(client(items).c, 'o/r')).rejects.toThrow(
      'GET /repos/{owner}/{repo}/labels answered a page that is not a list of the items it returns',
    );
  });

  it('refuses an issue list that is not a list of issues', async () => {
    await expect(listIssuesWithLabel(client('').c, 'o/r', 'defect')).rejects.toThrow(/not a list/);
    await expect(listIssuesWithLabel(client([{ title: 'no number' }]).c, 'o/r', 'defect')).rejects.toThrow(
      /not a list/,
    );
  });

  it('refuses a repository name that would walk the path before any request', async () => {
    const { c, calls } = client([]);
    await expect(listLabels(c, 'o/..')).rejects.toThrow(/not a repository name/);
    expect(calls).toEqual([]);
  });
});
