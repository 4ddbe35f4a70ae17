import { describe, expect, it } from 'vitest';
import type { LabelPlan } from '../../../../src/actions/label-sync/plan';
import { countEntries, planEntries, planText, summaryMarkdown } from '../../../../src/actions/label-sync/report';

const plan: LabelPlan = {
  repository: 'octo/app',
  operations: [
    {
      kind: 'create',
      target: 'octo/app',
      subject: 'a|b <img src=x>',
      detail: 'color ffffff',
      cost: { requests: 1, writes: 1 },
      payload: { kind: 'create', name: 'a|b <img src=x>', color: 'ffffff' },
    },
    {
      kind: 'delete',
      target: 'octo/app',
      subject: 'old',
      detail: 'not in the file (prune)',
      cost: { requests: 1, writes: 1 },
      payload: { kind: 'delete', current: 'old' },
    },
  ],
  unchanged: ['bug'],
  excluded: ['x|y'],
  unmanaged: [],
};

describe('report', () => {
  it('the summary section escapes label names in the table and in the lines under it', () => {
    const md = summaryMarkdown([plan], planEntries(plan), 'labels|base.yml', false);
    expect(md).toMatch(/^### Label plan\n/);
    expect(md).toContain('Labels from labels\\|base.yml; plan: 2 requests (2 writes).');
    expect(md).toContain(
      '| octo/app | create | a\\|b &lt;img src=x&gt; | color ffffff | 1 request (1 write) | planned |',
    );
    expect(md).toContain('- octo/app: 2 writes, 1 unchanged, 1 excluded (x\\|y)');
    expect(md).not.toContain('<img');
  });

  it('the summary states what the reads cost in both budgets, and which repository went through REST and why (escaped)', () => {
    const md = summaryMarkdown([plan], planEntries(plan), 'l.yml', true, {
      queries: 1,
      points: 1,
      fallback: null,
      restRequests: 2,
      throughRest: [{ repository: 'octo/web', reason: 'GraphQL failed: <b>|bad</b>' }],
      after: [],
    });
    expect(md).toContain('plan: 2 requests (2 writes). Read with 1 GraphQL query (1 point), 2 REST requests.');
    expect(md).toContain('- octo/web: labels read through REST (GraphQL failed: &lt;b&gt;\\|bad&lt;/b&gt;).');
    expect(md).not.toContain('<b>');
  });

  it('a dry run says nothing was written and counts the planned writes', () => {
    expect(summaryMarkdown([plan], planEntries(plan), 'l.yml', true)).toMatch(
      /^### Label plan \(dry run: nothing written\)/,
    );
    expect(countEntries(planEntries(plan), { planned: true })).toEqual({
      created: 1,
      updated: 0,
      renamed: 0,
      deleted: 1,
      unchanged: 1,
    });
    expect(countEntries(planEntries(plan))).toMatchObject({ created: 0, deleted: 0, unchanged: 1 });
  });

  it('the log text prices the plan with plurals', () => {
    expect(planText(plan).split('\n')[0]).toBe(
      'octo/app: 2 write operations, 2 requests (2 writes); 1 unchanged, 1 excluded (x|y)',
    );
    expect(planText({ ...plan, operations: [] })).toBe(
      'octo/app: 0 write operations, 0 requests (0 writes); 1 unchanged, 1 excluded (x|y). Nothing to change.',
    );
  });
});
