// The service's tiny router: exact paths, one method each. Another method on a known path is refused with 405 and
// `Allow`, an unknown path with 404; both without reading the body (the connection closes).
import { refuseUnread } from './answer';
import type { Route, RouteRequest } from './route';

export type Router = (request: RouteRequest) => Promise<void>;

export function createRouter(routes: readonly Route[]): Router {
  const byPath = new Map<string, Route>();
  for (const route of routes) {
    if (byPath.has(route.path)) throw new Error(`two routes for ${route.path}`);
    byPath.set(route.path, route);
  }
  return async (request) => {
    const { req, res } = request;
    const route = byPath.get((req.url ?? '/').split('?')[0]);
    if (!route) return refuseUnread(req, res, 404, { message: 'Not Found' });
    if (req.method !== route.method)
      return refuseUnread(req, res, 405, { message: `Only ${route.method}` }, { allow: route.method });
    await route.handle(request);
  };
}
