// commit-files' report as a value (src/actions/commit-files/report.ts `commitReport`): for a dry run, a commit with its pull
// request, a failure after the commit (the pull request refused) and a run stopped before any write, the outputs and
// job summary sections it returns. The plan's sections come first in each; external names are code spans.
import { describe, expect, it } from 'vitest';
import { formatPlan, type Operation } from '../../../../src/kernel/plan';
import {
  commitLine,
  commitReport,
  initialOutputs,
  pullRequestLine,
  withCommit,
  withPullRequest,
  type PlanFacts,
} from '../../../../src/actions/commit-files/report';
import type { ChangeSet } from '../../../../src/actions/commit-files/plan';

const ops: Operation<unknown>[] = [
  { kind: 'commit', target: 'octo/app', subject: 'update-deps', cost: { requests: 4, writes: 3 }, payload: {} },
  {
    kind: 'pull-request',
    target: 'octo/app',
    subject: 'update-deps → main',
    cost: { requests: 2, writes: 1 },
    payload: {},
  },
];
const plan: PlanFacts = {
  owner: 'octo',
  repo: 'app',
  branch: 'update-deps',
  baseLine: 'Based on main at abc1234 <the checkout>.',
  reads: 'Read the branch through GraphQL (1 query, 1 point): REST is left for the writes.',
  ops,
};
const planSections = [
  '### Commit to `octo/app@update-deps`',
  'Based on main at abc1234 &lt;the checkout&gt;.',
  'Read the branch through GraphQL (1 query, 1 point): REST is left for the writes.',
  `<details><summary>Plan: 2 operations, 6 requests (4 writes)</summary>\n\n${formatPlan(ops, { markdown: true })}\n\n</details>`,
];
const set: Pick<ChangeSet, 'counts'> = { counts: { added: 2, updated: 1, deleted: 0 } };
const before = { ...initialOutputs(set, 'update-deps'), 'head-sha': 'abc1234abc' };
const commit = { sha: 'def5678def5678', url: 'https://github.com/octo/app/commit/def5678', verified: true };
const pr = { number: 12, url: 'https://github.com/octo/app/pull/12', operation: 'created' as const };
const committed = { ...withCommit(before, commit), 'head-sha': commit.sha };

/** Every output as the runner writes it, with the peers' names. */
const written = (o: typeof before, pull: boolean) => ({
  'head-sha': o['head-sha'],
  branch: 'update-deps',
  committed: String(o.committed),
  'commit-sha': o['commit-sha'],
  'commit-url': o['commit-url'],
  verified: String(o.verified),
  'files-added': '2',
  'files-updated': '1',
  'files-deleted': '0',
  tag: '',
  'pull-request-number': pull ? '12' : '',
  'pull-request-url': pull ? pr.url : '',
  'pull-request-operation': pull ? 'created' : 'none',
  'pull-request-head-sha': pull ? o['head-sha'] : '',
  'pull-request-branch': pull ? 'update-deps' : '',
  changes_detected: String(o.committed),
  commit_hash: o['commit-sha'],
});
const commitText =
  'Committed [def5678](https://github.com/octo/app/commit/def5678) to `update-deps`: 2 added, 1 updated, 0 deleted (verified).';
const prText = 'Pull request [#12](https://github.com/octo/app/pull/12) created (`update-deps` → `main`).';

describe('commit-files report', () => {
  it('writes the summary lines of a commit and of a pull request', () => {
    expect(commitLine('update-deps', commit, set, '')).toBe(commitText);
    expect(pullRequestLine(pr, 'update-deps', 'main')).toBe(prText);
  });

  it.each([
    {
      name: 'a dry run: the plan, the dry-run line, the outputs as read',
      facts: {
        kind: 'dry-run' as const,
        plan,
        outputs: before,
        dryRunLine: 'Dry run: nothing written. A commit would be made.',
      },
      outputs: written(before, false),
      summary: [...planSections, 'Dry run: nothing written. A commit would be made.'],
    },
    {
      name: 'a commit and its pull request',
      facts: {
        kind: 'applied' as const,
        plan,
        applied: { outputs: withPullRequest(committed, pr), lines: [commitText, prText] },
      },
      outputs: written(committed, true),
      summary: [...planSections, commitText, prText],
    },
    {
      name: 'a failure after the commit (the pull request refused): the commit reported, no pull request',
      facts: {
        kind: 'applied' as const,
        plan,
        applied: {
          outputs: committed,
          lines: [commitText],
          error: new Error('GitHub Actions may not create pull requests'),
        },
      },
      outputs: written(committed, false),
      summary: [...planSections, commitText],
    },
    {
      name: 'a run stopped before any write (the budget refused, the commit failed): the plan only, no outputs',
      facts: { kind: 'stopped' as const, plan },
      outputs: {},
      summary: planSections,
    },
  ])('$name', ({ facts, outputs, summary }) => {
    expect(commitReport(facts)).toEqual({ outputs, summary, log: [] });
  });

  it('a plan without operations has no collapsed plan section', () => {
    expect(commitReport({ kind: 'stopped', plan: { ...plan, ops: [] } }).summary).toEqual(planSections.slice(0, 3));
  });
});
