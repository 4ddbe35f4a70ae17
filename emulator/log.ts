// The request log: one entry per request, for assertions and the bench.

export interface LogEntry {
  id: string;
  method: string;
  path: string;
  query: string;
  status: number;
  /** Counted against the primary limit (a 304, /rate_limit and injected faults are not). */
  counted: boolean;
  notModified: boolean;
  /** Secondary-limit points (GET 1, others 5; 0 when not counted). */
  points: number;
  /** POST, PATCH, PUT or DELETE. */
  contentCreating: boolean;
  tokenKind: 'workflow' | 'user' | 'installation' | 'anonymous' | 'invalid';
  host: 'api' | 'uploads';
  /** Which rate limit answered, when one did. */
  limited?: 'primary' | 'secondary';
  /** Which secondary limit refused it (`limits.ts`). */
  limitReason?: string;
  /** Answered by fault injection (scripted, random 5xx or reset). */
  injected?: string;
  /** A GraphQL request: the points it cost against GraphQL's own primary budget (resource `graphql`). */
  graphqlPoints?: number;
  /** `x-ratelimit-remaining` of the response (when it had one). */
  rateRemaining?: number;
  startedAt: number;
  durationMs: number;
}

export interface LogSummary {
  /** All requests the server saw. */
  total: number;
  /** REST requests counted against the primary limit (GraphQL's are in `graphqlRequests`). */
  counted: number;
  /**
   * REST requests sent, 304s, retries and faults included, the free `GET /rate_limit` aside ("Calling this endpoint
   * does not count against your REST API primary rate limit"): the number a client states as its REST requests.
   */
  sent: number;
  notModified: number;
  /** Content-creating requests that were counted. */
  writes: number;
  /** GraphQL requests, and the GraphQL points they cost (GraphQL's own budget, not in `counted`). */
  graphqlRequests: number;
  graphqlPoints: number;
  byStatus: Record<string, number>;
}

export class RequestLog {
  readonly entries: LogEntry[] = [];
  private readonly listeners = new Set<(e: LogEntry) => void>();

  add(e: LogEntry): void {
    this.entries.push(e);
    for (const listener of this.listeners) listener(e);
  }

  /** Calls `listener` with every entry added from now on; returns the unsubscribe function. */
  subscribe(listener: (e: LogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A position to slice from later: `log.since(mark)`. */
  mark(): number {
    return this.entries.length;
  }

  since(mark: number): LogEntry[] {
    return this.entries.slice(mark);
  }

  clear(): void {
    this.entries.length = 0;
  }

  static summarize(entries: LogEntry[]): LogSummary {
    const byStatus: Record<string, number> = {};
    for (const e of entries) byStatus[e.status] = (byStatus[e.status] ?? 0) + 1;
    return {
      total: entries.length,
      counted: entries.filter((e) => e.counted && e.graphqlPoints === undefined).length,
      sent: entries.filter((e) => e.graphqlPoints === undefined && !/\/rate_limit$/.test(e.path)).length,
      notModified: entries.filter((e) => e.notModified).length,
      writes: entries.filter((e) => e.counted && e.contentCreating).length,
      graphqlRequests: entries.filter((e) => e.graphqlPoints !== undefined).length,
      graphqlPoints: entries.reduce((sum, e) => sum + (e.graphqlPoints ?? 0), 0),
      byStatus,
    };
  }

  summary(mark = 0): LogSummary {
    return RequestLog.summarize(this.since(mark));
  }
}
