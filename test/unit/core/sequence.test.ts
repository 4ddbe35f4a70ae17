// The run sequence (src/core/sequence.ts): the order of the steps, one log section per phase, dry-run, the budget
// refusal before any write, and the failure thrown after the report.
import { describe, expect, it } from 'vitest';
import { BudgetError } from '../../../src/client/errors';
import type { Budget, BudgetState, Cost } from '../../../src/client/types';
import { runSequence, type LogSections, type SequenceSteps } from '../../../src/core/sequence';

interface Recorder {
  events: string[];
  warnings: string[];
}

function budget(usable: number | 'refuse', rec: Recorder): Budget {
  const state: BudgetState = { known: true, limit: 5000, remaining: 10, used: 0, reset: 0, resource: 'core' };
  return {
    reserve: 5,
    state: () => state,
    refresh: () => Promise.resolve(state),
    canAfford: (cost) => usable !== 'refuse' && (typeof cost === 'number' ? cost : cost.requests) <= usable,
    ensure: (cost, what) => {
      rec.events.push(`ensure ${typeof cost === 'number' ? cost : cost.requests} for ${what}`);
      if (usable === 'refuse') return Promise.reject(new BudgetError(3, 10, 5, new Date(0), what));
      return Promise.resolve();
    },
  };
}

function setup(options: { dryRun?: boolean; usable?: number | 'refuse'; failure?: Error } = {}) {
  const rec: Recorder = { events: [], warnings: [] };
  const ctx = {
    client: { budget: budget(options.usable ?? 100, rec) },
    log: { info: (m: string) => rec.events.push(`info ${m}`), warning: (m: string) => rec.warnings.push(m) },
    inputs: { dryRun: options.dryRun ?? false },
  };
  const sections: LogSections = { start: (t) => rec.events.push(`[${t}`), end: () => rec.events.push(']') };
  const steps: SequenceSteps<{ labels: string[] }, { ops: string[] }, { written: number }> = {
    read: () => {
      rec.events.push('read');
      return Promise.resolve({ labels: ['a', 'b'] });
    },
    plan: (state) => {
      rec.events.push('plan');
      return { ops: state.labels.map((l) => `create ${l}`) };
    },
    what: (plan) => `the test plan (${plan.ops.length} operations)`,
    cost: (plan): Cost => ({ requests: plan.ops.length + 1, writes: plan.ops.length }),
    print: (plan) => rec.events.push(`print ${plan.ops.join(', ')}`),
    apply: (plan, state) => {
      rec.events.push(`apply ${plan.ops.length} over ${state.labels.length}`);
      return Promise.resolve({ written: plan.ops.length });
    },
    report: (outcome) => {
      rec.events.push(outcome.dryRun ? 'report dry run' : `report ${outcome.result.written} written`);
    },
    failure: () => options.failure,
  };
  return { rec, run: () => runSequence(ctx, steps, { sections }) };
}

describe('runSequence', () => {
  it('reads, plans and prints, ensures the budget, applies and reports, each phase in its own section', async () => {
    const { rec, run } = setup();
    const outcome = await run();
    expect(outcome).toEqual({ dryRun: false, plan: { ops: ['create a', 'create b'] }, result: { written: 2 } });
    expect(rec.events).toEqual([
      '[Read',
      'read',
      ']',
      '[Plan',
      'plan',
      'print create a, create b',
      ']',
      '[Budget',
      'info The test plan (2 operations) costs 3 requests (2 writes).',
      'ensure 3 for the test plan (2 operations)',
      ']',
      '[Apply',
      'apply 2 over 2',
      ']',
      '[Report',
      'report 2 written',
      ']',
    ]);
    expect(rec.warnings).toEqual([]);
  });

  it('dry run: no budget check and no apply; the report has the plan', async () => {
    const { rec, run } = setup({ dryRun: true });
    expect(await run()).toEqual({ dryRun: true, plan: { ops: ['create a', 'create b'] } });
    expect(rec.events.filter((e) => /^(ensure|apply)/.test(e))).toEqual([]);
    expect(rec.events).toContain('[Budget (dry run)');
    expect(rec.events.at(-2)).toBe('report dry run');
    expect(rec.warnings).toEqual([]);
  });

  it('dry run over the budget: a warning in the refusal terms, and still no write', async () => {
    const { rec, run } = setup({ dryRun: true, usable: 'refuse' });
    await run();
    expect(rec.warnings).toEqual([
      'Budget too small for the test plan (2 operations) now: it needs 3 requests, 10 remain and 5 are kept in ' +
        'reserve (5 usable); a real run would be refused before any write.',
    ]);
    expect(rec.events.some((e) => e.startsWith('apply'))).toBe(false);
  });

  it('a budget refusal fails the run before apply and report, and closes its section', async () => {
    const { rec, run } = setup({ usable: 'refuse' });
    await expect(run()).rejects.toThrow(/Budget too small for the test plan \(2 operations\).*Nothing was written/);
    expect(rec.events.some((e) => /^(apply|report)/.test(e))).toBe(false);
    expect(rec.events.at(-1)).toBe(']');
  });

  it('the failure of the result is thrown after the report was written', async () => {
    const { rec, run } = setup({ failure: new Error('1 operation failed') });
    await expect(run()).rejects.toThrow('1 operation failed');
    expect(rec.events).toContain('report 2 written');
  });
});
