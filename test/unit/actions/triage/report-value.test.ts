// Triage's report as a value (src/actions/triage/report.ts `triageReport`): for a dry run, a run that wrote everything and a
// run with a failed write, the outputs, job summary sections and log lines it returns, and the failure thrown after.
import { describe, expect, it } from 'vitest';
import { formatPlan } from '../../../../src/kernel/plan';
import type { TriageResult } from '../../../../src/actions/triage/domain/engine';
import { operation, type TriageOperation } from '../../../../src/actions/triage/operations';
import { triageFailure, triageReport } from '../../../../src/actions/triage/report';

const label = operation({ number: 3, isPullRequest: false }, { type: 'add-label', label: 'bug' }, 'rule crash');
const close = operation(
  { number: 7, isPullRequest: true },
  { type: 'close', reason: 'not_planned' },
  'stale: no activity',
);
const plan: TriageOperation[] = [label, close];

const planned: TriageResult = {
  mode: { kind: 'sweep', trigger: 'schedule' },
  processed: 12,
  plan,
  remaining: 0,
  openIssues: 10,
  openPullRequests: 2,
  notes: [],
  counts: { operations: 2, labeled: 1, commented: 0, closed: 1 },
};

const done: TriageResult = {
  ...planned,
  report: {
    results: [
      { op: label, status: 'done' },
      { op: close, status: 'done' },
    ],
    done: 2,
    failed: 0,
    skipped: 0,
  },
};

const failed: TriageResult = {
  ...planned,
  counts: { operations: 1, labeled: 1, commented: 0, closed: 0 },
  report: {
    results: [
      { op: label, status: 'done' },
      { op: close, status: 'failed', error: new Error('Resource not accessible by integration') },
    ],
    done: 1,
    failed: 1,
    skipped: 0,
  },
};

const outputs = (counts: { operations: number; closed: number }) => ({
  processed: '12',
  operations: String(counts.operations),
  labeled: '1',
  commented: '0',
  closed: String(counts.closed),
  remaining: '0',
  'open-issues': '10',
  'open-pull-requests': '2',
  'staled-issues-prs': '[]',
  'closed-issues-prs': '[{"number":7,"isPullRequest":true}]',
  'new-labels': '',
  'all-labels': '',
});

const summary = (dryRun: boolean, counts: string) =>
  [
    `## Triage${dryRun ? ' (dry run)' : ''}`,
    '',
    'Sweep (schedule) over the open issues and pull requests',
    '',
    `Processed 12 items; ${counts}; open: 10 issues, 2 pull requests.`,
    '',
    formatPlan(plan, { markdown: true }),
  ].join('\n');

describe('triageReport', () => {
  it.each([
    {
      name: 'a dry run: the plan counted as planned, no log line, no failure',
      result: planned,
      dryRun: true,
      outputs: outputs({ operations: 2, closed: 1 }),
      summary: summary(true, '2 operations planned: 1 label change, 0 comments, 1 close'),
      log: [],
      failure: undefined,
    },
    {
      name: 'a run that wrote everything: the results line, no failure',
      result: done,
      dryRun: false,
      outputs: outputs({ operations: 2, closed: 1 }),
      summary: summary(false, '2 operations: 1 label change, 0 comments, 1 close'),
      log: [{ level: 'info', text: '2 done, 0 failed, 0 skipped of 2 operations.' }],
      failure: undefined,
    },
    {
      name: 'a run with a failed write: the done writes counted, the failure listed and thrown after the report',
      result: failed,
      dryRun: false,
      outputs: outputs({ operations: 1, closed: 0 }),
      summary: summary(false, '1 operation: 1 label change, 0 comments, 0 closes'),
      log: [
        {
          level: 'info',
          text: '1 done, 1 failed, 0 skipped of 2 operations.\n- close #7 not_planned: Resource not accessible by integration',
        },
      ],
      failure: '1 of 2 operations failed',
    },
  ])('$name', ({ result, dryRun, outputs: expectedOutputs, summary: expectedSummary, log, failure }) => {
    expect(triageReport(result, dryRun)).toEqual({ outputs: expectedOutputs, summary: [expectedSummary], log });
    expect(triageFailure(result)?.message).toBe(failure);
  });
});
