// The webhook service under bursts of 1 000 signed deliveries, store write before the 202 included: on the
// embedded PostgreSQL (one process) and on PostgreSQL with two replicas taking deliveries in turn
// (bench/service/fleet.ts; the load from its own process, bench/service/load.ts). Two phases per store: 1 000
// deliveries sent at a steady 200 per second (open loop: p50/p99 time to the 202, target p99 < 50 ms), then 1 000
// more as fast as 32 senders can (accepted deliveries per second). Verified: every delivery answered 202 and
// processed to `done` (only those answered 202 are counted), and the effects exactly once (each crash issue
// labelled, nothing else).
import { BENCH_REPO, type DeliverySpec } from '../service/deliveries';
import { BENCH_SECRET, describeFleet, drained, startFleet, warmUp, type FleetKind } from '../service/fleet';
import { describeLoad, runLoad } from '../service/load';
import { machine } from '../service/measures';
import type { StandaloneBench } from '../standalone';
import type { BenchResult } from '../types';

const ISSUES = 100;
const PER_PHASE = 1000;
const RATE_PER_SECOND = 200;
const SENDERS = 32;
const LATENCY_MS = 50;

const spec = (prefix: string, first: number): DeliverySpec => ({ prefix, first, issues: ISSUES, mixed: true });

async function run(kind: FleetKind): Promise<BenchResult> {
  const name = kind === 'embedded' ? embedded.name : replicated.name;
  const fleet = await startFleet({ kind, deliveries: spec('', 0), latencyMs: LATENCY_MS });
  const started = Date.now();
  try {
    await warmUp(fleet);
    const urls = fleet.serves.map((s) => s.url);
    const steady = await runLoad({
      urls,
      secret: BENCH_SECRET,
      deliveries: spec('steady', 0),
      shape: { kind: 'open', rate: RATE_PER_SECOND, durationMs: (PER_PHASE / RATE_PER_SECOND) * 1000 },
    });
    const burst = await runLoad({
      urls,
      secret: BENCH_SECRET,
      deliveries: spec('burst', PER_PHASE),
      shape: { kind: 'closed', senders: SENDERS, count: PER_PHASE },
    });
    const accepted = [...steady.acceptedIds, ...burst.acceptedIds];
    const done = await drained(fleet, accepted, 180_000);
    const processedMs = Date.now() - started;
    const repo = fleet.emu.state.mustRepo(BENCH_REPO);
    const labelled = [...repo.issues.values()].filter(
      (i) => i.number % 2 === 1 && i.labels.some((l) => l.name === 'bug'),
    ).length;
    const wrong = [...repo.issues.values()].filter((i) => i.number % 2 === 0 && i.labels.length > 0).length;
    const total = 2 * PER_PHASE;
    const p99 = steady.summary.p99;
    const note =
      `${describeFleet(kind)}: at ${RATE_PER_SECOND}/s ${describeLoad(steady)} (${p99 < 50 ? 'within' : 'ABOVE'} ` +
      `the 50 ms target); as fast as ${SENDERS} senders go: ${Math.round((PER_PHASE / burst.wallMs) * 1000)} ` +
      `deliveries/s, ${describeLoad(burst)}; ${done}/${accepted.length} answered 202 processed (of ${total} sent); ` +
      `${labelled}/${ISSUES / 2} labelled, ${wrong} wrongly; ${machine()}`;
    const ok = accepted.length === total && done === total && labelled === ISSUES / 2 && wrong === 0;
    return {
      name,
      action: 'webhooks',
      status: ok ? 'ok' : 'failed',
      note,
      wallMs: processedMs,
      ...fleet.emu.log.summary(),
    };
  } finally {
    await fleet.close();
  }
}

export const embedded: StandaloneBench = {
  name: `webhooks: ${2 * PER_PHASE} deliveries, embedded PostgreSQL`,
  action: 'webhooks',
  description:
    'Time to the 202 (store write included) at 200/s and accepted deliveries/s, one process on its embedded PostgreSQL.',
  run: () => run('embedded'),
};

export const replicated: StandaloneBench = {
  name: `webhooks: ${2 * PER_PHASE} deliveries, two replicas on PostgreSQL`,
  action: 'webhooks',
  description: 'The same with two serve processes on one PostgreSQL, deliveries alternating between them.',
  run: () => run('replicas'),
};

export const standalone: StandaloneBench[] = [embedded, replicated];
