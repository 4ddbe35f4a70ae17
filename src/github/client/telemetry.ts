// What the client spent, REST and GraphQL apart (two primary budgets: "Rate limits for the REST API" says the GraphQL
// API "has a separate primary rate limit"): requests, 304s, writes, retries and statuses of each, GraphQL's points,
// each budget before and after, and the time waited. The telemetry stage feeds it, one attempt at a time.
import type { BudgetState, Telemetry, TelemetrySnapshot } from './types';

/** Which API an exchange spoke to: REST (`x-ratelimit-resource: core`) or GraphQL (`graphql`). */
export type ApiKind = 'rest' | 'graphql';

/** "1 request", "2 requests" (the client imports nothing of ours, so it counts its own words). */
function count(n: number, word: string, plural = `${word}s`): string {
  return `${n} ${n === 1 ? word : plural}`;
}

/** `budget X → Y of L`, `no primary rate limit`, or nothing when the numbers never arrived. */
function budgetWords(before: BudgetState | undefined, after: BudgetState | undefined): string {
  if (after?.unlimited) return '; no primary rate limit';
  if (!after?.known) return '';
  return `; budget ${before?.known ? before.remaining : '?'} → ${after.remaining} of ${after.limit}`;
}

/**
 * One line for the log, REST first, then GraphQL when it was used:
 * `API: N requests (M answered 304, free), W writes, R retries; budget X → Y of L; GraphQL: Q queries, P points;
 * budget A → B of C` (a mutation is named apart: `Q queries, K mutations, P points`).
 */
export function costLine(s: TelemetrySnapshot): string {
  const rest =
    `API: ${count(s.requests, 'request')} (${s.notModified} answered 304, free), ${count(s.writes, 'write')}, ` +
    `${count(s.retries, 'retry', 'retries')}${budgetWords(s.budgetBefore, s.budgetAfter)}`;
  const sent = s.graphqlRequests ?? 0;
  if (sent === 0) return rest;
  const mutations = s.graphqlWrites ?? 0;
  const requests = [count(sent - mutations, 'query', 'queries'), ...(mutations ? [count(mutations, 'mutation')] : [])];
  const points = count(s.graphqlPoints ?? 0, 'point');
  return `${rest}; GraphQL: ${requests.join(', ')}, ${points}${budgetWords(s.graphqlBudgetBefore, s.graphqlBudgetAfter)}`;
}

/** One row of the API usage table: the measure, its REST value, its GraphQL value. */
export type UsageRow = [measure: string, rest: string, graphql: string];

const NO_LIMIT = 'no primary rate limit (rate limiting is not enabled on this server)';

