// --trust-proxy as ranges: a cloud load balancer named by its subnet, IPv6 ranges, keywords, and the client taken as
// the rightmost hop of X-Forwarded-For outside the trusted ranges.
import { describe, expect, it } from 'vitest';
import { clientAddress, isTrustedProxy, trustedProxies } from '../../../../../src/hosts/service/edge/client-address';

describe('trusted proxy ranges', () => {
  const proxies = trustedProxies(['10.0.0.0/8', '2001:db8:aa::/48', '192.0.2.10', 'loopback']);

  it.each([
    ['10.4.5.6', true],
    ['::ffff:10.200.0.1', true],
    ['11.0.0.1', false],
    ['2001:db8:aa:1::5', true],
    ['2001:db8:ab::5', false],
    ['192.0.2.10', true],
    ['192.0.2.11', false],
    ['127.0.0.9', true],
    ['::1', true],
    ['fe80::1%eth0', false],
    ['not-an-address', false],
  ])('%s trusted: %s', (address, trusted) => {
    expect(isTrustedProxy(address, proxies)).toBe(trusted);
  });

  it('knows the keywords linklocal and uniquelocal', () => {
    const local = trustedProxies(['linklocal', 'uniquelocal']);
    expect(['169.254.1.1', 'fe80::1%eth0', '172.20.0.1', '192.168.1.1', 'fd00::1'].map((a) => local.has(a))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(local.has('8.8.8.8')).toBe(false);
  });

  it('trusts nothing when given nothing', () => {
    expect(trustedProxies([' ', '']).size).toBe(0);
    expect(trustedProxies([]).has('127.0.0.1')).toBe(false);
  });

  it.each(['10.0.0.0/33', '2001:db8::/129', '10.0.0.0/', '10.0.0.0/8/8', 'lb.example', '10.0.0.0/-1'])(
    'refuses %s',
    (entry) => {
      expect(() => trustedProxies([entry])).toThrow(/--trust-proxy/);
    },
  );
});

describe('client address behind trusted ranges', () => {
  const proxies = trustedProxies(['10.0.0.0/8', '2001:db8::/32']);

  it.each([
    ['an untrusted peer: its own address, whatever it forwards', '198.51.100.7', '203.0.113.9', '198.51.100.7'],
    ['one trusted hop: the address it appended', '10.1.1.1', '203.0.113.9', '203.0.113.9'],
    [
      'a chain of trusted hops: the rightmost untrusted one',
      '10.1.1.1',
      '1.2.3.4, 203.0.113.9, 10.9.9.9, 10.2.2.2',
      '203.0.113.9',
    ],
    ['an IPv6 chain', '2001:db8::5', '2001:db8:1::1, 2001:db8::7', '2001:db8:1::1'],
    ['an IPv6 load balancer, an IPv4 client', '2001:db8::5', '203.0.113.9', '203.0.113.9'],
    ['garbage behind a trusted hop: that hop', '10.1.1.1', '203.0.113.9, evil, 10.3.3.3', '10.3.3.3'],
    ['only trusted hops: the leftmost', '10.1.1.1', '10.5.5.5, 10.6.6.6', '10.5.5.5'],
    ['an empty header: the peer', '10.1.1.1', '', '10.1.1.1'],
  ])('%s', (_what, peer, forwarded, expected) => {
    expect(clientAddress(peer, forwarded, proxies)).toBe(expected);
  });

  it('reads a long forged header in linear time', () => {
    const forged = `${'10.0.0.1,'.repeat(200_000)}203.0.113.9`;
    const started = performance.now();
    expect(clientAddress('10.1.1.1', `${forged}, 10.7.7.7`, proxies)).toBe('203.0.113.9');
    expect(clientAddress('10.1.1.1', `x,${'10.0.0.1,'.repeat(200_000)}10.0.0.2`, proxies)).toBe('10.0.0.1');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
