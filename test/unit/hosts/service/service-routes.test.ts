// The service's tiny router and its small routes, without a server: a request reaches the route of its exact path
// and method; another method on a known path gets 405 with Allow, an unknown path 404, both without reading the
// body; /healthz answers alone; /readyz says 503 while draining or when the database does not take a write.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { healthzRoute } from '../../../../src/hosts/service/routes/healthz';
import { readyzRoute } from '../../../../src/hosts/service/routes/readyz';
import type { Route } from '../../../../src/hosts/service/routes/route';
import { createRouter } from '../../../../src/hosts/service/routes/router';

interface Answered {
  status?: number;
  headers: Record<string, string>;
  body: string;
  destroyed: boolean;
}

function exchange(method: string, url: string) {
  const answered: Answered = { headers: {}, body: '', destroyed: false };
  const req = Object.assign(new EventEmitter(), {
    method,
    url,
    headers: {},
    destroy: () => void (answered.destroyed = true),
  }) as unknown as IncomingMessage;
  const emitter = new EventEmitter();
  const res = Object.assign(emitter, {
    headersSent: false,
    writeHead(status: number, headers: Record<string, string>) {
      answered.status = status;
      answered.headers = headers;
      this.headersSent = true;
      return this;
    },
    end(text?: string) {
      answered.body = text ?? '';
      emitter.emit('finish');
      return this;
    },
  }) as unknown as ServerResponse;
  return { request: { req, res, client: '127.0.0.1', arrivedAt: 0 }, answered };
}

const echo = (method: 'GET' | 'POST', path: string): Route => ({
  method,
  path,
  handle: ({ res }) => void res.writeHead(200, {}).end(`${method} ${path}`),
});

describe('createRouter', () => {
  const route = createRouter([echo('POST', '/hooks'), echo('GET', '/status')]);

  it.each([
    { what: 'the exact path and method', method: 'POST', url: '/hooks', status: 200, body: 'POST /hooks' },
    {
      what: 'a query string is not part of the path',
      method: 'GET',
      url: '/status?x=1',
      status: 200,
      body: 'GET /status',
    },
    { what: 'another method: 405 with Allow', method: 'GET', url: '/hooks', status: 405, allow: 'POST' },
    { what: 'another method on a GET route', method: 'DELETE', url: '/status', status: 405, allow: 'GET' },
    { what: 'an unknown path: 404', method: 'GET', url: '/hooks/', status: 404 },
    { what: 'a prefix is not a match', method: 'POST', url: '/hook', status: 404 },
  ])('$what', async ({ method, url, status, body, allow }) => {
    const { request, answered } = exchange(method, url);
    await route(request);
    expect(answered.status).toBe(status);
    if (body) expect(answered.body).toBe(body);
    if (allow) expect(answered.headers.allow).toBe(allow);
    // Refusals close the connection, so a body that follows is never read.
    expect(answered.destroyed).toBe(status >= 400);
  });

  it('refuses two routes for one path', () => {
    expect(() => createRouter([echo('GET', '/a'), echo('POST', '/a')])).toThrow(/two routes for \/a/);
  });
});

describe('healthz and readyz', () => {
  it('/healthz answers 200 without asking anything', async () => {
    const { request, answered } = exchange('GET', '/healthz');
    await createRouter([healthzRoute()])(request);
    expect([answered.status, JSON.parse(answered.body)]).toEqual([200, { ok: true }]);
  });

  it.each([
    { what: 'ready', draining: false, probe: async () => {}, status: 200, reason: undefined },
    { what: 'draining', draining: true, probe: async () => {}, status: 503, reason: 'draining' },
    {
      what: 'the database refuses the write',
      draining: false,
      probe: async () => {
        throw new Error('read-only');
      },
      status: 503,
      reason: 'store not writable: read-only',
    },
  ])('/readyz: $what', async ({ draining, probe, status, reason }) => {
    const { request, answered } = exchange('GET', '/readyz');
    await createRouter([readyzRoute({ draining: () => draining, probe, timeoutMs: 60_000 })])(request);
    expect(answered.status).toBe(status);
    expect((JSON.parse(answered.body) as { reason?: string }).reason).toBe(reason);
  });
});
