// What the client spent: requests, 304s, writes, retries, waits, and the budget before and after.
import type { BudgetState, Telemetry, TelemetrySnapshot } from './types';

/** "1 request", "2 requests" (the client imports nothing of ours, so it counts its own words). */
function count(n: number, word: string, plural = `${word}s`): string {
  return `${n} ${n === 1 ? word : plural}`;
}

/** `API: N requests (M answered 304, free), W writes, R retries; budget X → Y of L`: one line for the log. */
export function costLine(s: TelemetrySnapshot): string {
  const budget = s.budgetAfter
    ? `; budget ${s.budgetBefore?.remaining ?? '?'} → ${s.budgetAfter.remaining} of ${s.budgetAfter.limit}`
    : '';
  const graphql = s.graphqlRequests
    ? `; GraphQL: ${count(s.graphqlRequests, 'query', 'queries')}, ${count(s.graphqlPoints ?? 0, 'point')}`
    : '';
  return `API: ${count(s.requests, 'request')} (${s.notModified} answered 304, free), ${count(s.writes, 'write')}, ${count(s.retries, 'retry', 'retries')}${budget}${graphql}`;
}

export class TelemetryRecorder implements Telemetry {
  requests = 0;
  notModified = 0;
  writes = 0;
  retries = 0;
  waitedMs = 0;
  byStatus: Record<string, number> = {};
  budgetBefore?: BudgetState;
  budgetAfter?: BudgetState;
  /** GraphQL documents answered, and the points they cost (GraphQL's own budget). */
  graphqlRequests = 0;
  graphqlPoints = 0;
  graphqlBudgetAfter?: BudgetState;

  /** One GraphQL document answered, at `points` (its `rateLimit.cost`, else its computed cost). */
  graphql(points: number, budget?: BudgetState): void {
    this.graphqlRequests++;
    this.graphqlPoints += points;
    if (budget?.known) this.graphqlBudgetAfter = { ...budget };
  }

  record(status: number | undefined, write: boolean): void {
    this.requests++;
    if (write) this.writes++;
    if (status === 304) this.notModified++;
    const key = status === undefined ? 'network' : String(status);
    this.byStatus[key] = (this.byStatus[key] ?? 0) + 1;
  }

  budget(state: BudgetState): void {
    if (!state.known) return;
    if (!this.budgetBefore) this.budgetBefore = { ...state };
    this.budgetAfter = { ...state };
  }

  snapshot(): TelemetrySnapshot {
    return {
      requests: this.requests,
      notModified: this.notModified,
      writes: this.writes,
      retries: this.retries,
      waitedMs: Math.round(this.waitedMs),
      budgetBefore: this.budgetBefore,
      budgetAfter: this.budgetAfter,
      byStatus: { ...this.byStatus },
      graphqlRequests: this.graphqlRequests,
      graphqlPoints: this.graphqlPoints,
      graphqlBudgetAfter: this.graphqlBudgetAfter,
    };
  }

  markdown(): string {
    const s = this.snapshot();
    const rows: [string, string][] = [
      ['Requests sent', String(s.requests)],
      ['Answered 304 (free)', String(s.notModified)],
      ['Counted against the limit', String(s.requests - s.notModified)],
      ['Content-creating (writes)', String(s.writes)],
      ['Retries', String(s.retries)],
      ['Time waited', `${(s.waitedMs / 1000).toFixed(1)} s`],
    ];
    if (s.budgetAfter?.unlimited) {
      rows.push(['Budget', 'no primary rate limit (rate limiting is not enabled on this server)']);
    } else if (s.budgetAfter) {
      rows.push(['Budget before', `${s.budgetBefore?.remaining ?? '?'} of ${s.budgetAfter.limit}`]);
      rows.push([
        'Budget after',
        `${s.budgetAfter.remaining} of ${s.budgetAfter.limit} (resets ${new Date(s.budgetAfter.reset * 1000).toISOString()})`,
      ]);
    }
    if (s.graphqlRequests) {
      const left = s.graphqlBudgetAfter
        ? ` (GraphQL budget after: ${s.graphqlBudgetAfter.remaining} of ${s.graphqlBudgetAfter.limit})`
        : '';
      rows.push(['GraphQL queries', `${s.graphqlRequests}, ${count(s.graphqlPoints ?? 0, 'point')}${left}`]);
    }
    const statuses = Object.entries(s.byStatus)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    if (statuses) rows.push(['By status', statuses]);
    return [
      '### API usage',
      '',
      '| Measure | Value |',
      '| --- | --- |',
      ...rows.map(([k, v]) => `| ${k} | ${v} |`),
      '',
    ].join('\n');
  }
}
