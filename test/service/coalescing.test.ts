// Coalescing and per-item serialisation: 64 deliveries about one issue arriving at once become at most two engine
// runs (one may be running when the rest arrive; they wait in one pending job), while deliveries about other
// issues run meanwhile: the busy issue's waiting job holds no worker slot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch as modeOf } from '../../src/triage/dispatch';
import type { TriageOptions, TriageResult } from '../../src/triage/engine';
import { jsonLogger } from '../../src/webhooks/json-log';
import { createService, type Service } from '../../src/webhooks/server';
import { openStore, type Store } from '../../src/webhooks/store/open-store';
import { eventually, inPool, postDelivery, startPostgres, type Postgres } from '../../emulator/runner/service';

const SECRET = 'coalescing secret';
let postgres: Postgres;
let store: Store;
let service: Service;
let url: string;
const runs: { number: number; started: number; ended: number }[] = [];
/** The busy issue's first run lasts until every delivery was answered: the rest arrive while it runs. */
let allAnswered: () => void = () => {};
const answered = new Promise<void>((r) => (allAnswered = r));

async function slowEngine(o: TriageOptions): Promise<TriageResult> {
  const issue = (o.event.payload as { issue?: { number?: number } }).issue;
  const started = Date.now();
  if (issue?.number === 7 && !runs.some((r) => r.number === 7)) await answered;
  await new Promise((r) => setTimeout(r, 100));
  runs.push({ number: issue?.number ?? 0, started, ended: Date.now() });
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
    dispatcher: { tokenProvider: { tokenFor: async () => 'token' }, engine: slowEngine },
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
  await service?.drain(5_000);
  await store?.close();
  await postgres?.stop();
});

function edited(number: number, i: number) {
  return {
    action: 'edited',
    issue: {
      number,
      title: 'Crash',
      body: `edit ${i}`,
      state: 'open',
      updated_at: new Date(Date.UTC(2026, 10, 24, 12, 0, i)).toISOString(),
      user: { login: 'octocat' },
      labels: [],
    },
    changes: { body: { from: '' } },
    repository: { name: 'app', owner: { login: 'octo' } },
  };
}

describe('coalescing', () => {
  it('runs the engine at most twice for 64 deliveries on one issue, and other issues meanwhile', async () => {
    const busy = Array.from(
      { length: 64 },
      (_, i) => () => postDelivery(url, { id: `busy-${i}`, event: 'issues', payload: edited(7, i), secret: SECRET }),
    );
    const others = Array.from(
      { length: 4 },
      (_, i) => () =>
        postDelivery(url, { id: `other-${i}`, event: 'issues', payload: edited(100 + i, 0), secret: SECRET }),
    );
    const answers = await inPool(16, [...busy, ...others]);
    allAnswered();
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 202));
    await eventually(
      async () => {
        const s = await store.log.stats();
        return s.queued + s.running === 0;
      },
      30_000,
      'every delivery done',
    );
    const onBusy = runs.filter((r) => r.number === 7);
    expect(onBusy.length).toBeGreaterThanOrEqual(1);
    expect(onBusy.length).toBeLessThanOrEqual(2);
    expect(runs.filter((r) => r.number >= 100)).toHaveLength(4);
    const done = await store.log.list({ state: 'done', limit: 100 });
    expect(done.filter((d) => d.id.startsWith('busy-'))).toHaveLength(64);
    const coalesced = done.filter((d) => d.history.some((h) => h.outcome === 'coalesced'));
    expect(coalesced.length).toBeGreaterThanOrEqual(62);
    // Never two runs of one issue at once.
    const sorted = onBusy.sort((a, b) => a.started - b.started);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i].started).toBeGreaterThanOrEqual(sorted[i - 1].ended);
    const metrics = await (await fetch(`${new URL(url).origin}/metrics`)).text();
    expect(metrics).toMatch(/^repo_actions_deliveries_coalesced_total\{event="issues"\} (6[2-3])$/m);
  });
});
