// Behind a load balancer every connection comes from the proxy: with `--trust-proxy`, the per-client limits key
// on the address the proxy appended to `X-Forwarded-For`, and only the proxy's own hop is believed.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useOfflineServe } from './offline-serve';

const edge = useOfflineServe('security-trust-proxy', ['--trust-proxy', '127.0.0.1', '--max-in-flight-per-client', '2']);
const { sockets } = edge;

/** A request from `localAddress` forwarding for `forwardedFor`, whose 10-byte body never comes; the answer so far. */
function slowRequest(localAddress: string, forwardedFor: string): Promise<() => string> {
  const { port, hostname, pathname } = new URL(edge.serve.url);
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect({ port: Number(port), host: hostname, localAddress });
    sockets.push(socket);
    socket.on('data', (c) => (answer += c.toString('latin1')));
    socket.on('error', () => {});
    socket.once('connect', () => {
      socket.write(
        [
          `POST ${pathname} HTTP/1.1`,
          'host: x',
          `x-forwarded-for: ${forwardedFor}`,
          'content-type: application/json',
          'x-github-event: issues',
          'x-github-delivery: slow',
          `x-hub-signature-256: sha256=${'0'.repeat(64)}`,
          'content-length: 10',
          '',
          '',
        ].join('\r\n'),
      );
      setTimeout(() => resolve(() => answer), 300);
    });
  });
}

const status = (answer: string) => answer.split('\r\n')[0];

describe('--trust-proxy', () => {
  it('counts requests per forwarded client from the proxy, and believes no header from anyone else', async () => {
    // Through the proxy: client A holds its 2 requests; its 3rd is refused, client B still gets in.
    const a = await Promise.all([1, 2, 3].map(() => slowRequest('127.0.0.1', '203.0.113.1')));
    expect(a.map((answer) => status(answer())).filter((l) => l.startsWith('HTTP/1.1 429'))).toHaveLength(1);
    const b = await slowRequest('127.0.0.1', '198.51.100.9, 203.0.113.2');
    expect(b()).toBe('');
    // Not a proxy: forwarding for fresh addresses does not get past this host's own share.
    const direct = await Promise.all(['192.0.2.1', '192.0.2.2', '192.0.2.3'].map((ip) => slowRequest('127.0.0.7', ip)));
    expect(direct.map((answer) => status(answer())).filter((l) => l.startsWith('HTTP/1.1 429'))).toHaveLength(1);
  }, 30_000);
});
