// Coalescing and per-item serialisation: 64 deliveries about one issue arriving at once become at most two engine
// runs (one may be running when the rest arrive; they wait in one pending job), while deliveries about other
// issues run meanwhile: the busy issue's waiting job holds no worker slot.
import { describe, expect, it } from 'vitest';
import type { TriageOptions, TriageResult } from '../../src/actions/triage/domain/engine';
import { eventually, inPool } from '../../harness/service';
import { deliverUntilStored, nothingToDo, useInProcessService } from './in-process-service';
import { editedIssue } from './issue-payloads';

const SECRET = 'coalescing secret';
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
  return nothingToDo(o);
}

const svc = useInProcessService({ secret: SECRET, concurrency: 2, engine: slowEngine });

describe('coalescing', () => {
  it('runs the engine at most twice for 64 deliveries on one issue, and other issues meanwhile', async () => {
    const busy = Array.from(
      { length: 64 },
      (_, i) => () =>
        deliverUntilStored(svc.url, { id: `busy-${i}`, event: 'issues', payload: editedIssue(7, i), secret: SECRET }),
    );
    const others = Array.from(
      { length: 4 },
      (_, i) => () =>
        deliverUntilStored(svc.url, {
          id: `other-${i}`,
          event: 'issues',
          payload: editedIssue(100 + i, 0),
          secret: SECRET,
        }),
    );
    const answers = await inPool(16, [...busy, ...others]);
    allAnswered();
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 202));
    await eventually(
      async () => {
        const s = await svc.store.log.stats();
        return s.queued + s.running === 0;
      },
      30_000,
      'every delivery done',
    );
    const onBusy = runs.filter((r) => r.number === 7);
    expect(onBusy.length).toBeGreaterThanOrEqual(1);
    expect(onBusy.length).toBeLessThanOrEqual(2);
    expect(runs.filter((r) => r.number >= 100)).toHaveLength(4);
    const done = await svc.store.log.list({ state: 'done', limit: 100 });
    expect(done.filter((d) => d.id.startsWith('busy-'))).toHaveLength(64);
    const coalesced = done.filter((d) => d.history.some((h) => h.outcome === 'coalesced'));
    expect(coalesced.length).toBeGreaterThanOrEqual(62);
    // Never two runs of one issue at once.
    const sorted = onBusy.sort((a, b) => a.started - b.started);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i].started).toBeGreaterThanOrEqual(sorted[i - 1].ended);
    const metrics = await (await fetch(`${new URL(svc.url).origin}/metrics`)).text();
    expect(metrics).toMatch(/^repo_actions_deliveries_coalesced_total\{event="issues"\} (6[2-3])$/m);
  });
});
