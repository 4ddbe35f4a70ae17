// Fairness between installations: installation A's burst of 300 deliveries (300 issues, so 300 jobs) is queued
// first, then installation B's single delivery; B's job completes before half of A's backlog, because each job is
// queued with its installation's open-delivery count as its priority. The order is read from the delivery log
// (finish order), never from timing: every engine run waits until all 301 deliveries were answered, so A's whole
// burst is queued when B's delivery arrives.
import { afterAll, describe, expect, it } from 'vitest';
import type { TriageOptions, TriageResult } from '../../src/actions/triage/domain/engine';
import { eventually, inPool } from '../../harness/service';
import { deliverUntilStored, nothingToDo, useInProcessService } from './in-process-service';

const SECRET = 'fairness secret';
const BURST = 300;
let allAnswered: () => void = () => {};
const answered = new Promise<void>((r) => (allAnswered = r));

async function gatedEngine(o: TriageOptions): Promise<TriageResult> {
  await answered;
  return nothingToDo(o);
}

const svc = useInProcessService({ secret: SECRET, concurrency: 2, engine: gatedEngine });
// Registered after the service's own hook, so it runs before the drain: no engine run waits for ever.
afterAll(() => allAnswered());

const deliver = (o: Omit<Parameters<typeof deliverUntilStored>[1], 'secret'>) =>
  deliverUntilStored(svc.url, { ...o, secret: SECRET });

function opened(installation: number, repo: string, number: number) {
  return {
    action: 'opened',
    issue: {
      number,
      title: 'Crash',
      body: 'It crashes',
      state: 'open',
      updated_at: new Date(Date.UTC(2026, 10, 24, 12, 0, 0)).toISOString(),
      user: { login: 'octocat' },
      labels: [],
    },
    repository: { name: repo, owner: { login: 'octo' } },
    installation: { id: installation },
  };
}

describe('fairness between installations', () => {
  it("runs B's single delivery before half of A's earlier burst of 300", async () => {
    const burst = Array.from(
      { length: BURST },
      (_, i) => () => deliver({ id: `a-${i}`, event: 'issues', payload: opened(1, 'a', i + 1) }),
    );
    const answersA = await inPool(8, burst);
    expect(answersA.map((a) => a.status)).toEqual(answersA.map(() => 202));
    const answerB = await deliver({ id: 'b-0', event: 'issues', payload: opened(2, 'b', 1) });
    expect(answerB.status).toBe(202);
    allAnswered();

    await eventually(
      async () => {
        const s = await svc.store.log.stats();
        return s.queued + s.running === 0;
      },
      120_000,
      'every delivery done',
    );
    const { rows } = await svc.store.pool.query<{ id: string; state: string }>(
      `SELECT id, state FROM repo_actions_deliveries ORDER BY finished_at, id`,
    );
    expect(rows).toHaveLength(BURST + 1);
    expect(rows.every((r) => r.state === 'done')).toBe(true);
    const finishedBeforeB = rows.findIndex((r) => r.id === 'b-0');
    // Without fairness B would finish last (arrival order): here only A's jobs already running, or taken at the
    // same moment by the other worker, may finish first.
    expect(finishedBeforeB).toBeGreaterThanOrEqual(0);
    expect(finishedBeforeB).toBeLessThan(BURST / 2);
    expect(finishedBeforeB).toBeLessThanOrEqual(4);
  }, 180_000);
});
