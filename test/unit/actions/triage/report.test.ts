import { describe, expect, it } from 'vitest';
import type { Mode } from '../../../../src/actions/triage/domain/dispatch';
import type { TriageResult } from '../../../../src/actions/triage/domain/engine';
import { operation } from '../../../../src/actions/triage/operations';
import { modeLine, summaryMarkdown, triageOutputs } from '../../../../src/actions/triage/report';
import { makeItem } from './items';

const ops = [operation({ number: 3, isPullRequest: false }, { type: 'add-label', label: 'bug' }, 'rule crash')];
const result: TriageResult = {
  mode: { kind: 'sweep', trigger: 'schedule' },
  processed: 500,
  plan: ops,
  remaining: 4,
  openIssues: 400,
  openPullRequests: 100,
  notes: ['Stopped by max-operations: 4 item(s) left for the next run.'],
  counts: { operations: 1, labeled: 1, commented: 0, closed: 0 },
};

describe('report', () => {
  it('sets every output of action.yml', () => {
    expect(triageOutputs(result)).toEqual({
      processed: 500,
      operations: 1,
      labeled: 1,
      commented: 0,
      closed: 0,
      remaining: 4,
      'open-issues': 400,
      'open-pull-requests': 100,
      'staled-issues-prs': [],
      'closed-issues-prs': [],
      'new-labels': '',
      'all-labels': '',
    });
  });

  it("writes actions/labeler's new-labels and all-labels comma-separated, in its order", () => {
    const outputs = triageOutputs({
      ...result,
      labeler: { newLabels: ['docs', 'ci'], allLabels: ['bug', 'docs', 'ci'] },
    });
    expect([outputs['new-labels'], outputs['all-labels']]).toEqual(['docs,ci', 'bug,docs,ci']);
  });

  it("lists the items marked and closed as stale (actions/stale's staled-issues-prs / closed-issues-prs)", () => {
    const issue = makeItem({ number: 3 });
    const pull = makeItem({ number: 9, isPullRequest: true });
    const plan = [
      operation(issue, { type: 'add-label', label: 'stale' }, 'stale'),
      operation(issue, { type: 'comment', body: 'Stale.' }, 'stale'),
      operation(pull, { type: 'close', reason: 'not_planned' }, 'stale: no activity'),
      operation(makeItem({ number: 4 }), { type: 'close', reason: 'completed' }, 'rule done'),
      operation(makeItem({ number: 5 }), { type: 'add-label', label: 'bug' }, 'rule crash'),
    ];
    const outputs = triageOutputs({ ...result, plan });
    expect(outputs['staled-issues-prs']).toEqual([{ number: 3, isPullRequest: false }]);
    expect(outputs['closed-issues-prs']).toEqual([{ number: 9, isPullRequest: true }]);
  });

  it('writes the counts (pull requests apart), the notes and the plan to the summary', () => {
    const md = summaryMarkdown(result, true);
    expect(md).toContain('## Triage (dry run)');
    expect(md).toContain('open: 400 issues, 100 pull requests');
    expect(md).toContain('4 items left for the next run');
    expect(md).toContain('- Stopped by max-operations');
    expect(md).toContain('| add-label | #3 | bug | rule crash |');
  });

  it.each<[Mode, string]>([
    [{ kind: 'item', number: 2, isPullRequest: true, action: 'synchronize' }, 'Pull request #2 (synchronize): rules'],
    [{ kind: 'ignore', reason: 'the push event is not handled' }, 'Ignored: the push event is not handled'],
    [
      { kind: 'workflow', run: { id: 1, name: 'CI', conclusion: 'failure' }, pullRequests: [4, 5] },
      'Workflow run "CI" (failure): workflow rules on #4, #5',
    ],
  ])('%j', (mode, line) => {
    expect(modeLine(mode)).toBe(line);
  });
});