function statusWords(byStatus: Record<string, number> | undefined): string {
  return Object.entries(byStatus ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}: ${count(n, 'request')}`)
    .join(', ');
}

function budgetRows(s: TelemetrySnapshot): UsageRow[] {
  const columns = [
    { before: s.budgetBefore, after: s.budgetAfter },
    { before: s.graphqlBudgetBefore, after: s.graphqlBudgetAfter },
  ];
  if (columns.some((c) => c.after?.unlimited)) {
    const cell = ({ after }: (typeof columns)[number]) =>
      after?.unlimited ? NO_LIMIT : after?.known ? `${after.remaining} of ${after.limit}` : '–';
    return [['Budget', cell(columns[0]), cell(columns[1])]];
  }
  if (!columns.some((c) => c.after?.known)) return [];
  const before = ({ before: b, after: a }: (typeof columns)[number]) =>
    a?.known ? `${b?.known ? b.remaining : '?'} of ${a.limit}` : '–';
  const after = ({ after: a }: (typeof columns)[number]) =>
    a?.known ? `${a.remaining} of ${a.limit} (resets ${new Date(a.reset * 1000).toISOString()})` : '–';
  return [
    ['Budget before', before(columns[0]), before(columns[1])],
    ['Budget after', after(columns[0]), after(columns[1])],
  ];
}

/**
 * The API usage table, REST and GraphQL side by side: the one definition of its rows (the job summary renders them
 * with core's table; `TelemetryRecorder.markdown()` as plain markdown).
 */
export function usageRows(s: TelemetrySnapshot): UsageRow[] {
  const rows: UsageRow[] = [
    ['Requests sent', String(s.requests), String(s.graphqlRequests ?? 0)],
    // A GraphQL request is a POST: never cached, never a 304.
    ['Answered 304 (free)', String(s.notModified), '–'],
    // A 304 is free, and an attempt no answer came back to (a DNS failure, a refused connection) never reached it.
    [
      'Counted against the limit',
      count(s.requests - s.notModified - (s.byStatus?.network ?? 0), 'request'),
      count(s.graphqlPoints ?? 0, 'point'),
    ],
    ['Content-creating (writes)', String(s.writes), String(s.graphqlWrites ?? 0)],
    ['Retries', String(s.retries), String(s.graphqlRetries ?? 0)],
    ...budgetRows(s),
  ];
  const rest = statusWords(s.byStatus);
  const graphql = statusWords(s.graphqlByStatus);
  if (rest || graphql) rows.push(['By status', rest || '–', graphql || '–']);
  // The secondary limits pace REST and GraphQL together, so the waits are one number.
  rows.push(['Time waited (REST and GraphQL together)', `${(s.waitedMs / 1000).toFixed(1)} s`, 'counted with REST']);
  return rows;
}

/** The header row of the API usage table. */
export const USAGE_COLUMNS = ['measure', 'REST', 'GraphQL'] as const;

/** What one API spent. */
class ApiCounts {
  sent = 0;
  notModified = 0;
  writes = 0;
  retries = 0;
  points = 0;
  byStatus: Record<string, number> = {};
  before?: BudgetState;
  after?: BudgetState;
}

/** The client's clock, for the writes of each minute (`minuteMs`: a minute of API time in the clock's milliseconds). */
export interface TelemetryClock {
  now(): number;
  minuteMs: number;
}

export class TelemetryRecorder implements Telemetry {
  /** Milliseconds waited on pacing, back-off and resets (REST and GraphQL share the secondary limits). */
  waitedMs = 0;
  private readonly rest = new ApiCounts();
  private readonly graphqlCounts = new ApiCounts();
  /** Writes (REST and GraphQL) sent in each minute since the first request: the secondary limit's 80 a minute. */
  private readonly writeMinutes: number[] = [];
  private started?: number;
  /** The GitHub Enterprise Server version the answers named (`x-github-enterprise-version`), when one did. */
  private enterpriseVersion?: string;

  constructor(private readonly clock?: TelemetryClock) {}

  /**
   * The server's `x-github-enterprise-version` header ("Getting started with the REST API": on every answer of a
   * GitHub Enterprise Server): kept when it reads as a version (`3.19.2`); anything else, from a proxy or a hostile
   * server, is no version.
   */
  server(header: string | undefined): void {
    if (header !== undefined && /^\d{1,4}\.\d{1,4}(?:\.\d{1,4})?$/.test(header)) this.enterpriseVersion = header;
  }

  private of(kind: ApiKind): ApiCounts {
    return kind === 'graphql' ? this.graphqlCounts : this.rest;
  }

  /** One attempt sent to `kind`'s API: its status (undefined when no answer arrived) and whether it writes. */
  record(kind: ApiKind, status: number | undefined, write: boolean): void {
    const c = this.of(kind);
    c.sent++;
    if (this.clock) {
      const now = this.clock.now();
      this.started ??= now;
      if (write) {
        const minute = Math.floor((now - this.started) / this.clock.minuteMs);
        while (this.writeMinutes.length <= minute) this.writeMinutes.push(0);
        this.writeMinutes[minute]++;
      }
    }
    if (write) c.writes++;
    if (status === 304) c.notModified++;
    const key = status === undefined ? 'network' : String(status);
    c.byStatus[key] = (c.byStatus[key] ?? 0) + 1;
  }

  /** One attempt of `kind` to be repeated after `waitMs`. */
  retry(kind: ApiKind, waitMs: number): void {
    this.of(kind).retries++;
    this.waitedMs += waitMs;
  }

  /** GraphQL points one answered request cost. */
  points(points: number): void {
    this.graphqlCounts.points += points;
  }

  /**
   * `kind`'s budget as it stands after an answer that cost `spent` of it (ignored until known). The first known state
   * gives the budget before the run: what remained before that answer's cost.
   */
  budget(kind: ApiKind, state: BudgetState, spent = 0): void {
    if (!state.known) return;
    const c = this.of(kind);
    c.before ??= { ...state, remaining: state.remaining + spent, used: Math.max(0, state.used - spent) };
    c.after = { ...state };
  }

  snapshot(): TelemetrySnapshot {
    const { rest, graphqlCounts: g } = this;
    return {
      requests: rest.sent,
      notModified: rest.notModified,
      writes: rest.writes,
      retries: rest.retries,
      waitedMs: Math.round(this.waitedMs),
      budgetBefore: rest.before,
      budgetAfter: rest.after,
      byStatus: { ...rest.byStatus },
      graphqlRequests: g.sent,
      graphqlWrites: g.writes,
      graphqlRetries: g.retries,
      graphqlPoints: g.points,
      graphqlByStatus: { ...g.byStatus },
      graphqlBudgetBefore: g.before,
      graphqlBudgetAfter: g.after,
      ...(this.clock ? { writesPerMinute: this.writeMinutes.slice() } : {}),
      ...(this.enterpriseVersion ? { enterpriseVersion: this.enterpriseVersion } : {}),
    };
  }

  markdown(): string {
    const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
    return [
      '### API usage',
      '',
      line(USAGE_COLUMNS),
      line(USAGE_COLUMNS.map(() => '---')),
      ...usageRows(this.snapshot()).map(line),
      '',
    ].join('\n');
  }
}
