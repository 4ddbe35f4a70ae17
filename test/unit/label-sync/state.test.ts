import { describe, expect, it } from 'vitest';
import type { Client } from '../../../src/client/types';
import { listIssuesWithLabel, listLabels } from '../../../src/label-sync/state';

function client(items: unknown[]) {
  const calls: { route: string; params: Record<string, unknown> }[] = [];
  const c = {
    paginate: async (route: string, params: Record<string, unknown>) => (calls.push({ route, params }), items),
  } as unknown as Client;
  return { c, calls };
}

describe('state reads', () => {
  it('lists labels with one paginated request and keeps a null description', async () => {
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
    expect(calls).toEqual([{ route: 'GET /repos/o/r/labels', params: {} }]);
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
  });

  it('lists the issues carrying a label with the labels filter, open and closed', async () => {
    const { c, calls } = client([
      { number: 3, labels: [{ name: 'Defect' }] },
      { number: 8, labels: [{ name: 'defect' }, { name: 'bug' }] },
    ]);
    expect(await listIssuesWithLabel(c, 'o/r', 'defect')).toEqual([3, 8]);
    expect(calls[0]).toEqual({ route: 'GET /repos/o/r/issues', params: { labels: 'defect', state: 'all' } });
  });

  it('looks through every issue for a label whose name has a comma (the filter would split it)', async () => {
    const { c, calls } = client([
      { number: 1, labels: [{ name: 'A, B' }] },
      { number: 2, labels: [{ name: 'A' }, { name: 'B' }] },
      { number: 3, labels: ['a, b'] },
    ]);
    expect(await listIssuesWithLabel(c, 'o/r', 'a, b')).toEqual([1, 3]);
    expect(calls[0].params).toEqual({ state: 'all' });
  });
});
