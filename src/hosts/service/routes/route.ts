// One HTTP route of the service: a method and an exact path, and a small typed handler.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RouteRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** The client's address (`X-Forwarded-For` only from trusted proxies). */
  client: string;
  /** `performance.now()` when the request's headers arrived (for the acknowledgement latency). */
  arrivedAt: number;
}

export interface Route {
  method: 'GET' | 'POST';
  /** The exact path, without the query. */
  path: string;
  handle(request: RouteRequest): Promise<void> | void;
}
