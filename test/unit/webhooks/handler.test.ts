import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sign as octokitSign, verify as octokitVerify } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryStore } from '../../../src/webhooks/dedupe';
import { createWebhookHandler, type Delivery } from '../../../src/webhooks/handler';
import { sign, verifySignature } from '../../../src/webhooks/signature';

const require = createRequire(import.meta.url);
const examples: { name: string; examples: Record<string, unknown>[] }[] = require('@octokit/webhooks-examples');
const SECRET = "It's a Secret to Everybody";
const HANDLED = new Set(['issues', 'issue_comment', 'pull_request']);

let server: Server;
let url: string;
const processed: Delivery[] = [];
let handler: ReturnType<typeof createWebhookHandler>;

beforeAll(async () => {
  handler = createWebhookHandler({
    secret: SECRET,
    handles: (event) => HANDLED.has(event),
    process: async (d) => {
      processed.push(d);
    },
  });
  server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

let seq = 0;
async function deliver(
  event: string | undefined,
  body: string | Buffer,
  headers: Record<string, string | undefined> = {},
) {
  const h: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'GitHub-Hookshot/test' };
  if (event) h['x-github-event'] = event;
  h['x-github-delivery'] = headers['x-github-delivery'] ?? `d-${++seq}`;
  const sig = 'x-hub-signature-256' in headers ? headers['x-hub-signature-256'] : sign(SECRET, body);
  if (sig !== undefined) h['x-hub-signature-256'] = sig;
  const res = await fetch(url, { method: 'POST', headers: h, body });
  return { status: res.status, text: await res.text() };
}

describe('signature', () => {
  it('matches the documented example of the seed (sha256 over the raw bytes)', () => {
    // GitHub's documented test vector.
    expect(sign("It's a Secret to Everybody", 'Hello, World!')).toBe(
      'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
    );
  });

  it('agrees with @octokit/webhooks-methods on every example payload', async () => {
    for (const group of examples.slice(0, 12)) {
      for (const payload of group.examples.slice(0, 2)) {
        const text = JSON.stringify(payload);
        expect(sign(SECRET, text)).toBe(await octokitSign(SECRET, text));
        expect(await octokitVerify(SECRET, text, sign(SECRET, text))).toBe(true);
      }
    }
  });

  it('verifies the bytes as sent, not re-encoded JSON (escaped unicode)', () => {
    const raw = Buffer.from('{"title":"caf\\u00e9 \\ud83d\\ude00","n":1.0}');
    expect(JSON.stringify(JSON.parse(raw.toString()))).not.toBe(raw.toString());
    expect(verifySignature(SECRET, raw, sign(SECRET, raw))).toBe(true);
    expect(verifySignature(SECRET, Buffer.from(JSON.stringify(JSON.parse(raw.toString()))), sign(SECRET, raw))).toBe(
      false,
    );
  });
});

describe('receiver', () => {
  const cases = examples.filter((e) => ['issues', 'issue_comment', 'pull_request', 'ping'].includes(e.name));

  it('accepts every signed example payload of issues, issue_comment, pull_request and ping', async () => {
    let count = 0;
    for (const group of cases) {
      for (const payload of group.examples) {
        const r = await deliver(group.name, JSON.stringify(payload));
        expect(r.status, `${group.name} ${String(payload.action ?? '')}`).toBe(group.name === 'ping' ? 200 : 202);
        count++;
      }
    }
    await handler.queue.drain();
    expect(count).toBeGreaterThan(60);
    expect(processed.filter((d) => d.event !== 'ping')).toHaveLength(
      count - cases.find((c) => c.name === 'ping')!.examples.length,
    );
  });

  it('answers 204 to an event it does not handle', async () => {
    expect((await deliver('star', '{"action":"created"}')).status).toBe(204);
  });

  it.each([
    ['a wrong secret', sign('not the secret', '{}')],
    ['a truncated signature', sign(SECRET, '{}').slice(0, 40)],
    ['a missing signature', undefined],
    ['sha1= only', 'sha1=0123456789abcdef0123456789abcdef01234567'],
  ])('answers 401 for %s, never 2xx', async (_name, signature) => {
    const before = processed.length;
    const r = await deliver('issues', '{}', { 'x-hub-signature-256': signature });
    expect(r.status).toBe(401);
    await handler.queue.drain();
    expect(processed.length).toBe(before);
  });

  it('answers 400 for a body that is not JSON or a missing event header', async () => {
    expect((await deliver('issues', 'not json')).status).toBe(400);
    expect((await deliver(undefined, '{}')).status).toBe(400);
  });

  it('processes a delivery sent three times once', async () => {
    const before = processed.length;
    const body = JSON.stringify({ action: 'opened', issue: { number: 1 } });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await deliver('issues', body, { 'x-github-delivery': 'same-id' })).status);
    await handler.queue.drain();
    expect(statuses).toEqual([202, 202, 202]);
    expect(processed.length - before).toBe(1);
  });
});

describe('delivery store', () => {
  it('forgets ids after the time window and keeps at most maxEntries', () => {
    let t = 0;
    const store = new DeliveryStore({ ttlMs: 1000, maxEntries: 3, now: () => t });
    expect(store.firstTime('a')).toBe(true);
    expect(store.firstTime('a')).toBe(false);
    t = 1500;
    expect(store.firstTime('a')).toBe(true);
    for (const id of ['b', 'c', 'd']) store.firstTime(id);
    expect(store.size).toBe(3);
    expect(store.firstTime('a')).toBe(true);
  });
});
