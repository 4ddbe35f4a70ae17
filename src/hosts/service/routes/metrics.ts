// GET /metrics: the Prometheus text exposition, for the metrics token (or loopback clients without one; else 403).
// The store's counts are bounded in time: a database that does not answer gives NaN gauges, never a hang; they are
// read at most once a second (`cached-stats.ts`), so a scrape rarely waits for the database at all.
import { metricsAllowed } from '../edge/metrics-access';
import type { ServiceMetrics } from '../metrics';
import type { CircuitState } from '../store/circuits';
import type { QueueStats } from '../store/types';
import { withTimeout } from '../with-timeout';
import { answer, refuseUnread } from './answer';
import { cachedStats } from './cached-stats';
import type { Route } from './route';

export interface MetricsDeps {
  metrics: ServiceMetrics;
  stats(): Promise<QueueStats>;
  /** Installation (or 'token') → remaining primary rate limit. */
  budgets(): Map<string, number>;
  /** The open circuits (`store/circuits.ts`). */
  circuits?(): Promise<CircuitState[]>;
  /** True while GitHub refuses the service's credentials (an App's every private key). */
  credentialsRefused?(): boolean;
  /** Open deliveries per installation. */
  backlog?(): Promise<Map<string, number>>;
  /** Bearer token the request must carry; without one, loopback only. */
  token?: string;
  timeoutMs: number;
}

const UNKNOWN: QueueStats = { queued: NaN, running: NaN, oldestAgeMs: NaN, failed: NaN, done: NaN };

/** The store's figures are read again when older than this, and never shown older than the second bound. */
const STATS_FRESH_MS = 1_000;
const STATS_STALE_MS = 10_000;

export function metricsRoute(deps: MetricsDeps): Route {
  const stats = cachedStats({ read: () => deps.stats(), freshMs: STATS_FRESH_MS, staleMs: STATS_STALE_MS });
  const circuitsNow = async () => (deps.circuits ? deps.circuits() : []);
  return {
    method: 'GET',
    path: '/metrics',
    async handle({ req, res, client }) {
      if (!metricsAllowed(client, req.headers.authorization, deps.token)) {
        deps.metrics.rejected.inc({ reason: 'metrics_forbidden' });
        return refuseUnread(req, res, 403, { message: 'Forbidden: /metrics needs the metrics token' });
      }
      const s = await withTimeout(stats(), deps.timeoutMs, 'the database did not answer').catch(() => UNKNOWN);
      const circuits = await withTimeout(circuitsNow(), deps.timeoutMs, 'the database did not answer').catch(() => []);
      const backlog = deps.backlog
        ? await withTimeout(deps.backlog(), deps.timeoutMs, 'the database did not answer').catch(() => undefined)
        : undefined;
      const text = await deps.metrics.render({
        queueDepth: s.queued + s.running,
        byState: new Map([
          ['queued', s.queued],
          ['running', s.running],
          ['failed', s.failed],
          ['done', s.done],
        ]),
        oldestAgeSeconds: s.oldestAgeMs / 1000,
        failedJobs: s.failed,
        budgetRemaining: deps.budgets(),
        credentialsRefused: deps.credentialsRefused?.() ?? false,
        backlog,
        circuits: circuits.map((c) => ({
          scope: c.scope,
          cause: c.cause,
          secondsLeft: Math.max(0, (c.untilMs - Date.now()) / 1000),
        })),
      });
      answer(res, 200, text, { 'content-type': deps.metrics.contentType });
    },
  };
}
