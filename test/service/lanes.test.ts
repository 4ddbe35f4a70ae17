// Two lanes (issue 36 item 3): a scheduled sweep of 20 repositories never holds every worker — at most two sweep jobs
// run at once (their own named queues, src/hosts/service/store/item-jobs.ts) — so webhooks arriving behind the sweep are
// all done while every sweep job is still held; and a sweep's job is queued behind every webhook's (its priority).
import { afterAll, describe, expect, it } from 'vitest';
import type { TriageOptions, TriageResult } from '../../src/actions/triage/domain/engine';
import { sweepSlot } from '../../src/hosts/service/sweeps';
import { SWEEP_LANES } from '../../src/hosts/service/store/item-jobs';
import { eventually } from '../../harness/service';
import { deliverUntilStored, nothingToDo, useInProcessService } from './in-process-service';

const SECRET = 'lanes secret';
const SWEPT = 20;
let release: () => void = () => {};
const released = new Promise<void>((r) => (release = r));
const sweeps = { running: 0, most: 0, started: 0 };

async function engine(o: TriageOptions): Promise<TriageResult> {
  if (o.event.name !== 'schedule') return nothingToDo(o);
  sweeps.started++;
  sweeps.running++;
  sweeps.most = Math.max(sweeps.most, sweeps.running);
  try {
    await released;
  } finally {
    sweeps.running--;
  }
  return nothingToDo(o);
}

const svc = useInProcessService({ secret: SECRET, concurrency: 4, engine });
afterAll(() => release());

const silent = { debug() {}, info() {}, warning() {} };

async function states(prefix: string): Promise<string[]> {
  const { rows } = await svc.store.pool.query<{ state: string }>(
    `SELECT state FROM repo_actions_deliveries WHERE id LIKE $1 ORDER BY id`,
    [`${prefix}%`],
  );
  return rows.map((r) => r.state);
}

describe('two lanes: sweeps behind webhooks', () => {
  it('runs webhooks while a large sweep holds at most its lanes', async () => {
    const repositories = Array.from({ length: SWEPT }, (_, i) => ({ repository: `octo/r${i}`, installation: 7 }));
    const queued = await sweepSlot({
      slot: Date.UTC(2026, 10, 28, 3, 0),
      deliveries: svc.store.log,
      source: async () => repositories,
      log: silent,
    });
    expect(queued).toBe(SWEPT);
    const priorities = await svc.store.pool.query<{ priority: number; queue_name: string }>(
      `SELECT priority, queue_name FROM graphile_worker.jobs WHERE key LIKE '%#sweep'`,
    );
    expect(priorities.rows.every((r) => r.priority >= 2_000 && r.queue_name.startsWith('repo_actions_sweep:'))).toBe(
      true,
    );
    await eventually(() => sweeps.running === SWEEP_LANES, 20_000, 'the sweep lanes busy');

    for (let i = 0; i < 6; i++) {
      const payload = {
        action: 'opened',
        issue: { number: i + 1, title: 'Crash', body: 'x', state: 'open', user: { login: 'octocat' }, labels: [] },
        repository: { name: 'web', owner: { login: 'octo' } },
        installation: { id: 7 },
      };
      const answer = await deliverUntilStored(svc.url, { id: `hook-${i}`, event: 'issues', payload, secret: SECRET });
      expect(answer.status).toBe(202);
    }
    await eventually(async () => (await states('hook-')).every((s) => s === 'done'), 20_000, 'the webhooks done');
    expect(sweeps.most).toBeLessThanOrEqual(SWEEP_LANES);
    expect(sweeps.started).toBeLessThanOrEqual(SWEEP_LANES);

    release();
    await eventually(
      async () => (await states('sweep:')).filter((s) => s === 'done').length === SWEPT,
      60_000,
      'every sweep done',
    );
    expect(sweeps.most).toBeLessThanOrEqual(SWEEP_LANES);
  }, 120_000);
});
