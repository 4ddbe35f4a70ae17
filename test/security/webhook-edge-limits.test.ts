// The pieces of the webhook edge alone: whose request it is (--trust-proxy, IPv6 by /64), the budget of
// unverified bytes, connections counted at accept with headroom, and time-outs that a trickle does not reset.
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { UnauthenticatedBytes } from '../../src/hosts/service/edge/byte-budget';
import { addressKey, clientAddress, trustedProxies } from '../../src/hosts/service/edge/client-address';
import { guardConnections } from '../../src/hosts/service/edge/connection-guard';
import { isLoopback, metricsAllowed } from '../../src/hosts/service/edge/metrics-access';

describe('client address', () => {
  const proxies = trustedProxies(['10.0.0.5', '::1']);
  it.each([
    ['a peer that is no proxy: its own address, whatever it forwards', '192.0.2.7', '203.0.113.9', '192.0.2.7'],
    ['a trusted proxy: the last entry (the hop it added)', '10.0.0.5', '198.51.100.1, 203.0.113.9', '203.0.113.9'],
    ['a trusted proxy as IPv4-mapped IPv6', '::ffff:10.0.0.5', '203.0.113.9', '203.0.113.9'],
    ['a trusted proxy with a forged garbage entry last: the proxy', '10.0.0.5', '203.0.113.9, evil', '10.0.0.5'],
    ['a trusted proxy without the header: the proxy', '10.0.0.5', undefined, '10.0.0.5'],
  ])('%s', (_what, peer, forwarded, expected) => {
    expect(clientAddress(peer, forwarded, proxies)).toBe(expected);
  });

  it('several header lines count as one list', () => {
    expect(clientAddress('10.0.0.5', ['1.1.1.1', '2.2.2.2'], proxies)).toBe('2.2.2.2');
  });

  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:127.0.0.2', '127.0.0.2'],
    ['2001:db8:0:1:aaaa::1', '2001:db8:0:1::/64'],
    ['2001:0db8:0000:0001:ffff:ffff:ffff:ffff', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
  ])('%s counts as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it('refuses a proxy that is not an address', () => {
    expect(() => trustedProxies(['proxy.example'])).toThrow(/not an IP address/);
  });
});

describe('unverified bytes', () => {
  it('keeps one address to its share, the reserve for addresses holding nothing, and gives back on release', () => {
    const budget = new UnauthenticatedBytes({ total: 100, perAddress: 30, reserved: 20 });
    const a = budget.claim('a', 25)!;
    expect(budget.claim('a', 10)).toBeUndefined(); // past a's share
    const held = ['b', 'c'].map((k) => budget.claim(k, 25)!);
    expect(held.every(Boolean)).toBe(true);
    expect(budget.claim('d', 10)).toBeDefined(); // 85 of 100, d held nothing: the reserve
    expect(budget.claim('a', 1)).toBeUndefined(); // a holds bytes: not from the reserve (nor past its share)
    expect(budget.claim('e', 16)).toBeUndefined(); // past the total
    const f = budget.claim('f', 15)!;
    expect(budget.total).toBe(100);
    expect(f.grow(1)).toBe(false);
    a.release();
    a.release();
    expect(budget.total).toBe(75);
    expect(budget.heldBy('a')).toBe(0);
  });
});

describe('connections counted at accept', () => {
  let server: Server | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    server = undefined;
  });

  async function start(limits: Parameters<typeof guardConnections>[1]['limits']) {
    const refused: string[] = [];
    server = createServer((req, res) => {
      req.resume();
      req.once('end', () => res.end('ok'));
    });
    const guard = guardConnections(server, { limits, proxies: new Set(), onRefuse: (reason) => refused.push(reason) });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const open = (localAddress: string) =>
      new Promise<{ socket: Socket; closed: () => boolean }>((resolve) => {
        let closed = false;
        const socket = connect({ port, host: '127.0.0.1', localAddress });
        sockets.push(socket);
        socket.on('error', () => {});
        socket.on('close', () => (closed = true));
        socket.once('connect', () => resolve({ socket, closed: () => closed }));
      });
    return { guard, refused, open };
  }
  const settle = () => new Promise((r) => setTimeout(r, 100));

  it('per address, and the last connections only for addresses holding few', async () => {
    const { guard, refused, open } = await start({
      total: 10,
      perAddress: 4,
      reserved: 4,
      smallAddress: 1,
      headersMs: 5_000,
      requestMs: 10_000,
    });
    const first = await Promise.all([1, 2, 3, 4, 5].map(() => open('127.0.0.1')));
    await settle();
    expect(first.filter((c) => !c.closed())).toHaveLength(4);
    await Promise.all([1, 2, 3].map(() => open('127.0.0.2')));
    await settle();
    // 7 held: past total − reserved (6) only addresses holding fewer than 1 get in.
    expect(guard.open).toBe(6);
    await Promise.all([open('127.0.0.3'), open('127.0.0.4'), open('127.0.0.5')]);
    await settle();
    expect(guard.open).toBe(9);
    expect(refused.filter((r) => r === 'per_address')).toHaveLength(1);
    expect(refused.filter((r) => r === 'total')).toHaveLength(1);
  });

  it('a trickle of header bytes does not reset the headers time-out', async () => {
    const { refused, open } = await start({
      total: 10,
      perAddress: 4,
      reserved: 2,
      smallAddress: 1,
      headersMs: 300,
      requestMs: 600,
    });
    const c = await open('127.0.0.1');
    c.socket.write('POST / HTTP/1.1\r\nhost: x\r\n');
    const trickle = setInterval(() => c.socket.write('x-a: 1\r\n'), 50);
    await new Promise((r) => setTimeout(r, 700));
    clearInterval(trickle);
    expect(c.closed()).toBe(true);
    expect(refused).toEqual(['headers_timeout']);
  });

  it('a body trickled past the request time-out is cut', async () => {
    const { refused, open } = await start({
      total: 10,
      perAddress: 4,
      reserved: 2,
      smallAddress: 1,
      headersMs: 300,
      requestMs: 600,
    });
    const c = await open('127.0.0.1');
    c.socket.write('POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 1000\r\n\r\n');
    const trickle = setInterval(() => c.socket.write('a'), 50);
    await new Promise((r) => setTimeout(r, 900));
    clearInterval(trickle);
    expect(c.closed()).toBe(true);
    expect(refused).toEqual(['request_timeout']);
  });
});

describe('/metrics access', () => {
  it.each([
    ['loopback without a token configured', '127.0.0.1', undefined, undefined, true],
    ['IPv6 loopback', '::1', undefined, undefined, true],
    ['another host without a token configured', '192.0.2.1', undefined, undefined, false],
    ['the right bearer token', '192.0.2.1', 'Bearer s3cret', 's3cret', true],
    ['a wrong token', '127.0.0.1', 'Bearer nope', 's3cret', false],
    ['no token when one is configured, even from loopback', '127.0.0.1', undefined, 's3cret', false],
  ])('%s', (_what, client, authorization, token, allowed) => {
    expect(metricsAllowed(client, authorization, token)).toBe(allowed);
  });
  it('loopback is 127.0.0.0/8 and ::1 only', () => {
    expect(isLoopback('127.9.9.9')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('128.0.0.1')).toBe(false);
    expect(isLoopback('1270.0.0.1')).toBe(false);
  });
});
