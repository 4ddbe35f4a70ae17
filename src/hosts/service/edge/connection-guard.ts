// Connections counted when they are accepted, before a byte is read: half-open sockets count too.
// - At most `perAddress` open connections per address (its /64 for IPv6): more are closed at once.
// - At most `total` in all, of which the last `reserved` go only to addresses that hold fewer than
//   `smallAddress` connections: however many addresses an attacker fills the rest with, a sender with few
//   connections (GitHub delivering one event) still gets in.
// - Time-outs run from the first byte of a request, never reset by a trickle: its headers within `headersMs` of
//   the connection's accept (or of the end of the previous answer on a kept-alive connection), the whole request
//   within `requestMs` of the same instant. Past either the socket is destroyed.
// A trusted proxy's connections are counted in `total` only; its clients are limited per request.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey, isTrustedProxy, type TrustedProxies } from './client-address';

export interface ConnectionLimits {
  total: number;
  perAddress: number;
  reserved: number;
  smallAddress: number;
  headersMs: number;
  requestMs: number;
}

export type ConnectionRefusal = 'per_address' | 'total' | 'headers_timeout' | 'request_timeout';

export interface ConnectionGuardOptions {
  limits: ConnectionLimits;
  proxies: TrustedProxies;
  /** Called for each connection refused or timed out (for metrics and logs). */
  onRefuse?: (reason: ConnectionRefusal, address: string) => void;
  setTimer?: (fn: () => void, ms: number) => NodeJS.Timeout;
  now?: () => number;
}

/** The defaults: 256 connections, 32 per address, the last 64 for addresses holding fewer than 4. */
export function connectionLimits(total: number, headersMs: number, requestMs: number): ConnectionLimits {
  return {
    total,
    perAddress: Math.max(1, Math.min(32, Math.floor(total / 8))),
    reserved: Math.max(1, Math.floor(total / 4)),
    smallAddress: 4,
    headersMs,
    requestMs,
  };
}

interface Tracked {
  key: string;
  /** When the current request's clock started: the accept, or the end of the previous answer. */
  since: number;
  timer?: NodeJS.Timeout;
}

/** Installs the accounting on `server`; returns a view of the counts (tests, metrics). */
export function guardConnections(server: Server, options: ConnectionGuardOptions) {
  const { limits, proxies } = options;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const now = options.now ?? Date.now;
  const perKey = new Map<string, number>();
  const sockets = new Map<Socket, Tracked>();
  let open = 0;

  const refuse = (socket: Socket, reason: ConnectionRefusal, key: string) => {
    options.onRefuse?.(reason, key);
    socket.destroy();
  };

  const arm = (socket: Socket, tracked: Tracked, ms: number, reason: ConnectionRefusal) => {
    clearTimeout(tracked.timer);
    tracked.timer = setTimer(() => refuse(socket, reason, tracked.key), ms);
    tracked.timer.unref?.();
  };

  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    const proxy = isTrustedProxy(peer, proxies);
    const key = proxy ? `proxy ${peer}` : addressKey(peer);
    const held = perKey.get(key) ?? 0;
    if (!proxy && held >= limits.perAddress) return refuse(socket, 'per_address', key);
    if (open >= limits.total) return refuse(socket, 'total', key);
    if (!proxy && open >= limits.total - limits.reserved && held >= limits.smallAddress)
      return refuse(socket, 'total', key);
    open++;
    perKey.set(key, held + 1);
    const tracked: Tracked = { key, since: now() };
    sockets.set(socket, tracked);
    arm(socket, tracked, limits.headersMs, 'headers_timeout');
    socket.once('close', () => {
      clearTimeout(tracked.timer);
      sockets.delete(socket);
      open--;
      const left = (perKey.get(key) ?? 1) - 1;
      if (left > 0) perKey.set(key, left);
      else perKey.delete(key);
    });
  });

  // Headers complete: the rest of the request must arrive within what is left of `requestMs` from its start; once
  // it has all arrived, the time is the service's (storing it), not the sender's.
  server.on('request', (req, res) => {
    const tracked = sockets.get(req.socket);
    if (!tracked) return;
    arm(req.socket, tracked, Math.max(0, tracked.since + limits.requestMs - now()), 'request_timeout');
    // Answered and read to the end: a kept-alive connection's next request has its time-outs again from now.
    let ended = false;
    let finished = false;
    const next = () => {
      if (req.socket.destroyed) return;
      tracked.since = now();
      arm(req.socket, tracked, limits.headersMs, 'headers_timeout');
    };
    req.once('end', () => {
      ended = true;
      if (finished) next();
      else clearTimeout(tracked.timer);
    });
    res.once('finish', () => {
      finished = true;
      if (ended) next();
    });
  });

  return {
    get open(): number {
      return open;
    },
    heldBy(address: string): number {
      return perKey.get(addressKey(address)) ?? 0;
    },
  };
}
