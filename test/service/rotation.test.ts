// Rotating the webhook secret loses nothing (issue 36 item 5): while the previous secret is still configured
// (`--previous-secret-env`), deliveries signed with either secret are stored and a third is refused; rows sealed
// under the previous secret before the switch still run; and a row whose seal no configured key vouches for is kept
// as failed until GitHub redelivers it, when it is sealed again under the new secret and runs.
import { describe, expect, it } from 'vitest';
import type { TriageOptions, TriageResult } from '../../src/actions/triage/domain/engine';
import { DeliveryLog } from '../../src/hosts/service/store/delivery-log';
import { eventually } from '../../harness/service';
import { deliverUntilStored, nothingToDo, useInProcessService } from './in-process-service';

const NEW_SECRET = 'the new webhook secret';
const OLD_SECRET = 'the old webhook secret';
const ran: string[] = [];

async function engine(o: TriageOptions): Promise<TriageResult> {
  ran.push(String((o.event.payload as { issue?: { number?: number } }).issue?.number));
  return nothingToDo(o);
}

const svc = useInProcessService({
  secret: NEW_SECRET,
  sealKey: [NEW_SECRET, OLD_SECRET],
  service: { previousSecrets: [OLD_SECRET] },
  engine,
});

function opened(number: number) {
  return {
    action: 'opened',
    issue: { number, title: 'Crash', body: 'x', state: 'open', user: { login: 'octocat' }, labels: [] },
    repository: { name: 'app', owner: { login: 'octo' } },
  };
}

async function stateOf(id: string): Promise<{ state: string; last_error: string | null } | undefined> {
  const { rows } = await svc.store.pool.query('SELECT state, last_error FROM repo_actions_deliveries WHERE id = $1', [
    id,
  ]);
  return rows[0];
}

/** Stores a delivery as a service holding only `key` would (sealed with it), bypassing the receiver. */
async function storedWith(key: string, id: string, number: number): Promise<void> {
  const log = new DeliveryLog(svc.store.pool, svc.store.pool, key);
  const body = Buffer.from(JSON.stringify(opened(number)));
  expect(
    await log.accept({
      id,
      event: 'issues',
      action: 'opened',
      repository: 'octo/app',
      itemKey: `octo/app#${number}`,
      headers: {},
      body,
    }),
  ).toBe('accepted');
}

describe('webhook secret rotation', () => {
  it('accepts deliveries signed with the new or the previous secret, and refuses any other', async () => {
    const byNew = await deliverUntilStored(svc.url, {
      id: 'new-1',
      event: 'issues',
      payload: opened(1),
      secret: NEW_SECRET,
    });
    const byOld = await deliverUntilStored(svc.url, {
      id: 'old-2',
      event: 'issues',
      payload: opened(2),
      secret: OLD_SECRET,
    });
    const byOther = await deliverUntilStored(svc.url, {
      id: 'other-3',
      event: 'issues',
      payload: opened(3),
      secret: 'guess',
    });
    expect([byNew.status, byOld.status, byOther.status]).toEqual([202, 202, 401]);
    await eventually(
      async () => (await stateOf('new-1'))?.state === 'done' && (await stateOf('old-2'))?.state === 'done',
      20_000,
      'both done',
    );
  }, 60_000);

  it('runs rows sealed under the previous secret before the switch', async () => {
    await storedWith(OLD_SECRET, 'sealed-old-4', 4);
    await eventually(async () => (await stateOf('sealed-old-4'))?.state === 'done', 20_000, 'the old row done');
    expect(ran).toContain('4');
  }, 60_000);

  it('seals a redelivered failed row again under the new secret', async () => {
    await storedWith('a secret no longer configured', 'sealed-lost-5', 5);
    await eventually(
      async () => (await stateOf('sealed-lost-5'))?.state === 'failed',
      20_000,
      'the unvouched row failed',
    );
    expect((await stateOf('sealed-lost-5'))!.last_error).toMatch(/seal/);
    expect(ran).not.toContain('5');
    const again = await deliverUntilStored(svc.url, {
      id: 'sealed-lost-5',
      event: 'issues',
      payload: opened(5),
      secret: NEW_SECRET,
    });
    expect(again.status).toBe(202);
    await eventually(
      async () => (await stateOf('sealed-lost-5'))?.state === 'done',
      20_000,
      'the redelivered row done',
    );
    expect(ran).toContain('5');
  }, 60_000);
});
