// Graceful close: queued deliveries finish, new ones are refused with 503 meanwhile, the listener closes.
import { describe, expect, it } from 'vitest';
import type { TriageOptions, TriageResult } from '../../../src/triage/engine';
import { WorkQueue } from '../../../src/webhooks/queue';
import { createReceiver } from '../../../src/webhooks/server';
import { sign } from '../../../src/webhooks/signature';
import { staticTokenProvider } from '../../../src/webhooks/token-provider';

const SECRET = 'server test secret';
const silent = { debug() {}, info() {}, warning() {} };

function issuePayload(number: number) {
  return {
    action: 'opened',
    issue: { number, title: `#${number}`, state: 'open', user: { login: 'a' }, labels: [] },
    repository: { name: 'app', owner: { login: 'octo' } },
  };
}

async function deliver(url: string, id: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'issues',
      'x-github-delivery': id,
      'x-hub-signature-256': sign(SECRET, body),
    },
    body,
  });
  return res.status;
}

describe('graceful close', () => {
  it('finishes the queued work before closing and refuses new deliveries meanwhile', async () => {
    const finished: number[] = [];
    const receiver = createReceiver({
      secret: SECRET,
      tokenProvider: staticTokenProvider('t'),
      concurrency: 2,
      log: silent,
      engine: async (o: TriageOptions) => {
        await new Promise((r) => setTimeout(r, 80));
        finished.push((o.event.payload as any).issue.number);
        return { plan: [], notes: [] } as unknown as TriageResult;
      },
    });
    (receiver.dispatcher.configs as any).load = async () => ({
      kind: 'found',
      config: { rules: [] },
      fromCache: false,
    });
    const url = await receiver.listen({ port: 0 });
    const statuses = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => deliver(url, `g-${n}`, issuePayload(n))));
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202]);
    expect(finished.length).toBeLessThan(6); // still working when the close begins

    const closed = receiver.close();
    // While closing: 503 (the sender retries later), not 202 for work that would be lost.
    const during = await deliver(url, 'g-late', issuePayload(7)).catch(() => 'refused');
    expect([503, 'refused']).toContain(during);
    await closed;
    expect(finished.sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(receiver.server?.listening).toBe(false);
    await expect(fetch(url, { method: 'POST', body: '{}' })).rejects.toThrow();
    await receiver.close(); // idempotent
  });

  it('starts no new processing while deliveries keep arriving, at most maxDeferMs', async () => {
    let busy = true;
    const started: number[] = [];
    const t0 = Date.now();
    const queue = new WorkQueue({ busy: () => busy, maxDeferMs: 100 });
    queue.push('a', async () => void started.push(Date.now() - t0));
    await new Promise((r) => setTimeout(r, 40));
    expect(started).toEqual([]); // deferred while busy
    await queue.drain(); // the deferral is bounded
    expect(started[0]).toBeGreaterThanOrEqual(95);
    busy = false;
    queue.push('b', async () => void started.push(Date.now() - t0));
    await queue.drain();
    expect(started).toHaveLength(2);
  });

  it('refuses an empty secret', () => {
    expect(() => createReceiver({ secret: '', tokenProvider: staticTokenProvider('t') })).toThrow(/secret/);
  });
});
