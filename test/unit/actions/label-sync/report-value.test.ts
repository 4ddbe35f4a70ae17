// label-sync's report as a value (src/actions/label-sync/report.ts `report`): for a dry run, a run that wrote everything and
// a run with a failed write, the outputs, job summary section and closing log line it returns.
import { describe, expect, it } from 'vitest';
import type { LabelPlan } from '../../../../src/actions/label-sync/plan';
import { operationEntry, planEntries, report, type PlanEntry } from '../../../../src/actions/label-sync/report';

const [create, remove] = [
  {
    kind: 'create' as const,
    target: 'octo/app',
    subject: 'triage',
    detail: 'color ededed',
    cost: { requests: 1, writes: 1 },
    payload: { kind: 'create' as const, name: 'triage', color: 'ededed' },
  },
  {
    kind: 'delete' as const,
    target: 'octo/app',
    subject: 'old',
    detail: 'not in the file (prune)',
    cost: { requests: 1, writes: 1 },
    payload: { kind: 'delete' as const, current: 'old' },
  },
];
const plan: LabelPlan = {
  repository: 'octo/app',
  operations: [create, remove],
  unchanged: ['bug'],
  excluded: [],
  unmanaged: [],
};
const unchanged: PlanEntry = {
  repository: 'octo/app',
  kind: 'none',
  label: 'bug',
  cost: { requests: 0, writes: 0 },
  status: 'unchanged',
};

const table = (createStatus: string, deleteStatus: string) =>
  [
    '| repository | kind | label | detail | cost | status |',
    '| --- | --- | --- | --- | --- | --- |',
    `| octo/app | create | triage | color ededed | 1 request (1 write) | ${createStatus} |`,
    `| octo/app | delete | old | not in the file (prune) | 1 request (1 write) | ${deleteStatus} |`,
  ].join('\n');

const summary = (dryRun: boolean, rows: string) =>
  [
    `### Label plan${dryRun ? ' (dry run: nothing written)' : ''}`,
    '',
    'Labels from .github/labels.yml; plan: 2 requests (2 writes).',
    '',
    rows,
    '',
    '- octo/app: 2 writes, 1 unchanged',
  ].join('\n');

const counts = (created: number, deleted: number) => ({
  created: String(created),
  updated: '0',
  renamed: '0',
  deleted: String(deleted),
  unchanged: '1',
});

describe('label-sync report', () => {
  it.each([
    {
      name: 'a dry run: the planned writes counted as if done, the plan output with status planned',
      entries: planEntries(plan),
      dryRun: true,
      outputs: counts(1, 1),
      summary: summary(true, table('planned', 'planned')),
      log: 'Labels: 1 created, 0 updated, 0 renamed, 1 deleted, 1 unchanged (dry run: planned, not written).',
    },
    {
      name: 'a run that wrote everything',
      entries: [operationEntry(create, 'done', 'created'), operationEntry(remove, 'done'), unchanged],
      dryRun: false,
      outputs: counts(1, 1),
      summary: summary(false, table('done', 'done')),
      log: 'Labels: 1 created, 0 updated, 0 renamed, 1 deleted, 1 unchanged.',
    },
    {
      name: 'a run with a failed write: only the done write counted, the failure and its reason in the table',
      entries: [operationEntry(create, 'done'), operationEntry(remove, 'failed', 'Not Found'), unchanged],
      dryRun: false,
      outputs: counts(1, 0),
      summary: summary(false, table('done', 'failed: Not Found')),
      log: 'Labels: 1 created, 0 updated, 0 renamed, 0 deleted, 1 unchanged.',
    },
  ])('$name', ({ entries, dryRun, outputs, summary: expectedSummary, log }) => {
    const value = report({ entries, plans: [plan], origin: '.github/labels.yml', dryRun });
    expect(value).toEqual({
      outputs: { ...outputs, plan: JSON.stringify(entries) },
      summary: [expectedSummary],
      log: [{ level: 'info', text: log }],
    });
    expect(JSON.parse(value.outputs.plan ?? '')).toHaveLength(3);
  });
});
