// GET /metrics: the Prometheus text exposition, for the metrics token (or loopback clients without one; else 403).
// The store's counts are bounded in time: a database that does not answer gives NaN gauges, never a hang.
import { metricsAllowed } from '../edge/metrics-access';
import type { ServiceMetrics } from '../metrics';
import type { QueueStats } from '../store/types';
import { withTimeout } from '../with-timeout';
import { answer, refuseUnread } from './answer';
import type { Route } from './route';

export interface MetricsDeps {
  metrics: ServiceMetrics;
  stats(): Promise<QueueStats>;
  /** Installation (or 'token') → remaining primary rate limit. */
  budgets(): Map<string, number>;
  /** Bearer token the request must carry; without one, loopback only. */
  token?: string;
  timeoutMs: number;
}

const UNKNOWN: QueueStats = { queued: NaN, running: NaN, oldestAgeMs: NaN, failed: NaN, done: NaN };

export function metricsRoute(deps: MetricsDeps): Route {
  return {
    method: 'GET',
    path: '/metrics',
    async handle({ req, res, client }) {
      if (!metricsAllowed(client, req.headers.authorization, deps.token)) {
        deps.metrics.rejected.inc({ reason: 'metrics_forbidden' });
        return refuseUnread(req, res, 403, { message: 'Forbidden: /metrics needs the metrics token' });
      }
      const stats = await withTimeout(deps.stats(), deps.timeoutMs, 'the database did not answer').catch(() => UNKNOWN);
      const text = await deps.metrics.render({
        queueDepth: stats.queued + stats.running,
        byState: new Map([
          ['queued', stats.queued],
          ['running', stats.running],
          ['failed', stats.failed],
          ['done', stats.done],
        ]),
        oldestAgeSeconds: stats.oldestAgeMs / 1000,
        failedJobs: stats.failed,
        budgetRemaining: deps.budgets(),
      });
      answer(res, 200, text, { 'content-type': deps.metrics.contentType });
    },
  };
}
