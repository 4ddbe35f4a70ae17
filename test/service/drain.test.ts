// Draining with a grace period (issue 36, "Operations"): on drain /readyz fails first (503 "draining") while the
// listener still stores deliveries for `drainGraceMs`, so a load balancer sees the replica leave before its
// connections are refused; only then does the listener close.
import { describe, expect, it } from 'vitest';
import { deliverUntilStored, nothingToDo, useInProcessService } from './in-process-service';

const SECRET = 'drain secret';
const svc = useInProcessService({
  secret: SECRET,
  engine: async (o) => nothingToDo(o),
  service: { drainGraceMs: 2_000 },
});

const payload = (number: number) => ({
  action: 'opened',
  issue: { number, title: 'Crash', body: '', state: 'open', user: { login: 'octocat' }, labels: [] },
  repository: { name: 'app', owner: { login: 'octo' } },
  installation: { id: 1 },
});

describe('drain', () => {
  it('says draining on /readyz and keeps storing deliveries for the grace period, then closes the listener', async () => {
    const origin = new URL(svc.url).origin;
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
    const started = Date.now();
    const drained = svc.service.drain(5_000);
    const ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ready: false, reason: 'draining' });
    const during = await deliverUntilStored(svc.url, {
      id: 'd-1',
      event: 'issues',
      payload: payload(1),
      secret: SECRET,
    });
    expect(during.status).toBe(202);
    expect(await drained).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
    const { rows } = await svc.store.pool.query(`SELECT state FROM repo_actions_deliveries WHERE id = 'd-1'`);
    expect(rows).toEqual([{ state: 'queued' }]); // stored for another replica (this one takes no new job)
  });
});
