import { describe, expect, it } from 'vitest';
import type { Client } from '../../../src/client/types';
import { listIssuesWithLabel, listLabels } from '../../../src/label-sync/state';

/** A client whose list endpoint answers the given pages (one page of `items` by default), linked by `rel="next"`. */
function client(items: unknown, ...more: unknown[]) {
  const calls: { route: string; params: Record<string, unknown> }[] = [];
  const pages = [items, ...more];
  const request = async (route: string, params: Record<string, unknown> = {}) => {
    calls.push({ route, params });
    const index = calls.length - 1;
    const link = index + 1 < pages.length ? `<https://api.github.test/x?page=${index + 2}>; rel="next"` : undefined;
    return { status: 200, headers: link ? { link } : {}, data: pages[index] };
  };
  Object.assign(request, { endpoint: { DEFAULTS: { baseUrl: 'https://api.github.test' } } });
  return { c: { octokit: { request } } as unknown as Client, calls };
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
    expect(calls).toEqual([{ route: 'GET /repos/o/r/labels', params: { per_page: 100 } }]);
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
    expect(calls[0]).toEqual({
      route: 'GET /repos/o/r/issues',
      params: { per_page: 100, labels: 'defect', state: 'all' },
    });
  });

  it('looks through every issue for a label whose name has a comma (the filter would split it)', async () => {
    const { c, calls } = client([
      { number: 1, labels: [{ name: 'A, B' }] },
      { number: 2, labels: [{ name: 'A' }, { name: 'B' }] },
      { number: 3, labels: ['a, b'] },
    ]);
    expect(await listIssuesWithLabel(c, 'o/r', 'a, b')).toEqual([1, 3]);
    expect(calls[0].params).toEqual({ per_page: 100, state: 'all' });
  });

  it.each([
    ['an empty body', ''],
    ['a cut body handed over as text', '[{"name":"bug","col'],
    ['an object', { message: 'Moved' }],
    ['items that are not labels', [{ name: 'bug' }]],
  ])('refuses a label page that is %s, never reading it as "no labels"', async (_, page) => {
    await expect(listLabels(client([{ name: 'a', color: 'fff' }], page).c, 'o/r')).rejects.toThrow(
      /GET \/repos\/o\/r\/labels answered a page that is not a list/,
    );
  });

  it('follows rel="next" on the API origin only', async () => {
    const { c, calls } = client([{ name: 'a', color: 'fff' }], [{ name: 'b', color: 'fff' }]);
    expect((await listLabels(c, 'o/r')).labels.map((l) => l.name)).toEqual(['a', 'b']);
    expect(calls[1]!.route).toBe('GET https://api.github.test/x?page=2');
    const away = client([{ name: 'a', color: 'fff' }], []);
    const request = away.c.octokit.request as unknown as { endpoint: { DEFAULTS: { baseUrl: string } } };
    request.endpoint.DEFAULTS.baseUrl = 'https://ghe.example/api/v3';
    await expect(listLabels(away.c, 'o/r')).rejects.toThrow(/next page is on another origin/);
  });

  it('refuses an issue page that is not a list of issues', async () => {
    await expect(listIssuesWithLabel(client('').c, 'o/r', 'defect')).rejects.toThrow(/not a list/);
  });
});
