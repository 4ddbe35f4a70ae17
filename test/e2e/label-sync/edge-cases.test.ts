// label-sync's configuration and input edge cases through the committed bundle: aliases that differ from their label
// only in case, excluded aliases, bad or repeated repositories, an invisible config repository, and a reserve larger
// than the budget.
import { describe, expect, it } from 'vitest';
import { type LogEntry } from '../../../emulator';
import { runBundle } from '../../../harness/run-bundle';
import { labelFile, scenarioOf, USER_TOKEN, WORKFLOW_TOKEN } from '../../../emulator/scenarios/label-sync';
import { messagePattern, NO_PRIMARY_LIMIT, NO_PRIMARY_LIMIT_SAID } from '../emulator-mode';
import { bugAndDefect, CONFIG, graphqlOf, labelSyncHarness, writesOf } from './harness';

const h = labelSyncHarness();
const { start, run, labels, issueLabels } = h;
const written = (r: { requests: LogEntry[] }) =>
  writesOf(r)
    .map((e) => `${e.method} ${decodeURIComponent(e.path)}`)
    .sort();

describe('label-sync edge cases', () => {
  it('an alias equal to its label in another case is a case change, never a merge into itself', async () => {
    await start([
      bugAndDefect([
        { title: 'A', labels: ['bug'] },
        { title: 'B', labels: ['defect'] },
      ]),
    ]);
    const file = [{ name: 'Bug', color: 'd73a4a', aliases: ['bug', 'Defect'] }];
    const r = await run(file, { prune: true });
    expect(r.code, r.stdout).toBe(0);
    expect(written(r)).toEqual([
      'DELETE /repos/octo/app/labels/defect',
      'PATCH /repos/octo/app/labels/bug',
      'POST /repos/octo/app/issues/2/labels',
    ]);
    expect(labels()).toEqual({ Bug: 'd73a4a|' });
    expect(issueLabels(1)).toEqual(['Bug']);
    expect(issueLabels(2)).toEqual(['Bug']);
    const again = await run(file, { prune: true });
    expect(writesOf(again)).toEqual([]);
    // a shared file naming a label among its own aliases (a peer deletes the label then)
    const shared = await run([{ name: 'Bug', color: 'd73a4a', aliases: ['Bug', 'bug', 'fix'] }], { prune: true });
    expect(shared.code, shared.stdout).toBe(0);
    expect(writesOf(shared)).toEqual([]);
    expect(labels()).toEqual({ Bug: 'd73a4a|' });
  });

  it('an excluded alias is neither renamed, merged nor pruned, and the label is not created beside it (as crazy-max)', async () => {
    await start([
      {
        owner: 'octo',
        name: 'app',
        labels: [{ name: 'legacy-bug', color: 'ff0000' }],
        issues: [{ title: 'A', labels: ['legacy-bug'] }],
      },
    ]);
    const file = [{ name: 'bug', color: 'd73a4a', aliases: ['legacy-bug'] }];
    const r = await run(file, { prune: true, exclude: 'LEGACY-*' });
    expect(r.code, r.stdout).toBe(0);
    expect(written(r)).toEqual([]);
    expect(labels()).toEqual({ 'legacy-bug': 'ff0000|' });
    expect(issueLabels(1)).toEqual(['legacy-bug']);
    const plan = JSON.parse(r.outputs.plan) as { label: string; status: string }[];
    expect(plan.find((e) => e.label === 'legacy-bug')).toMatchObject({ status: 'excluded' });
    const again = await run(file, { prune: true, exclude: 'LEGACY-*' });
    expect(writesOf(again)).toEqual([]);
  });

  it('repositories: blanks and duplicates (any case) dropped, commas accepted; each read once', async () => {
    await start([
      { owner: 'octo', name: 'app', labels: [] },
      { owner: 'octo', name: 'web', labels: [] },
    ]);
    const r = await run(
      [{ name: 'bug', color: 'd73a4a' }],
      { repositories: 'octo/app\n\n   OCTO/App  \nocto/web, octo/app\n' },
      USER_TOKEN,
    );
    expect(r.code, r.stdout).toBe(0);
    // one GraphQL list per repository; each written list read once again over REST after the writes
    expect(graphqlOf(r)).toHaveLength(2);
    const lastWrite = r.requests.findLastIndex((e) => e.contentCreating);
    const lists = r.requests.filter((e) => e.method === 'GET' && e.path.endsWith('/labels'));
    expect(lists).toHaveLength(2);
    expect(lists.every((e) => r.requests.indexOf(e) > lastWrite)).toBe(true);
    expect(r.stdout).toMatch(/Read with 2 GraphQL queries \(2 points\), 0 REST requests; then up to 2 REST requests/);
    expect(r.outputs.created).toBe('2');
  });

  it('repositories: an invalid entry fails before any request, naming the input and the entry', async () => {
    await start([{ owner: 'octo', name: 'app', labels: [] }]);
    const r = await run([{ name: 'bug', color: 'd73a4a' }], {
      repositories: 'octo/app\nhttps://github.com/octo/web\nocto',
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /::error.*Input "repositories" must list repositories as owner\/name: "https:\/\/github.com\/octo\/web" must be owner\/name \(one slash\); "octo" must be owner\/name \(one slash\)/,
    );
    expect(r.requests).toEqual([]);
  });

  it('a config repository that is private and invisible to the token: a 404 that says so, nothing written', async () => {
    await start([
      { owner: 'octo', name: 'app', labels: [{ name: 'keep', color: 'ededed' }] },
      {
        owner: 'octo',
        name: 'secret',
        private: true,
        branches: { main: { [CONFIG]: labelFile([{ name: 'bug', color: 'd73a4a' }]) } },
      },
    ]);
    const r = await runBundle('label-sync', {
      emulator: h.emu!,
      token: WORKFLOW_TOKEN,
      inputs: { 'config-repository': 'octo/secret', prune: true },
      workspace: {},
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /::error.*octo\/secret\/\.github\/labels\.yml: not found \(or octo\/secret is private and invisible to this token\)/,
    );
    expect(writesOf(r)).toEqual([]);
    expect(labels()).toEqual({ keep: 'ededed|' });
  });

  it('a reserve larger than the whole limit refuses a plan before writing, and lets a plan with no write pass (no primary limit: every plan fits)', async () => {
    await start([{ owner: 'octo', name: 'app', labels: [{ name: 'bug', color: 'd73a4a' }] }]);
    const r = await run(
      [
        { name: 'bug', color: 'd73a4a' },
        { name: 'docs', color: '0075ca' },
      ],
      { 'budget-reserve': 5000 },
    );
    if (NO_PRIMARY_LIMIT) {
      // No primary limit: every plan fits, whatever the reserve, and the run says why.
      expect(r.code, r.stdout).toBe(0);
      expect(r.stdout).toMatch(NO_PRIMARY_LIMIT_SAID);
      expect(Object.keys(labels()).sort()).toEqual(['bug', 'docs']);
      return;
    }
    expect(r.code).toBe(1);
    expect(writesOf(r)).toEqual([]);
    expect(r.stdout).toMatch(/it needs 1 request, \d+ remain and 5000 are kept in reserve \(0 usable\)/);
    expect(r.stdout).toMatch(/Nothing was written/);

    const nothing = await run([{ name: 'bug', color: 'd73a4a' }], { 'budget-reserve': 5000 });
    expect(nothing.code, nothing.stdout).toBe(0);
    expect(writesOf(nothing)).toEqual([]);
  });

  it('a token that may only read: the first refused write stops the others in that repository, the error names issues: write', async () => {
    const scenario = scenarioOf([{ owner: 'octo', name: 'app', labels: [{ name: 'stray', color: 'ededed' }] }]);
    scenario.tokens!.ghs_readonly = {
      kind: 'workflow',
      repositories: ['octo/app'],
      permissions: { issues: 'read', contents: 'read' },
    };
    await start(scenario);
    const file = Array.from({ length: 30 }, (_, i) => ({ name: `l-${i}`, color: 'ededed' }));
    const r = await run(file, { prune: true }, 'ghs_readonly');
    expect(r.code).toBe(1);
    const refused = writesOf(r).filter((e) => e.status === 403);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThan(31);
    expect(r.stdout).toMatch(/Resource not accessible by integration.*permissions: issues: write/);
    expect(r.stdout).toMatch(/::error::31 label operations failed/);
    // one error for the repository, not one per label
    const errors = r.annotations.filter((a) => a.level === 'error' && a.message.startsWith('octo/app'));
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(
      messagePattern(
        String.raw`^octo\/app: 31 writes refused \(create l-0, .* and 21 more\): POST {api}\/repos\/octo\/app\/labels → 403`,
      ),
    );
    expect(labels()).toEqual({ stray: 'ededed|' });

    const fixed = await run(file, { prune: true });
    expect(fixed.code, fixed.stdout).toBe(0);
    expect(Object.keys(labels())).toHaveLength(30);
  });

  it('the budget running out between repositories: the message tells done, applied with failures, and not done', async () => {
    await start([
      { owner: 'octo', name: 'app', labels: [{ name: 'stray', color: 'ededed' }] },
      { owner: 'octo', name: 'web', labels: [{ name: 'ghost', color: 'ededed' }] },
      { owner: 'octo', name: 'cli', labels: [] },
      { owner: 'octo', name: 'api', labels: [] },
    ]);
    const reset = String(Math.floor(Date.now() / 1000) + 36_000);
    const low = (remaining: number) => ({
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-used': String(5000 - remaining),
      'x-ratelimit-reset': reset,
      'x-ratelimit-resource': 'core',
    });
    h.emu!.faults.respond({
      method: 'POST',
      path: /\/repos\/octo\/web\/labels$/,
      status: 422,
      body: { message: 'Validation Failed', errors: [{ resource: 'Label', code: 'invalid', field: 'color' }] },
    })
      // another workflow spends the shared budget while octo/web is applied
      .respond({
        method: 'DELETE',
        path: /\/repos\/octo\/web\/labels\/ghost$/,
        status: 404,
        headers: low(50),
        afterHandler: true,
      });
    const file = [
      { name: 'bug', color: 'd73a4a' },
      { name: 'docs', color: '0075ca' },
    ];
    const r = await run(file, { repositories: 'octo/app\nocto/web\nocto/cli\nocto/api', prune: true }, USER_TOKEN);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /Stopped by the budget before octo\/cli: it needs \d+ requests?, \d+ remain and \d+ are kept in reserve; the limit resets at \S+\. Done: octo\/app; applied with failures: octo\/web; not done: octo\/cli, octo\/api\./,
    );
    expect(r.stdout).toMatch(/::error::1 label operation failed; stopped by the budget after 2 of 4 repositories/);
    expect(writesOf(r).filter((e) => /octo\/(cli|api)/.test(e.path))).toEqual([]);
    expect(Object.keys(labels('octo/app')).sort()).toEqual(['bug', 'docs']);
  });

  it('a rename whose new name someone creates meanwhile (422 already_exists) merges into it instead: exit 0, issues kept', async () => {
    await start([
      {
        owner: 'octo',
        name: 'app',
        labels: [{ name: 'defect', color: 'ff0000' }],
        issues: [
          { title: 'A', labels: ['defect'] },
          { title: 'B', labels: ['defect'], state: 'closed' },
          { title: 'C' },
        ],
      },
    ]);
    h.emu!.faults.latency(1500, { method: 'PATCH', path: /\/labels\/defect$/ });
    const file = [{ name: 'bug', color: 'd73a4a', description: 'Broken', aliases: ['defect'] }];
    const running = run(file, { prune: true });
    // someone creates "bug" by hand after the action read the labels, while its rename is on the way
    const repo = h.emu!.state.repo('octo/app')!;
    for (let i = 0; i < 200 && !h.emu!.log.entries.some((e) => e.status === 200 && /\/graphql$/.test(e.path)); i++)
      await new Promise((r) => setTimeout(r, 20));
    repo.labels.push({ id: 424_242, name: 'Bug', color: '000000', description: null, default: false });
    const r = await running;
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.find((e) => e.method === 'PATCH' && e.path.endsWith('/labels/defect'))).toMatchObject({
      status: 422,
    });
    expect(labels()).toEqual({ bug: 'd73a4a|Broken' });
    expect(issueLabels(1)).toEqual(['bug']);
    expect(issueLabels(2)).toEqual(['bug']);
    expect(issueLabels(3)).toEqual([]);
    const again = await run(file, { prune: true });
    expect(writesOf(again)).toEqual([]);
  });

  it.each([
    { what: 'through GraphQL, which resolves the old name: no redirect', graphql: true, redirects: 0 },
    { what: 'through REST: one 301 on the list', graphql: false, redirects: 1 },
  ])(
    'a repository renamed since the workflow was written, read $what; every write straight to the new name',
    async ({ graphql, redirects }) => {
      await h.start(
        [
          {
            owner: 'octo',
            name: 'app',
            labels: [
              { name: 'old', color: 'ededed' },
              { name: 'x', color: '000000' },
            ],
            renamedFrom: ['octo/old-app'],
          },
        ],
        { graphql },
      );
      const file = [
        { name: 'new', color: 'ededed', aliases: ['old'] },
        { name: 'x', color: 'ffffff' },
        { name: 'y', color: 'ffffff' },
      ];
      const r = await run(file, { repositories: 'octo/old-app', prune: true }, USER_TOKEN);
      expect(r.code, r.stdout).toBe(0);
      expect(r.stdout).toMatch(/::warning::octo\/old-app is now octo\/app \(renamed or transferred\)/);
      expect(r.requests.filter((e) => e.status === 301 || e.status === 307)).toHaveLength(redirects);
      expect(written(r)).toEqual([
        'PATCH /repos/octo/app/labels/old',
        'PATCH /repos/octo/app/labels/x',
        'POST /repos/octo/app/labels',
      ]);
      expect(labels()).toEqual({ new: 'ededed|', x: 'ffffff|', y: 'ffffff|' });
      // the old and the new name listed together: one repository, synchronised once
      const again = await run(file, { repositories: 'octo/old-app\nocto/app', prune: true }, USER_TOKEN);
      expect(again.code, again.stdout).toBe(0);
      expect(writesOf(again)).toEqual([]);
      expect(again.outputs.unchanged).toBe('3');
    },
  );

  it('a merge labels the issues that got the alias while it ran, before deleting the alias', async () => {
    await start([bugAndDefect([{ title: 'A', labels: ['defect'] }, { title: 'B' }])]);
    h.emu!.faults.latency(1500, { method: 'POST', path: /\/issues\/1\/labels$/ });
    const file = [{ name: 'bug', color: 'd73a4a', aliases: ['defect'] }];
    const running = run(file);
    const repo = h.emu!.state.repo('octo/app')!;
    const listed = () => h.emu!.log.entries.some((e) => e.method === 'GET' && e.path === '/repos/octo/app/issues');
    for (let i = 0; i < 200 && !listed(); i++) await new Promise((r) => setTimeout(r, 20));
    // a triager labels #2 with the old name while #1 is being relabelled
    repo.issues.get(2)!.labels.push(repo.labels.find((l) => l.name === 'defect')!);
    const r = await running;
    expect(r.code, r.stdout).toBe(0);
    expect(labels()).toEqual({ bug: 'd73a4a|' });
    expect(issueLabels(1)).toEqual(['bug']);
    expect(issueLabels(2)).toEqual(['bug']);
    const plan = JSON.parse(r.outputs.plan) as { kind: string; result?: string }[];
    expect(plan.find((e) => e.kind === 'merge')?.result).toBe(
      '2 issues relabelled (1 on a second look), defect deleted',
    );
  });

  it('a prune delete answered 404 while the label is still there is a failure, not "already gone"', async () => {
    await start([
      {
        owner: 'octo',
        name: 'app',
        labels: [
          { name: 'bug', color: 'd73a4a' },
          { name: 'stray', color: 'ededed' },
        ],
      },
    ]);
    // GitHub answers 404 to some writes a token may not make
    h.emu!.faults.respond({ method: 'DELETE', path: /\/labels\/stray$/, status: 404, body: { message: 'Not Found' } });
    const r = await run([{ name: 'bug', color: 'd73a4a' }], { prune: true });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      messagePattern(
        String.raw`::error.*octo\/app: delete stray: DELETE {api}\/repos\/octo\/app\/labels\/stray → 404: Not Found.*But stray is still there`,
      ),
    );
    expect(r.outputs.deleted).toBe('0');
    const again = await run([{ name: 'bug', color: 'd73a4a' }], { prune: true });
    expect(again.code, again.stdout).toBe(0);
    expect(labels()).toEqual({ bug: 'd73a4a|' });
  });
});
