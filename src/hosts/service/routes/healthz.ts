// GET /healthz: the process is alive and serving HTTP (nothing else is checked: a restart would not help).
import { answer } from './answer';
import type { Route } from './route';

export function healthzRoute(): Route {
  return { method: 'GET', path: '/healthz', handle: ({ res }) => answer(res, 200, { ok: true }) };
}
