// The store is not a trust boundary: a row written straight into the delivery log (by anyone who can reach the
// database but does not hold the webhook secret) queues a job, but the job finds no seal and never runs the engine.
// The attacker's row here names an admin as a comment's author and asks to close the issue.
import { describe, expect, it } from 'vitest';
import type { TriageOptions } from '../../src/actions/triage/domain/engine';
import { DeliveryLog } from '../../src/hosts/service/store/delivery-log';
import { sealMatches, sealOf } from '../../src/hosts/service/store/seal';
import { eventually } from '../../harness/service';
import { deliverUntilStored, nothingToDo, useInProcessService } from '../service/in-process-service';

const SECRET = 'forged row secret';
const runs: string[] = [];
const svc = useInProcessService({
  secret: SECRET,
  sealKey: SECRET,
  engine: async (o: TriageOptions) => {
    const payload = o.event.payload as { comment?: { body?: string } };
    runs.push(`${o.event.name}:${payload.comment?.body ?? ''}`);
    return nothingToDo(o);
  },
});

const commentPayload = (text: string) => ({
  action: 'created',
  issue: { number: 7, title: 'Bug', body: null, state: 'open', user: { login: 'mallory' }, labels: [] },
  comment: { id: 99, body: text, user: { login: 'the-admin', type: 'User' } },
  repository: { name: 'app', owner: { login: 'octo' } },
});

describe('a row written into the store without the secret', () => {
  it('is kept as failed and never reaches the engine, while a signed delivery does', async () => {
    const sent = await deliverUntilStored(svc.url, {
      id: 'genuine-1',
      event: 'issue_comment',
      payload: commentPayload('/label bug'),
      secret: SECRET,
    });
    expect(sent.status).toBe(202);
    await eventually(() => runs.length === 1, 20_000, 'the signed delivery processed');

    // The attacker's write: the same SQL the service uses, but without the key the seal is made with.
    const attacker = new DeliveryLog(svc.store.pool, svc.store.pool);
    expect(
      await attacker.accept({
        id: 'forged-1',
        event: 'issue_comment',
        action: 'created',
        repository: 'octo/app',
        itemKey: 'octo/app#8',
        headers: {},
        body: Buffer.from(JSON.stringify(commentPayload('/close'))),
      }),
    ).toBe('accepted');
    await eventually(
      async () => (await svc.store.log.list({ limit: 10 })).some((d) => d.id === 'forged-1' && d.state === 'failed'),
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
