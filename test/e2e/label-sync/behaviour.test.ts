// label-sync's behaviours through the committed bundle against the emulator: dry-run, rename, merge, prune with
// exclude, config from another repository, several repositories, a retried 502, failures, and the budget.
import { describe, expect, it } from 'vitest';
import { RequestLog } from '../../../emulator';
import { runBundle } from '../../../harness/run-bundle';
import {
  expectedMap,
  labelFile,
  labelMap,
  scenarioA,
  USER_TOKEN,
  WORKFLOW_TOKEN,
} from '../../../emulator/scenarios/label-sync';
import { NO_PRIMARY_LIMIT, NO_PRIMARY_LIMIT_SAID } from '../emulator-mode';
import { bugAndDefect, labelSyncHarness, writesOf } from './harness';

const h = labelSyncHarness();
const { start, run, names } = h;
const issueLabels = (repo: string, n: number) => h.issueLabels(n, repo);

describe('label-sync', () => {
  it('dry-run prints the plan, writes it to the summary, and writes nothing', async () => {
    const a = scenarioA();
    await start([{ owner: 'octo', name: 'app', labels: a.labels }]);
    const before = labelMap(h.emu!.state.repo('octo/app')!.labels);
    const r = await run(a.file, { prune: true, 'dry-run': true });
    expect(r.code, r.stdout).toBe(0);
    expect(writesOf(r)).toEqual([]);
    // the list through GraphQL: no REST request at all; the dry run prices both budgets
    expect(RequestLog.summarize(r.requests)).toMatchObject({ counted: 0, graphqlRequests: 1, graphqlPoints: 1 });
    expect(labelMap(h.emu!.state.repo('octo/app')!.labels)).toEqual(before);
    expect(r.stdout).toMatch(/octo\/app: 22 write operations, 22 requests \(22 writes\)/);
    // (what a real run would read again after its writes is priced, not read: a dry run reads nothing more)
    expect(r.stdout).toMatch(
      /Read with 1 GraphQL query \(1 point\), 0 REST requests; then up to 1 REST request once applied to read 1 list again/,
    );
    expect(r.summary).toContain(
      'Read with 1 GraphQL query (1 point), 0 REST requests; then up to 1 REST request once applied to read 1 list again',
    );
    expect(r.stdout).toMatch(/create\s+new: 0/);
    expect(r.summary).toContain('dry run: nothing written');
    expect(r.summary).toMatch(
      /\| octo\/app \| update \| kind: 0 \| color ff0000 → 0e8a16 \| 1 request \(1 write\) \| planned \|/,
    );
    expect(r.outputs).toMatchObject({ created: '7', updated: '10', renamed: '3', deleted: '2', unchanged: '40' });
    const plan = JSON.parse(r.outputs.plan) as { status: string }[];
    expect(new Set(plan.map((e) => e.status))).toEqual(new Set(['planned', 'unchanged']));
  });

  it('renames an alias with PATCH new_name: its issues and pull requests keep the label', async () => {
    await start([
      {
        owner: 'octo',
        name: 'app',
        labels: [{ name: 'Defect', color: 'ff0000' }],
        issues: [
          { title: 'Crash', labels: ['Defect'] },
          { title: 'Fix', labels: ['Defect'], pull: { head: 'fix', files: [{ filename: 'a' }] } },
        ],
      },
    ]);
    const r = await run([
      { name: 'type: bug', color: '#d73a4a', description: 'Something is broken', aliases: ['bug', 'defect'] },
    ]);
    expect(r.code, r.stdout).toBe(0);
    expect(writesOf(r).map((e) => `${e.method} ${decodeURIComponent(e.path)}`)).toEqual([
      'PATCH /repos/octo/app/labels/Defect',
    ]);
    expect(labelMap(h.emu!.state.repo('octo/app')!.labels)).toEqual({ 'type: bug': 'd73a4a|Something is broken' });
    expect(issueLabels('octo/app', 1)).toEqual(['type: bug']);
    expect(issueLabels('octo/app', 2)).toEqual(['type: bug']);
    expect(r.outputs).toMatchObject({ renamed: '1', created: '0' });
  });

  it('merges an alias into an existing label: every carrier gets the new label, then the alias is deleted', async () => {
    await start([
      bugAndDefect([
        { title: 'A', labels: ['defect'] },
        { title: 'B', labels: ['bug', 'defect'] },
        { title: 'C', labels: ['defect'], state: 'closed' },
        { title: 'D', labels: ['defect'], pull: { head: 'd', files: [{ filename: 'd' }] } },
        { title: 'E', labels: [] },
      ]),
    ]);
    const r = await run([{ name: 'bug', color: 'd73a4a', aliases: ['defect'] }], { 'dry-run': true });
    expect(r.code).toBe(0);
    // the plan shows the cost: one label added per carrier (4) + the delete
    expect(r.stdout).toMatch(
      /merge\s+bug\s+merge defect: 4 issues\/pull requests get bug, then defect is deleted\s+6 requests \(5 writes\)/,
    );
    expect(writesOf(r)).toEqual([]);

    const applied = await run([{ name: 'bug', color: 'd73a4a', aliases: ['defect'] }]);
    expect(applied.code, applied.stdout).toBe(0);
    expect(RequestLog.summarize(applied.requests)).toMatchObject({ writes: 5 });
    expect(names('octo/app')).toEqual(['bug']);
    for (const n of [1, 2, 3, 4]) expect(issueLabels('octo/app', n)).toEqual(['bug']);
    expect(issueLabels('octo/app', 5)).toEqual([]);
    expect(applied.outputs).toMatchObject({ renamed: '1', unchanged: '1' });
  });

  it('prunes only when asked, and never an excluded label', async () => {
    const labels = ['bug', 'wontfix', 'Priority: high', 'priority: low', 'stale', 'dependencies'].map((name) => ({
      name,
      color: 'ededed',
    }));
    await start([{ owner: 'octo', name: 'app', labels }]);
    const file = [{ name: 'bug', color: 'ededed' }];

    const kept = await run(file);
    expect(kept.code).toBe(0);
    expect(writesOf(kept)).toEqual([]);
    expect(names('octo/app')).toHaveLength(6);

    const pruned = await run(file, { prune: true, exclude: ['PRIORITY:*', 'dependencies'] });
    expect(pruned.code, pruned.stdout).toBe(0);
    expect(names('octo/app')).toEqual(['Priority: high', 'bug', 'dependencies', 'priority: low']);
    expect(pruned.outputs).toMatchObject({ deleted: '2', unchanged: '1' });
    const plan = JSON.parse(pruned.outputs.plan) as { label: string; status: string }[];
    expect(
      plan
        .filter((e) => e.status === 'excluded')
        .map((e) => e.label)
        .sort(),
    ).toEqual(['Priority: high', 'dependencies', 'priority: low']);
  });

  it('reads the config from another repository and ref through the contents API (raw media type)', async () => {
    await start([
      { owner: 'octo', name: 'app', labels: [] },
      {
        owner: 'octo',
        name: 'shared-config',
        branches: {
          main: { 'labels/org.yml': labelFile([{ name: 'from-main', color: '000' }]) },
          next: { 'labels/org.yml': labelFile([{ name: 'from-next', color: 'fff', description: 'next' }]) },
        },
      },
    ]);
    const r = await runBundle('label-sync', {
      emulator: h.emu!,
      token: WORKFLOW_TOKEN,
      inputs: { config: 'labels/org.yml', 'config-repository': 'octo/shared-config', 'config-ref': 'next' },
      workspace: {},
    });
    expect(r.code, r.stdout).toBe(0);
    expect(labelMap(h.emu!.state.repo('octo/app')!.labels)).toEqual({ 'from-next': 'ffffff|next' });
    const read = r.requests.find((e) => e.path.includes('/contents/'));
    expect(read).toMatchObject({ method: 'GET', status: 200 });
    expect(decodeURIComponent(read!.path)).toBe('/repos/octo/shared-config/contents/labels/org.yml');
    expect(read!.query).toContain('ref=next');

    const missing = await runBundle('label-sync', {
      emulator: h.emu!,
      token: WORKFLOW_TOKEN,
      inputs: { config: 'nope.yml', 'config-repository': 'octo/shared-config' },
      workspace: {},
    });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(/octo\/shared-config\/nope.yml: not found/);
  });

  it('keeps several repositories in line in order, with counts over all of them', async () => {
    await start([
      { owner: 'octo', name: 'app', labels: [{ name: 'bug', color: 'ff0000' }] },
      { owner: 'octo', name: 'web', labels: [] },
      {
        owner: 'octo',
        name: 'cli',
        labels: [
          { name: 'bug', color: 'd73a4a' },
          { name: 'docs', color: '0075ca' },
        ],
      },
    ]);
    const file = [
      { name: 'bug', color: 'd73a4a' },
      { name: 'docs', color: '0075ca' },
    ];
    const r = await run(file, { repositories: ['octo/app', 'octo/web', 'octo/cli'] }, USER_TOKEN);
    expect(r.code, r.stdout).toBe(0);
    for (const repo of ['octo/app', 'octo/web', 'octo/cli'])
      expect(labelMap(h.emu!.state.repo(repo)!.labels)).toEqual(expectedMap(file));
    expect(r.outputs).toMatchObject({ created: '3', updated: '1', unchanged: '2' });
    // each repository read once through GraphQL, before any write; REST lists only after the last write (each
    // written list read again: the check, and the job's ETag; octo/cli, with nothing to write, is not read again)
    const reads = r.requests.filter((e) => /\/graphql$/.test(e.path));
    expect(reads).toHaveLength(3);
    const lastWrite = r.requests.findLastIndex((e) => e.contentCreating);
    const lists = r.requests.filter((e) => e.method === 'GET' && e.path.endsWith('/labels'));
    expect(lists.map((e) => e.path).sort()).toEqual(['/repos/octo/app/labels', '/repos/octo/web/labels']);
    expect(lists.every((e) => r.requests.indexOf(e) > lastWrite)).toBe(true);
    expect(r.stdout).toMatch(/Read with 3 GraphQL queries \(3 points\), 0 REST requests; then up to 2 REST requests/);
    const firstWrite = r.requests.findIndex((e) => e.contentCreating);
    expect(firstWrite).toBeGreaterThan(r.requests.indexOf(reads[2]));
  });

  it('reports every failure and fails the run, having applied the rest', async () => {
    await start([
      { owner: 'octo', name: 'app', labels: [] },
      { owner: 'octo', name: 'other', labels: [] },
    ]);
    h.emu!.faults.respond({
      method: 'POST',
      path: /\/repos\/octo\/app\/labels$/,
      status: 422,
      body: { message: 'Validation Failed', errors: [{ resource: 'Label', code: 'invalid', field: 'color' }] },
      times: 1,
    });
    // The workflow token may not write to another repository: 403 for each of its writes.
    const r = await run(
      [
        { name: 'a', color: 'fff' },
        { name: 'b', color: 'fff' },
      ],
      { repositories: ['octo/app', 'octo/other'] },
    );
    expect(r.code).toBe(1);
    const errors = r.annotations
      .filter((a) => a.level === 'error' && a.message.startsWith('octo/'))
      .map((a) => a.message);
    // the writes octo/other refused are one error naming both labels
    expect(errors).toHaveLength(2);
    expect(errors.filter((m) => m.startsWith('octo/other: 2 writes refused (create a, create b): POST'))).toHaveLength(
      1,
    );
    expect(errors.join('\n')).toMatch(/permissions: issues: write/);
    expect(errors.filter((m) => m.startsWith('octo/app: create'))[0]).toMatch(/422/);
    expect(names('octo/app')).toHaveLength(1);
    expect(r.stdout).toMatch(/::error::3 label operations failed/);
    const plan = JSON.parse(r.outputs.plan) as { status: string }[];
    expect(plan.map((e) => e.status).sort()).toEqual(['done', 'failed', 'failed', 'failed']);
  });

  it('retries a 502 on one write and ends with the right state', async () => {
    const a = scenarioA();
    await start([{ owner: 'octo', name: 'app', labels: a.labels }]);
    h.emu!.faults.respond({ method: 'PATCH', path: /\/labels\/kind/, status: 502, times: 1 });
    const r = await run(a.file, { prune: true });
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.filter((e) => e.status === 502)).toHaveLength(1);
    expect(labelMap(h.emu!.state.repo('octo/app')!.labels)).toEqual(expectedMap(a.file));
    expect(r.stdout).toMatch(/1 retry\b/);
  });

  it('stops between repositories when the shared budget ran out meanwhile, saying which were done', async () => {
    await start([
      { owner: 'octo', name: 'app', labels: [{ name: 'stray', color: 'ededed' }] },
      { owner: 'octo', name: 'web', labels: [] },
    ]);
    // Another workflow spends the budget while octo/app is applied: its delete answers with the limit nearly exhausted,
    // resetting in 10 hours (too far to wait for, even at the test's time scale).
    const reset = String(Math.floor(Date.now() / 1000) + 36_000);
    h.emu!.faults.respond({
      method: 'DELETE',
      path: /\/repos\/octo\/app\/labels\/stray$/,
      status: 404,
      afterHandler: true,
      headers: {
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '50',
        'x-ratelimit-used': '4950',
        'x-ratelimit-reset': reset,
        'x-ratelimit-resource': 'core',
      },
    });
    const r = await run(
      [{ name: 'bug', color: 'd73a4a' }],
      { repositories: ['octo/app', 'octo/web'], prune: true },
      USER_TOKEN,
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /Stopped by the budget before octo\/web: it needs 1 request, 50 remain and \d+ are kept in reserve; the limit resets at \S+\. Done: octo\/app; not done: octo\/web\./,
    );
    expect(writesOf(r).filter((e) => e.path.startsWith('/repos/octo/web'))).toEqual([]);
    expect(names('octo/app')).toContain('bug');
    const plan = JSON.parse(r.outputs.plan) as { repository: string; status: string }[];
    expect(plan.filter((e) => e.repository === 'octo/web').map((e) => e.status)).toEqual(['skipped']);
  });

  it('refuses a plan the budget cannot pay before any write, giving the numbers (no primary limit: every plan fits)', async () => {
    const a = scenarioA();
    await start([{ owner: 'octo', name: 'app', labels: a.labels }]);
    const r = await run(a.file, { prune: true, 'budget-reserve': 990 });
    if (NO_PRIMARY_LIMIT) {
      // No primary limit: every plan fits, whatever the reserve; the plan says so and is applied.
      expect(r.code, r.stdout).toBe(0);
      expect(r.stdout).toMatch(NO_PRIMARY_LIMIT_SAID);
      expect(labelMap(h.emu!.state.repo('octo/app')!.labels)).toEqual(expectedMap(a.file));
      return;
    }
    expect(r.code).toBe(1);
    expect(writesOf(r)).toEqual([]);
    expect(r.stdout).toMatch(
      /it needs 22 requests, 1000 remain and 990 are kept in reserve \(10 usable\); even a full budget \(1000\) minus the reserve cannot pay for it/,
    );
    expect(r.stdout).toMatch(/Nothing was written/);
  });
});
