// The budget as a picture at the top of every job summary: a small Mermaid chart (GitHub renders ```mermaid blocks
// in job summaries) of what this run spent of REST's and GraphQL's hourly budgets, what was left and the reserve it
// keeps back, each as a percentage of its own limit (requests and points side by side); and, for a run that waited
// on GitHub's limits, the writes of each minute against the secondary limit of 80 a minute. Only numbers and fixed
// labels go into the chart, never a name from a repository. The API-usage table below stays the accessible text.
import { DEFAULT_LIMITS } from '../../github/client/pacer';
import type { BudgetState, TelemetrySnapshot } from '../../github/client/types';

export interface ChartReserves {
  rest: number;
  graphql: number;
}

const percent = (n: number, of: number) => Math.round((1000 * Math.max(0, n)) / of) / 10;

interface Column {
  label: string;
  spent: number;
  after: BudgetState | undefined;
  reserve: number;
}

/** `x-axis`/`bar` lines of one chart from `[label, value]` pairs. */
function bars(title: string, yLabel: string, points: [string, number][], max: number, extra: string[] = []): string {
  return [
    '```mermaid',
    'xychart-beta',
    `  title "${title}"`,
    `  x-axis [${points.map(([label]) => `"${label}"`).join(', ')}]`,
    `  y-axis "${yLabel}" 0 --> ${max}`,
    `  bar [${points.map(([, v]) => v).join(', ')}]`,
    ...extra,
    '```',
  ].join('\n');
}

/** The budget chart: spent, left and reserve of each API whose limit is known; spent alone when none is. */
export function budgetChart(s: TelemetrySnapshot, reserves: ChartReserves): string {
  const columns: Column[] = [
    {
      label: 'REST',
      spent: s.requests - s.notModified - (s.byStatus.network ?? 0),
      after: s.budgetAfter,
      reserve: reserves.rest,
    },
    { label: 'GraphQL', spent: s.graphqlPoints ?? 0, after: s.graphqlBudgetAfter, reserve: reserves.graphql },
  ];
  const known = columns.filter((c) => c.after?.known && !c.after.unlimited && c.after.limit > 0);
  if (known.length === 0) {
    const spent: [string, number][] = [
      ['REST requests', columns[0].spent],
      ['GraphQL points', columns[1].spent],
    ];
    return bars('Spent by this run (no hourly limit known)', 'spent', spent, Math.max(1, ...spent.map(([, v]) => v)));
  }
  const points: [string, number][] = known.flatMap((c) => {
    const limit = c.after!.limit;
    return [
      [`${c.label} spent`, percent(c.spent, limit)],
      [`${c.label} left`, percent(c.after!.remaining, limit)],
      [`${c.label} reserve`, percent(c.reserve, limit)],
    ] satisfies [string, number][];
  });
  return bars('Hourly budget: spent by this run, left, reserve', '% of the limit', points, 100);
}

/** Writes per minute against the line of 80, or '' when the run did not wait on the limits or wrote nothing. */
export function writesChart(s: TelemetrySnapshot): string {
  const minutes = s.writesPerMinute ?? [];
  if (s.waitedMs <= 0 || minutes.length === 0 || minutes.every((n) => n === 0)) return '';
  const limit = DEFAULT_LIMITS.writesPerMinute;
  const points = minutes.map((n, i): [string, number] => [`min ${i + 1}`, n]);
  const line = `  line [${minutes.map(() => limit).join(', ')}]`;
  return bars(
    `Writes per minute (the line: ${limit}, GitHub's limit)`,
    'writes',
    points,
    Math.max(limit, ...minutes) + 10,
    [line],
  );
}

/** The charts that open a job summary: the budget, then (after a wait on the limits) the writes per minute. */
export function summaryCharts(s: TelemetrySnapshot, reserves: ChartReserves): string {
  return [budgetChart(s, reserves), writesChart(s)].filter(Boolean).join('\n\n');
}
