// Fairness between installations: installation A's burst of 300 deliveries (300 issues, so 300 jobs) is queued
// first, then installation B's single delivery; B's job completes before half of A's backlog, because each job is
// queued with its installation's open-delivery count as its priority. The order is read from the delivery log
// (finish order), never from timing: every engine run waits until all 301 deliveries were answered, so A's whole
// burst is queued when B's delivery arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch as modeOf } from '../../src/triage/dispatch';
import type { TriageOptions, TriageResult } from '../../src/triage/engine';
import { jsonLogger } from '../../src/webhooks/json-log';
import { createService, type Service } from '../../src/webhooks/server';
import { openStore, type Store } from '../../src/webhooks/store/open-store';
import { eventually, inPool, postDelivery, startPostgres, type Postgres } from '../../harness/service';

const SECRET = 'fairness secret';
const BURST = 300;
let postgres: Postgres;
let store: Store;
let service: Service;
let url: string;
let allAnswered: () => void = () => {};
const answered = new Promise<void>((r) => (allAnswered = r));

async function gatedEngine(o: TriageOptions): Promise<TriageResult> {
  await answered;
  return {
    mode: modeOf(o.event.name, o.event.payload),
    processed: 1,
    plan: [],
    remaining: 0,
    notes: [],
    counts: {} as TriageResult['counts'],
  };
}

beforeAll(async () => {
  postgres = await startPostgres();
  store = await openStore({ database: postgres.url, dataDir: postgres.dataDir });
  service = createService({
    secret: SECRET,
    store,
    concurrency: 2,
    log: jsonLogger({ secrets: [], verbose: false, write: () => {} }),
    dispatcher: { tokenProvider: { tokenFor: async () => 'token' }, engine: gatedEngine },
  });
  // The config read is the only request: answered without a network.
  (service.dispatcher.configs as unknown as { load: unknown }).load = async () => ({
    kind: 'found',
    config: { rules: [] },
    fromCache: false,
  });
  url = `${await service.listen({ port: 0 })}/api/github/webhooks`;
}, 60_000);
afterAll(async () => {
  allAnswered();
  await service?.drain(5_000);
  await store?.close();
  await postgres?.stop();
});

/** Posts until the delivery is taken: a 503 (the database busy past the bound on a loaded machine) is redelivered. */
async function deliver(o: Parameters<typeof postDelivery>[1]) {
  for (let attempt = 1; ; attempt++) {
    const answer = await postDelivery(url, o);
    if ((answer.status !== 503 && answer.status !== 0) || attempt === 20) return answer;
  }
}

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
      (_, i) => () => deliver({ id: `a-${i}`, event: 'issues', payload: opened(1, 'a', i + 1), secret: SECRET }),
    );
    const answersA = await inPool(8, burst);
    expect(answersA.map((a) => a.status)).toEqual(answersA.map(() => 202));
    const answerB = await deliver({ id: 'b-0', event: 'issues', payload: opened(2, 'b', 1), secret: SECRET });
    expect(answerB.status).toBe(202);
    allAnswered();

    await eventually(
      async () => {
        const s = await store.log.stats();
        return s.queued + s.running === 0;
      },
      120_000,
      'every delivery done',
    );
    const { rows } = await store.pool.query<{ id: string; state: string }>(
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
