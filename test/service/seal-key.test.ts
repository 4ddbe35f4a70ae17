// Row seals under a key of their own (issue 36, "Rotation and upgrades lose nothing"): rows arriving through the
// receiver are sealed with the seal key, not the webhook secret; during a seal-key rotation rows sealed with the
// previous key run, and rows an earlier version sealed with the webhook secret run too — both sealed again under the
// current key when taken; a row no configured key vouches for is kept as failed, counted and logged.
import { describe, expect, it } from 'vitest';
import type { TriageOptions, TriageResult } from '../../src/actions/triage/domain/engine';
import { DeliveryLog } from '../../src/hosts/service/store/delivery-log';
import { sealOf } from '../../src/hosts/service/store/seal';
import { eventually } from '../../harness/service';
import { deliverUntilStored, nothingToDo, useInProcessService } from './in-process-service';

const SECRET = 'the webhook secret';
const SEAL_KEY = 'the new seal key';
const OLD_SEAL_KEY = 'the old seal key';
const ran: string[] = [];
const logs: string[] = [];

async function engine(o: TriageOptions): Promise<TriageResult> {
  ran.push(String((o.event.payload as { issue?: { number?: number } }).issue?.number));
  return nothingToDo(o);
}

const svc = useInProcessService({
  secret: SECRET,
  seal: { key: SEAL_KEY, previous: OLD_SEAL_KEY, webhookSecrets: [SECRET] },
  engine,
  logs,
});

function opened(number: number) {
  return {
    action: 'opened',
    issue: { number, title: 'Crash', body: 'x', state: 'open', user: { login: 'octocat' }, labels: [] },
    repository: { name: 'app', owner: { login: 'octo' } },
  };
}

interface Row {
  state: string;
  last_error: string | null;
  seal: string | null;
  event: string;
  item_key: string;
  body: Buffer;
}

async function rowOf(id: string): Promise<Row | undefined> {
  const { rows } = await svc.store.pool.query<Row>(
    'SELECT state, last_error, seal, event, item_key, body FROM repo_actions_deliveries WHERE id = $1',
    [id],
  );
  return rows[0];
}

/** The row's seal is its seal under `key`. */
async function sealedWith(id: string, key: string): Promise<boolean> {
  const r = (await rowOf(id))!;
  return r.seal === sealOf(key, { id, event: r.event, itemKey: r.item_key, body: r.body });
}

/** Stores a delivery as a service sealing with `key` would, bypassing the receiver (an older version, say). */
async function storedWith(key: string, id: string, number: number): Promise<void> {
  const log = new DeliveryLog(svc.store.pool, svc.store.pool, key);
  const body = Buffer.from(JSON.stringify(opened(number)));
  const outcome = await log.accept({
    id,
    event: 'issues',
    action: 'opened',
    repository: 'octo/app',
    itemKey: `octo/app#${number}`,
    headers: {},
    body,
  });
  expect(outcome).toBe('accepted');
}

const done = (id: string) => async () => (await rowOf(id))?.state === 'done';

describe('the seal key', () => {
  it('seals what the receiver stores with the seal key, not the webhook secret', async () => {
    expect(svc.store.sealKeySource).toBe('given');
    const answer = await deliverUntilStored(svc.url, {
      id: 'recv-1',
      event: 'issues',
      payload: opened(1),
      secret: SECRET,
    });
    expect(answer.status).toBe(202);
    await eventually(done('recv-1'), 20_000, 'the received row done');
    expect(await sealedWith('recv-1', SEAL_KEY)).toBe(true);
    expect(await sealedWith('recv-1', SECRET)).toBe(false);
  }, 60_000);

  it('runs rows sealed with the previous seal key and seals them again under the current one', async () => {
    await storedWith(OLD_SEAL_KEY, 'old-key-2', 2);
    await eventually(done('old-key-2'), 20_000, 'the old-key row done');
    expect(ran).toContain('2');
    expect(await sealedWith('old-key-2', SEAL_KEY)).toBe(true);
  }, 60_000);

  it('runs rows an earlier version sealed with the webhook secret, sealed again under the seal key', async () => {
    await storedWith(SECRET, 'legacy-3', 3);
    await eventually(done('legacy-3'), 20_000, 'the legacy row done');
    expect(ran).toContain('3');
    expect(await sealedWith('legacy-3', SEAL_KEY)).toBe(true);
  }, 60_000);

  it('keeps a row no key vouches for as failed, counts it and logs it with its id; a redelivery runs it', async () => {
    const before = svc.service.metrics.sealFailures.total();
    await storedWith('a key nobody configured', 'forged-4', 4);
    await eventually(async () => (await rowOf('forged-4'))?.state === 'failed', 20_000, 'the unvouched row failed');
    expect((await rowOf('forged-4'))!.last_error).toMatch(/seal/);
    expect(ran).not.toContain('4');
    expect(svc.service.metrics.sealFailures.total()).toBe(before + 1);
    const line = logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.delivery === 'forged-4');
    expect(line).toMatchObject({ level: 'error', event: 'issues' });
    expect(String(line!.message)).toMatch(/seal/);
    const metrics = await svc.service.metrics.registry.getSingleMetricAsString('repo_actions_seal_failures_total');
    expect(metrics).toMatch(/repo_actions_seal_failures_total\{event="issues"\} [1-9]/);
    const again = await deliverUntilStored(svc.url, {
      id: 'forged-4',
      event: 'issues',
      payload: opened(4),
      secret: SECRET,
    });
    expect(again.status).toBe(202);
    await eventually(done('forged-4'), 20_000, 'the redelivered row done');
    expect(await sealedWith('forged-4', SEAL_KEY)).toBe(true);
  }, 60_000);
});
