// A captured delivery replayed under a fresh X-GitHub-Delivery id (the signature still matches its body): the
// same body seen within the retention time is a duplicate: 202 without work, logged, the engine never runs twice.
import { describe, expect, it } from 'vitest';
import type { TriageOptions } from '../../src/actions/triage/domain/engine';
import { eventually } from '../../harness/service';
import { deliverUntilStored, nothingToDo, useInProcessService } from '../service/in-process-service';

const SECRET = 'replay secret';
const runs: string[] = [];
const logs: string[] = [];
const svc = useInProcessService({
  secret: SECRET,
  logs,
  engine: async (o: TriageOptions) => {
    runs.push(o.event.name);
    return nothingToDo(o);
  },
});

const send = (id: string, payload: unknown) =>
  deliverUntilStored(svc.url, { id, event: 'issues', payload, secret: SECRET });

describe('a replayed delivery under a fresh id', () => {
  it('is a duplicate: 202, logged, no second run', async () => {
    const body = {
      action: 'opened',
      issue: { number: 5, title: 'Crash', body: null, state: 'open', user: { login: 'octocat' }, labels: [] },
      repository: { name: 'app', owner: { login: 'octo' } },
    };
    expect((await send('original-1', body)).status).toBe(202);
    await eventually(() => runs.length === 1, 20_000, 'the original processed');
    const replay = await send('attacker-2', body);
    expect(replay.status).toBe(202);
    expect(JSON.parse(replay.body)).toMatchObject({ duplicate: true });
    // A duplicate is never queued: once nothing is queued or running, no second run can come.
    await eventually(
      async () => {
        const s = await svc.store.log.stats();
        return s.queued + s.running === 0;
      },
      20_000,
      'the queue empty',
    );
    expect(runs).toHaveLength(1);
    expect(logs.some((l) => l.includes('"delivery":"attacker-2"') && l.includes('duplicate'))).toBe(true);
    expect((await svc.store.log.list({ limit: 10 })).map((d) => d.id)).toEqual(['original-1']);
  });
});
