// The budget chart that opens every job summary: percentages of each API's limit (spent, left, reserve), spent
// alone where no limit is known, and the writes of each minute against the line of 80 after a wait on the limits.
import { describe, expect, it } from 'vitest';
import { summaryAsText } from '../../../../src/hosts/cli/summary-text';
import { styleFor } from '../../../../src/hosts/cli/terminal';
import { budgetChart, summaryCharts, writesChart } from '../../../../src/hosts/actions-runner/budget-chart';
import type { BudgetState, TelemetrySnapshot } from '../../../../src/github/client/types';
import { TelemetryRecorder } from '../../../../src/github/client/telemetry';

const budget = (remaining: number, limit: number, resource = 'core'): BudgetState => ({
  known: true,
  remaining,
  limit,
  used: limit - remaining,
  reset: 1_800_000_000,
  resource,
});

function snapshot(over: Partial<TelemetrySnapshot> = {}): TelemetrySnapshot {
  return {
    requests: 12,
    notModified: 2,
    writes: 3,
    retries: 0,
    waitedMs: 0,
    byStatus: { '200': 9, '304': 2, network: 1 },
    graphqlRequests: 2,
    graphqlPoints: 50,
    budgetAfter: budget(900, 1000),
    graphqlBudgetAfter: budget(4000, 5000, 'graphql'),
    ...over,
  };
}

describe('budgetChart', () => {
  it('draws spent, left and reserve of REST and GraphQL as percentages of each limit', () => {
    const chart = budgetChart(snapshot(), { rest: 50, graphql: 100 });
    expect(chart.split('\n')).toEqual([
      '```mermaid',
      'xychart-beta',
      '  title "Hourly budget: spent by this run, left, reserve"',
      '  x-axis ["REST spent", "REST left", "REST reserve", "GraphQL spent", "GraphQL left", "GraphQL reserve"]',
      '  y-axis "% of the limit" 0 --> 100',
      // 9 of 1000 counted (12 sent, 2 answered 304, 1 never answered); 50 of 5000 points.
      '  bar [0.9, 90, 5, 1, 80, 2]',
      '```',
    ]);
  });

  it('leaves out an API whose limit is unknown, and shows spent alone when no limit is known', () => {
    expect(budgetChart(snapshot({ graphqlBudgetAfter: undefined }), { rest: 50, graphql: 50 })).toContain(
      'x-axis ["REST spent", "REST left", "REST reserve"]',
    );
    const ghes = budgetChart(
      snapshot({ budgetAfter: { ...budget(0, 0), unlimited: true }, graphqlBudgetAfter: undefined }),
      { rest: 50, graphql: 50 },
    );
    expect(ghes).toContain('title "Spent by this run (no hourly limit known)"');
    expect(ghes).toContain('bar [9, 50]');
  });
});

describe('writesChart', () => {
  it('is drawn only for a run that waited on the limits, with the line of 80', () => {
    expect(writesChart(snapshot({ writesPerMinute: [80, 20] }))).toBe('');
    const chart = writesChart(snapshot({ waitedMs: 30_000, writesPerMinute: [80, 0, 20] }));
    expect(chart).toContain('x-axis ["min 1", "min 2", "min 3"]');
    expect(chart).toContain('bar [80, 0, 20]');
    expect(chart).toContain('line [80, 80, 80]');
    expect(chart).toContain('y-axis "writes" 0 --> 90');
    expect(summaryCharts(snapshot({ waitedMs: 1, writesPerMinute: [3] }), { rest: 0, graphql: 0 })).toMatch(
      /xychart-beta[\s\S]*```\n\n```mermaid\nxychart-beta\n {2}title "Writes per minute/,
    );
  });

  it('gets the writes of each minute from the client’s telemetry clock', () => {
    let now = 1_000;
    const t = new TelemetryRecorder({ now: () => now, minuteMs: 600 });
    t.record('rest', 200, false);
    t.record('rest', 201, true);
    now += 700;
    t.record('graphql', 200, true);
    t.record('rest', 201, true);
    now += 1300;
    t.record('rest', 201, true);
    expect(t.snapshot().writesPerMinute).toEqual([1, 2, 0, 1]);
  });
});

describe('the text rendering of a summary', () => {
  it('leaves the chart out: the tables below say the same in text', () => {
    const markdown = `## label-sync: done\n\n${summaryCharts(snapshot(), { rest: 50, graphql: 50 })}\n\n### API usage\n`;
    const text = summaryAsText(markdown, styleFor({ isTTY: false }));
    expect(text).toBe('label-sync: done\n\nAPI usage');
  });
});
