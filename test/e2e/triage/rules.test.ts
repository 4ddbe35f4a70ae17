// Each rule condition and action through the bundle: a sweep over items that match (or just miss) each
// condition, a pull_request event with changed files, and workflow runs that label and unlabel.
import { describe, expect, it } from 'vitest';
import { RequestLog, type Emulator } from '../../../emulator';
import { FORM_BODY, REPO, scenarioOf, withoutPostToken } from '../../../emulator/scenarios/triage';
import { withoutLimitProbe } from '../emulator-mode';
import { triageHarness } from './harness';

const h = triageHarness();
let emu: Emulator | undefined;

const CONFIG = `
rules:
  - id: only-issues
    if: { type: issue, title: '/^\\[type\\]/' }
    then: { add-labels: [kind-issue] }
  - id: only-pulls
    if: { type: pull_request, title: '/^\\[type\\]/' }
    then: { add-labels: [kind-pull] }
  - id: title
    if: { title: '/\\bcrash/i' }
    then: { add-labels: [bug] }
  - id: body
    if: { body: '/panic:/' }
    then: { add-labels: [panic] }
  - id: form
    if: { form: { Component: [API, CLI] } }
    then: { add-labels: ['area: api'] }
  - id: newcomer
    if: { author-association: [NONE, FIRST_TIME_CONTRIBUTOR], title: '/^\\[assoc\\]/' }
    then: { add-labels: [newcomer], comment: Welcome! }
  - id: docs-files
    if: { files: ['docs/**'] }
    then: { add-labels: [documentation] }
  - id: untriaged
    if: { labels-absent: [triaged], title: '/^\\[absent\\]/' }
    then: { add-labels: [needs-triage], remove-labels: [question], assign: [mona] }
  - id: spam
    if: { title: '/^\\[spam\\]/' }
    then: { close: not_planned, comment: Closing as spam. }
  - id: ci-failing
    if: { workflow: { name: CI, conclusion: failure } }
    then: { add-labels: ['ci: failing'] }
  - id: ci-passing
    if: { workflow: { name: CI, conclusion: success } }
    then: { remove-labels: ['ci: failing'] }
`;

const ITEMS = [
  { number: 1, title: '[type] an issue' },
  { number: 2, title: '[type] a pull', pull: { head: 'x', files: [{ filename: 'src/a.ts' }] } },
  { number: 3, title: 'App crash on start' },
  { number: 4, title: 'Noncrash: no word boundary' },
  { number: 5, title: 'Trace', body: 'thread main panic: boom' },
  { number: 6, title: 'Trace', body: 'PANIC: boom' },
  { number: 7, title: 'Form', body: FORM_BODY },
  { number: 8, title: 'Form', body: FORM_BODY.replace('API', 'Website') },
  { number: 9, title: '[assoc] from outside', user: 'eve' },
  { number: 10, title: '[assoc] from a collaborator', user: 'mona' },
  { number: 11, title: 'Docs change', pull: { head: 'd', files: [{ filename: 'docs/guide/intro.md' }] } },
  { number: 12, title: 'Code change', pull: { head: 'c', files: [{ filename: 'src/docs.ts' }] } },
  { number: 13, title: '[absent] new', labels: ['question'] },
  { number: 14, title: '[absent] seen', labels: ['triaged', 'question'] },
  { number: 15, title: '[spam] buy now' },
  {
    number: 16,
    title: '[assoc] already welcomed',
    user: 'eve',
    labels: ['newcomer'],
    comments: [{ body: 'Welcome!\n\n<!-- repo-actions:triage rule=newcomer -->', user: 'github-actions[bot]' }],
  },
];

const EXPECTED: Record<number, string[]> = {
  1: ['kind-issue'],
  2: ['kind-pull'],
  3: ['bug'],
  4: [],
  5: ['panic'],
  6: [],
  7: ['area: api'],
  8: [],
  9: ['newcomer'],
  10: [],
  11: ['documentation'],
  12: [],
  13: ['needs-triage'],
  14: ['question', 'triaged'],
  15: [],
  16: ['newcomer'],
};

