// A per-job deadline (issue 36, "Operations": one hung repository stalled the items behind it): with one worker
// slot, a job whose GitHub call never answers is abandoned at its deadline, logged, and its delivery retried (an
// attempt spent each time, failed once they are spent; the retry never runs beside the abandoned run), and the slot
// goes to the next item's job, which runs at once.
import { describe, expect, it } from 'vitest';
import type { TriageOptions, TriageResult } from '../../src/actions/triage/domain/engine';
import { eventually } from '../../harness/service';
import { deliverUntilStored, nothingToDo, useInProcessService } from './in-process-service';

const SECRET = 'deadline secret';
const HUNG = 21;
const logs: string[] = [];
const hung: (() => void)[] = [];

async function engine(o: TriageOptions): Promise<TriageResult> {
  const installation = Number((o.event.payload as { installation?: { id?: number } }).installation?.id);
  if (installation === HUNG) await new Promise<void>((resolve) => hung.push(resolve)); // a call that never answers
  return nothingToDo(o);
}

const svc = useInProcessService({
  secret: SECRET,
  engine,
  concurrency: 1,
  logs,
  service: { jobDeadlineMs: 1_000, maxAttempts: 2, retryBaseMs: 200 },
});

const payload = (installation: number, number: number) => ({
  action: 'opened',
  issue: { number, title: 'Crash', body: '', state: 'open', user: { login: 'octocat' }, labels: [] },
  repository: { name: `repo${installation}`, owner: { login: 'octo' } },
  installation: { id: installation },
});

const rowOf = async (id: string) =>
  (
    await svc.store.pool.query<{ state: string; attempts: number; history: { outcome: string; error?: string }[] }>(
      `SELECT state, attempts, history FROM repo_actions_deliveries WHERE id = $1`,
      [id],
    )
  ).rows[0];

describe('the job deadline', () => {
  it('abandons a hung job, retries its delivery until its attempts are spent, and frees the slot', async () => {
    const post = (id: string, installation: number) =>
      deliverUntilStored(svc.url, { id, event: 'issues', payload: payload(installation, 1), secret: SECRET });
    expect((await post('hung-1', HUNG)).status).toBe(202);
    await eventually(async () => hung.length === 1, 10_000, 'the hung call to start');
    const started = Date.now();
    expect((await post('next-1', 22)).status).toBe(202);
    // The only slot was held by the hung job: the next item runs once the deadline abandons it.
    await eventually(async () => (await rowOf('next-1'))?.state === 'done', 10_000, 'the next item to run');
    expect(Date.now() - started).toBeLessThan(5_000);
    await eventually(async () => (await rowOf('hung-1'))?.state === 'failed', 15_000, 'the hung delivery to fail');
    const row = await rowOf('hung-1');
    expect(row.attempts).toBe(2);
    expect(row.history.map((h) => h.outcome)).toEqual(['retry', 'failed']);
    expect(row.history[1].error).toBe('the job ran longer than its deadline (1 s): abandoned, retried');
    // The retry waited behind the abandoned run's hold on its item (the dispatcher's per-item lock): an item never
    // runs beside itself, even abandoned; it too was abandoned at the deadline.
    expect(hung.length).toBe(1);
    expect(
      logs.filter((l) => l.includes('longer than its deadline') && l.includes('"delivery":"hung-1"')),
    ).toHaveLength(2);
    for (const release of hung) release();
  });
});
