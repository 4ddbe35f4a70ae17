// The run sequence (src/kernel/sequence.ts): the order of the steps, one log section per phase, dry-run, the budget
// refusal before any write, and the failure thrown after the report.
import { describe, expect, it } from 'vitest';
import { BudgetError } from '../../../src/github/client/errors';
import type { Budget, BudgetState, Cost } from '../../../src/github/client/types';
import { runReport, type RunReport } from '../../../src/kernel/report';
import { runSequence, type LogSections, type SequenceSteps } from '../../../src/kernel/sequence';

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

interface SetupOptions {
  dryRun?: boolean;
  usable?: number | 'refuse';
  failure?: Error;
  /** Apply throws this. */
  applyError?: Error;
  /** Give the steps a `stopped` report. */
  stopped?: boolean;
  /** Leave `render` out (the service's default: log lines only). */
  noRender?: boolean;
}

function setup(options: SetupOptions = {}) {
  const rec: Recorder = { events: [], warnings: [] };
  const rendered: RunReport[] = [];
  const ctx = {
    client: { budget: budget(options.usable ?? 100, rec) },
    log: { info: (m: string) => rec.events.push(`info ${m}`), warning: (m: string) => rec.warnings.push(m) },
    inputs: { dryRun: options.dryRun ?? false },
    ...(options.noRender
      ? {}
      : {
          render: (report: RunReport) => {
            rec.events.push('render');
            rendered.push(report);
          },
        }),
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
      if (options.applyError) return Promise.reject(options.applyError);
      return Promise.resolve({ written: plan.ops.length });
    },
    report: (outcome) => {
      const line = outcome.dryRun ? 'report dry run' : `report ${outcome.result.written} written`;
      rec.events.push(line);
      return runReport({
        outputs: { written: outcome.dryRun ? 0 : outcome.result.written, labels: outcome.state.labels },
        summary: [`### ${outcome.plan.ops.length} planned`],
        log: [{ level: 'info', text: line }],
      });
    },
    failure: () => options.failure,
    ...(options.stopped
      ? {
          stopped: (plan: { ops: string[] }, state: { labels: string[] }) => {
            rec.events.push('stopped');
            return runReport({ summary: [`stopped after planning ${plan.ops.length} of ${state.labels.length}`] });
          },
        }
      : {}),
  };
  return { rec, rendered, run: () => runSequence(ctx, steps, { sections }) };
}

describe('runSequence', () => {
  it('reads, plans and prints, ensures the budget, applies and reports, each phase in its own section', async () => {
    const { rec, rendered, run } = setup();
    const { outcome, report } = await run();
    expect(outcome).toEqual({
      dryRun: false,
      state: { labels: ['a', 'b'] },
      plan: { ops: ['create a', 'create b'] },
      result: { written: 2 },
    });
    expect(report).toEqual({
      outputs: { written: '2', labels: '["a","b"]' },
      summary: ['### 2 planned'],
      log: [{ level: 'info', text: 'report 2 written' }],
    });
    expect(rendered).toEqual([report]);
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
      'render',
      ']',
    ]);
    expect(rec.warnings).toEqual([]);
  });

  it('dry run: no budget check and no apply; the report has the plan', async () => {
    const { rec, run } = setup({ dryRun: true });
    const { outcome, report } = await run();
    expect(outcome).toEqual({ dryRun: true, state: { labels: ['a', 'b'] }, plan: { ops: ['create a', 'create b'] } });
    expect(report.outputs.written).toBe('0');
    expect(rec.events.filter((e) => /^(ensure|apply)/.test(e))).toEqual([]);
    expect(rec.events).toContain('[Budget (dry run)');
    expect(rec.events.slice(-3)).toEqual(['report dry run', 'render', ']']);
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

  it('the failure of the result is thrown after the report was rendered', async () => {
    const { rec, rendered, run } = setup({ failure: new Error('1 operation failed') });
    await expect(run()).rejects.toThrow('1 operation failed');
    expect(rec.events.slice(-3)).toEqual(['report 2 written', 'render', ']']);
    expect(rendered.map((r) => r.outputs.written)).toEqual(['2']);
  });

  it('a budget refusal renders the `stopped` report in a Report section, then fails the run', async () => {
    const { rec, rendered, run } = setup({ usable: 'refuse', stopped: true });
    await expect(run()).rejects.toThrow(/Budget too small/);
    expect(rec.events.slice(-4)).toEqual(['[Report', 'stopped', 'render', ']']);
    expect(rendered).toEqual([{ outputs: {}, summary: ['stopped after planning 2 of 2'], log: [] }]);
  });

  it('apply throwing renders the `stopped` report and rejects with its error; no `report`', async () => {
    const { rec, rendered, run } = setup({ applyError: new Error('lost the connection'), stopped: true });
    await expect(run()).rejects.toThrow('lost the connection');
    expect(rec.events.some((e) => e.startsWith('report'))).toBe(false);
    expect(rendered.map((r) => r.summary)).toEqual([['stopped after planning 2 of 2']]);
  });

  it('without `stopped`, a run that apply stopped renders nothing', async () => {
    const { rendered, run } = setup({ applyError: new Error('lost the connection') });
    await expect(run()).rejects.toThrow('lost the connection');
    expect(rendered).toEqual([]);
  });

  it("without `render` (the service), the report's log lines go to the log: no outputs, no summary anywhere", async () => {
    const { rec, run } = setup({ noRender: true });
    const { report } = await run();
    expect(rec.events.slice(-4)).toEqual(['[Report', 'report 2 written', 'info report 2 written', ']']);
    expect(report.outputs.written).toBe('2');
  });
});