describe('triage rules', () => {
  it('applies each condition and action in a sweep, and a second sweep changes nothing', async () => {
    emu = await h.start(scenarioOf({ issues: ITEMS }), { timeScale: 0.01 });
    const sweep = () =>
      h.run({
        event: { name: 'workflow_dispatch', payload: { inputs: {} } },
        workspace: { '.github/triage.yml': CONFIG },
      });
    const r = await sweep();
    expect(r.stderr).toBe('');
    expect(r.code, r.stdout).toBe(0);
    const repo = emu.state.repo(REPO)!;
    for (const [n, labels] of Object.entries(EXPECTED))
      expect([
        n,
        repo.issues
          .get(Number(n))!
          .labels.map((l) => l.name)
          .sort(),
      ]).toEqual([n, labels]);
    expect(repo.issues.get(13)!.assignees).toEqual(['mona']);
    expect(repo.issues.get(15)!).toMatchObject({ state: 'closed', stateReason: 'not_planned' });
    const comments = [...repo.comments.values()];
    expect(comments.filter((c) => c.issueNumber === 9).map((c) => withoutPostToken(c.body))).toEqual([
      'Welcome!\n\n<!-- repo-actions:triage rule=newcomer -->',
    ]);
    expect(comments.filter((c) => c.issueNumber === 16)).toHaveLength(1);
    expect(comments.filter((c) => c.issueNumber === 15).map((c) => withoutPostToken(c.body))).toEqual([
      'Closing as spam.\n\n<!-- repo-actions:triage rule=spam -->',
    ]);
    // Changed files were read for the pull requests only; comments only for the item that has some and would get one;
    // the rule's assignee was checked once (assignable) before assigning.
    const reads = withoutLimitProbe(r.requests)
      .filter((e) => e.method === 'GET' && e.path !== '/repos/octo/app/issues')
      .map((e) => e.path);
    expect(reads.sort()).toEqual(
      [
        '/repos/octo/app/assignees/mona',
        '/repos/octo/app/issues/16/comments',
        '/repos/octo/app/labels',
        '/repos/octo/app/pulls/11/files',
        '/repos/octo/app/pulls/12/files',
        '/repos/octo/app/pulls/2/files',
      ].sort(),
    );
    // Labels are added one at a time; the workflow rules did not run in the sweep.
    const adds = r.requests.filter((e) => e.method === 'POST' && /\/labels$/.test(e.path));
    expect(adds).toHaveLength(8);
    expect(r.outputs).toMatchObject({
      processed: '16',
      labeled: '9',
      commented: '2',
      closed: '1',
      'open-issues': '13',
      'open-pull-requests': '3',
    });

    const again = await sweep();
    expect(again.code, again.stdout).toBe(0);
    expect(RequestLog.summarize(again.requests).writes).toBe(0);
  });

  it('runs the rules on a pull_request event, reading the changed files', async () => {
    emu = await h.start(scenarioOf({ issues: ITEMS }), { timeScale: 0.01 });
    const r = await h.run({
      event: {
        name: 'pull_request',
        payload: {
          action: 'synchronize',
          number: 11,
          pull_request: { number: 11, head: { ref: 'd', sha: 'a'.repeat(40) }, base: { ref: 'main' } },
        },
      },
      workspace: { '.github/triage.yml': CONFIG },
    });
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.filter((e) => e.counted).map((e) => `${e.method} ${e.path}`)).toEqual([
      'GET /repos/octo/app/issues/11',
      'GET /repos/octo/app/pulls/11/files',
      'GET /repos/octo/app/labels',
      'POST /repos/octo/app/issues/11/labels',
    ]);
    expect(
      emu.state
        .repo(REPO)!
        .issues.get(11)!
        .labels.map((l) => l.name),
    ).toEqual(['documentation']);
  });

  it('labels the pull requests of a failed workflow run and unlabels them when it passes', async () => {
    emu = await h.start(scenarioOf({ issues: ITEMS }), { timeScale: 0.01 });
    const repoId = emu.state.repo(REPO)!.id;
    const run = (conclusion: string) =>
      h.run({
        event: {
          name: 'workflow_run',
          payload: {
            action: 'completed',
            workflow_run: {
              id: 77,
              name: 'CI',
              conclusion,
              pull_requests: [
                { number: 2, base: { repo: { id: repoId } } },
                { number: 12, base: { repo: { id: repoId + 1000 } } },
              ],
            },
          },
        },
        workspace: { '.github/triage.yml': CONFIG },
      });
    const failed = await run('failure');
    expect(failed.code, failed.stdout).toBe(0);
    const labels = (n: number) =>
      emu!.state
        .repo(REPO)!
        .issues.get(n)!
        .labels.map((l) => l.name);
    expect(labels(2)).toEqual(['ci: failing']);
    expect(labels(12)).toEqual([]);
    expect(failed.outputs).toMatchObject({ processed: '1', labeled: '1' });
    const passed = await run('success');
    expect(passed.code, passed.stdout).toBe(0);
    expect(labels(2)).toEqual([]);
    expect(
      passed.requests.filter((e) => e.contentCreating).map((e) => `${e.method} ${decodeURIComponent(e.path)}`),
    ).toEqual(['DELETE /repos/octo/app/issues/2/labels/ci: failing']);

    // A run whose pull_requests GitHub left empty (as for forks): the pull request is found by the run's head.
    const headSha = emu.state.repo(REPO)!.issues.get(2)!.pull!.headSha ?? '0'.repeat(40);
    const fork = await h.run({
      event: {
        name: 'workflow_run',
        payload: {
          action: 'completed',
          workflow_run: {
            id: 78,
            name: 'CI',
            conclusion: 'failure',
            event: 'pull_request',
            head_branch: 'x',
            head_sha: headSha,
            head_repository: { owner: { login: 'octo' } },
            pull_requests: [],
          },
        },
      },
      workspace: { '.github/triage.yml': CONFIG },
    });
    expect(fork.code, fork.stdout).toBe(0);
    expect(fork.requests.filter((e) => e.counted).map((e) => `${e.method} ${e.path}`)).toEqual([
      'GET /repos/octo/app/pulls',
      'GET /repos/octo/app/issues/2',
      'GET /repos/octo/app/labels',
      'POST /repos/octo/app/issues/2/labels',
    ]);
    expect(labels(2)).toEqual(['ci: failing']);
  });

  it('ignores events it does not handle with a notice, and reads nothing', async () => {
    emu = await h.start(scenarioOf({ issues: ITEMS }), { timeScale: 0.01 });
    const r = await h.run({
      event: { name: 'issues', payload: { action: 'labeled', issue: { number: 1 } } },
      workspace: { '.github/triage.yml': CONFIG },
    });
    expect(r.code, r.stdout).toBe(0);
    expect(r.annotations).toContainEqual(
      expect.objectContaining({ level: 'notice', message: expect.stringContaining('issues.labeled is not handled') }),
    );
    expect(RequestLog.summarize(r.requests).counted).toBe(0);
  });
});
