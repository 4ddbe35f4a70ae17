// GET /operator: the operator's read-only page (`operator-html.ts`), behind the same gate as /metrics (the metrics
// token as `Authorization: Bearer …`, or loopback clients when there is none; else 403). Every read is bounded in
// time like /metrics' (a database that does not answer gives a page that says so, with 503) and in rows
// (`store/operator-view.ts`). GET only: the router answers any other method 405, and the page holds no form.
import { metricsAllowed } from '../edge/metrics-access';
import type { ServiceMetrics } from '../metrics';
import type { OperatorView } from '../store/operator-view';
import { OPEN_COUNTED } from '../store/operator-view';
import type { QueueStats } from '../store/types';
import type { WriteLimits } from '../store/write-history';
import { withTimeout } from '../with-timeout';
import { answer, refuseUnread } from './answer';
import { OPERATOR_PAGE_CSP, operatorHtml } from './operator-html';
import type { Route } from './route';

export const OPERATOR_PATH = '/operator';

export interface OperatorPageDeps {
  metrics: ServiceMetrics;
  view: OperatorView;
  stats(): Promise<QueueStats>;
  budgets(): Map<string, number>;
  lanes: { webhook: WriteLimits; sweep: WriteLimits };
  token?: string;
  timeoutMs: number;
}

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': OPERATOR_PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

export function operatorPageRoute(deps: OperatorPageDeps): Route {
  return {
    method: 'GET',
    path: OPERATOR_PATH,
    async handle({ req, res, client }) {
      if (!metricsAllowed(client, req.headers.authorization, deps.token)) {
        deps.metrics.rejected.inc({ reason: 'operator_forbidden' });
        return refuseUnread(req, res, 403, { message: 'Forbidden: the operator page needs the metrics token' });
      }
      const budgets = deps.budgets();
      const bounded = <T>(p: Promise<T>) => withTimeout(p, deps.timeoutMs, 'the database did not answer');
      const [stats, snapshot] = await Promise.all([
        bounded(deps.stats()).catch(() => undefined),
        bounded(deps.view.snapshot({ known: budgets.keys() })).catch(() => undefined),
      ]);
      const html = operatorHtml({
        now: Date.now(),
        stats,
        snapshot,
        budgets,
        lanes: deps.lanes,
        openCounted: OPEN_COUNTED,
      });
      answer(res, stats && snapshot ? 200 : 503, html, HEADERS);
    },
  };
}
