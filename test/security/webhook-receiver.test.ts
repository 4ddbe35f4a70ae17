// The webhook receiver against hostile senders. A missing or malformed X-Hub-Signature-256 is
// refused before the body is read; a declared or streamed body over the limit is refused at the limit; a
// signature over anything but the raw bytes is refused (form bodies included); one remote address cannot hold
// more than its share of connections and unverified bytes. Slow and oversized unsigned requests in parallel leave the receiver's
// memory bounded and a valid delivery's answer fast.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SECRET } from '../e2e/webhooks/scenario';
import { postDelivery } from '../../harness/service';
import { useOfflineServe } from './offline-serve';

const edge = useOfflineServe('security-webhooks');
const { sockets } = edge;

/** Opens a raw connection, sends `head` and resolves with the first bytes of the answer (or '' on close). */
function raw(
  head: string,
  body?: { bytes: number; chunk?: number; everyMs?: number; chunked?: boolean },
): Promise<string> {
  const { port, hostname } = new URL(edge.serve.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    sockets.push(socket);
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (c) => {
      answer += c.toString('latin1');
      if (/\r\n\r\n/.test(answer)) {
        clearInterval(timer);
        resolve(answer);
        socket.destroy();
      }
    });
    socket.on('error', () => resolve(answer));
    socket.on('close', () => {
      clearInterval(timer);
      resolve(answer);
    });
    socket.write(head);
    if (body) {
      let sent = 0;
      const chunk = Buffer.alloc(body.chunk ?? 64 * 1024, 0x61);
      const send = () => {
        if (sent >= body.bytes || socket.destroyed) return clearInterval(timer);
        sent += chunk.length;
        if (body.chunked) socket.write(`${chunk.length.toString(16)}\r\n`);
        socket.write(chunk);
        if (body.chunked) socket.write('\r\n');
      };
      if (body.everyMs) timer = setInterval(send, body.everyMs);
      else while (sent < body.bytes && !socket.destroyed) send();
    }
  });
}

const path = () => new URL(edge.serve.url).pathname;
const head = (headers: Record<string, string>) =>
  `POST ${path()} HTTP/1.1\r\nhost: x\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
const FAKE_SIGNATURE = `sha256=${'0'.repeat(64)}`;
const deliveryHeaders = {
  'x-github-event': 'issues',
  'x-github-delivery': 'attack',
  'content-type': 'application/json',
};

describe('the webhook receiver under hostile requests', () => {
  it('refuses a missing or malformed signature before reading a 24 MB body', async () => {
    const started = performance.now();
    const missing = await raw(head({ ...deliveryHeaders, 'content-length': String(24 << 20) }), { bytes: 64 << 10 });
    expect(missing).toMatch(/^HTTP\/1.1 401/);
    const malformed = await raw(
      head({ ...deliveryHeaders, 'x-hub-signature-256': 'sha1=abc', 'content-length': String(24 << 20) }),
      { bytes: 64 << 10 },
    );
    expect(malformed).toMatch(/^HTTP\/1.1 401/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses a declared or streamed body over the limit (5 MB) at the limit', async () => {
    const declared = await raw(
      head({ ...deliveryHeaders, 'x-hub-signature-256': FAKE_SIGNATURE, 'content-length': String(24 << 20) }),
    );
    expect(declared).toMatch(/^HTTP\/1.1 413/);
    // No declared length: the body streams through the HMAC and is refused once past 5 MB.
    const streamed = await raw(
      head({ ...deliveryHeaders, 'x-hub-signature-256': FAKE_SIGNATURE, 'transfer-encoding': 'chunked' }),
      { bytes: 8 << 20, chunked: true },
    );
    expect(streamed).toMatch(/^HTTP\/1.1 413/);
  });

  it('accepts a form-encoded delivery signed over the raw form bytes, and nothing signed otherwise', async () => {
    const payload = { action: 'labeled', issue: { number: 1 }, repository: { name: 'app', owner: { login: 'octo' } } };
    const form = await postDelivery(edge.serve.url, {
      id: 'form-1',
      event: 'issues',
      payload,
      secret: SECRET,
      form: true,
    });
    expect(form.status).toBe(204); // verified and parsed; `labeled` is not an event the engine acts on
    const json = JSON.stringify(payload);
    const { createHmac } = await import('node:crypto');
    const overJson = `sha256=${createHmac('sha256', SECRET).update(json).digest('hex')}`;
    const wrong = await postDelivery(edge.serve.url, {
      id: 'form-2',
      event: 'issues',
      payload,
      secret: SECRET,
      form: true,
      signature: overJson,
    });
    expect(wrong.status).toBe(401);
    const ping = await postDelivery(edge.serve.url, {
      id: 'p',
      event: 'ping',
      payload: { zen: 'z' },
      secret: SECRET,
      form: true,
    });
    expect(ping.status).toBe(200);
  });

  it('keeps memory bounded and a valid delivery fast while slow and oversized requests arrive in parallel', async () => {
    const before = edge.rssMb();
    const attacks: Promise<string>[] = [];
    // 8 oversized bodies with plausible signatures and no declared length, streamed as fast as possible.
    for (let i = 0; i < 8; i++)
      attacks.push(
        raw(head({ ...deliveryHeaders, 'x-hub-signature-256': FAKE_SIGNATURE, 'content-length': String(5 << 20) }), {
          bytes: 5 << 20,
        }),
      );
    // 30 trickling bodies: 1 KB every 100 ms.
    for (let i = 0; i < 30; i++)
      attacks.push(
        raw(head({ ...deliveryHeaders, 'x-hub-signature-256': FAKE_SIGNATURE, 'content-length': String(1 << 20) }), {
          bytes: 1 << 20,
          chunk: 1024,
          everyMs: 100,
        }),
      );
    await new Promise((r) => setTimeout(r, 500));
    // 38 requests from one address: never more than 32 held; the ones past the address's share of connections are
    // closed when accepted, and bodies past its share of unverified bytes are answered 503 unread.
    const early = attacks.map((p) => Promise.race([p, new Promise<string>((r) => setTimeout(() => r('pending'), 50))]));
    const firstLines = (await Promise.all(early)).map((a) => a.split('\r\n')[0]);
    expect(firstLines.filter((l) => l === 'pending').length).toBeLessThanOrEqual(32);
    expect(firstLines.filter((l) => l === '' || /^HTTP\/1.1 (429|503)/.test(l)).length).toBeGreaterThan(0);

    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      // From another local address, as GitHub's hook deliveries come from other hosts than an attacker.
      const res = await postDelivery(edge.serve.url, {
        localAddress: '127.0.0.2',
        id: `valid-${i}`,
        event: 'issues',
        payload: { action: 'labeled', issue: { number: 1 }, repository: { name: 'app', owner: { login: 'octo' } } },
        secret: SECRET,
      });
      expect(res.status).toBe(204);
      latencies.push(res.ms);
    }
    const after = edge.rssMb();
    for (const s of sockets) s.destroy();
    await Promise.all(attacks);
    // Generous bounds for a loaded machine: the point is no 24 MB-per-request buffering and no stall.
    expect(Math.max(...latencies)).toBeLessThan(1_000);
    expect(after - before).toBeLessThan(120);
  }, 60_000);
});
