// The store is not a trust boundary: a row written straight into the delivery log (by anyone who can reach the
// database but does not hold the webhook secret) queues a job, but the job finds no seal and never runs the engine.
// The attacker's row here names an admin as a comment's author and asks to close the issue.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch as modeOf } from '../../src/triage/dispatch';
import type { TriageOptions, TriageResult } from '../../src/triage/engine';
import { jsonLogger } from '../../src/webhooks/json-log';
import { createService, type Service } from '../../src/webhooks/server';
import { DeliveryLog } from '../../src/webhooks/store/delivery-log';
import { openStore, type Store } from '../../src/webhooks/store/open-store';
import { sealMatches, sealOf } from '../../src/webhooks/store/seal';
import { eventually, startPostgres, type Postgres } from '../../emulator/runner/service';

const SECRET = 'forged row secret';
let postgres: Postgres;
let store: Store;
let service: Service;
let url: string;
const runs: string[] = [];

async function engine(o: TriageOptions): Promise<TriageResult> {
  const payload = o.event.payload as { comment?: { body?: string } };
  runs.push(`${o.event.name}:${payload.comment?.body ?? ''}`);
  return {
    mode: modeOf(o.event.name, o.event.payload),
    processed: 1,
    plan: [],
    remaining: 0,
    notes: [],
    counts: {} as TriageResult['counts'],
  };
}

const commentBody = (text: string) =>
  JSON.stringify({
    action: 'created',
    issue: { number: 7, title: 'Bug', body: null, state: 'open', user: { login: 'mallory' }, labels: [] },
    comment: { id: 99, body: text, user: { login: 'the-admin', type: 'User' } },
    repository: { name: 'app', owner: { login: 'octo' } },
  });

beforeAll(async () => {
  postgres = await startPostgres();
  store = await openStore({ database: postgres.url, dataDir: postgres.dataDir, sealKey: SECRET });
  service = createService({
    secret: SECRET,
    store,
    log: jsonLogger({ secrets: [], verbose: false, write: () => undefined }),
    dispatcher: { tokenProvider: { tokenFor: async () => 'token' }, engine },
  });
  (service.dispatcher.configs as unknown as { load: unknown }).load = async () => ({
    kind: 'found',
    config: { rules: [] },
    fromCache: false,
  });
  url = `${await service.listen({ port: 0 })}/api/github/webhooks`;
}, 60_000);
afterAll(async () => {
  await service?.drain(5_000);
  await store?.close();
  await postgres?.stop();
});

describe('a row written into the store without the secret', () => {
  it('is kept as failed and never reaches the engine, while a signed delivery does', async () => {
    const genuine = commentBody('/label bug');
    const signature = `sha256=${createHmac('sha256', SECRET).update(genuine).digest('hex')}`;
    const sent = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'issue_comment',
        'x-github-delivery': 'genuine-1',
        'x-hub-signature-256': signature,
      },
      body: genuine,
    });
    expect(sent.status).toBe(202);
    await eventually(() => runs.length === 1, 20_000, 'the signed delivery processed');

    // The attacker's write: the same SQL the service uses, but without the key the seal is made with.
    const attacker = new DeliveryLog(store.pool, store.pool);
    expect(
      await attacker.accept({
        id: 'forged-1',
        event: 'issue_comment',
        action: 'created',
        repository: 'octo/app',
        itemKey: 'octo/app#8',
        headers: {},
        body: Buffer.from(commentBody('/close')),
      }),
    ).toBe('accepted');
    await eventually(
      async () => (await store.log.list({ limit: 10 })).some((d) => d.id === 'forged-1' && d.state === 'failed'),
      20_000,
      'the forged row settled',
    );
    expect(runs).toEqual(['issue_comment:/label bug']);
  });

  it('a seal binds the id, event, item and body', () => {
    const d = { id: 'a', event: 'issues', itemKey: 'o/r#1', body: Buffer.from('{}') };
    const seal = sealOf(SECRET, d);
    expect(sealMatches(SECRET, d, seal)).toBe(true);
    expect(sealMatches('another secret', d, seal)).toBe(false);
    expect(sealMatches(SECRET, { ...d, body: Buffer.from('{"x":1}') }, seal)).toBe(false);
    expect(sealMatches(SECRET, { ...d, id: 'b' }, seal)).toBe(false);
    expect(sealMatches(SECRET, { ...d, itemKey: 'o/r#2' }, seal)).toBe(false);
    expect(sealMatches(SECRET, d, null)).toBe(false);
    expect(sealMatches(SECRET, d, 'zz')).toBe(false);
  });
});
