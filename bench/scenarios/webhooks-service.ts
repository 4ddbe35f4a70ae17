// The webhook service at organisation scale (`npm run bench -- service-`; each row alone by its name, e.g.
// `npm run bench -- service-ack-embedded`). `repo-actions serve` runs in its own processes with the real triage
// engine against the emulator (bench/service/fleet.ts), on its embedded PostgreSQL or as two replicas on one
// PostgreSQL; the load comes from a generator process of its own (bench/service/load.ts), each delivery on a fresh
// connection from its own loopback address. Every row reports 202s, non-2xx answers by status and connection
// failures apart, and the generator's own delay (a generator behind its schedule would be the bottleneck). Rows:
//  - service-ack-*: acknowledgement (202) latency under open-loop load (timed from the scheduled send) at 200/s,
//    with 1M done and 20k queued deliveries in the store (seeded with SQL: done rows with small bodies spread over
//    the last day, queued rows whose jobs are scheduled a day ahead, so they stay queued during the run); also the
//    /metrics latency at that size and the RSS of the processes;
//  - service-max-rate-*: a ramp of short open-loop steps finds the first rate with a non-2xx or a lost
//    connection; the highest clean rate is then held for the full duration (if it fails, the steps below it in
//    turn until one holds);
//  - service-burst-*: 5,000 deliveries over 500 issues as fast as 32 senders go, at 50 ms API latency: time until
//    every delivery answered 202 is done, and engine runs (jobs) against deliveries (coalescing makes them fewer).
// Shorter runs for a smoke test: BENCH_SERVICE_SECONDS (default 60), BENCH_SERVICE_DONE_ROWS (1000000),
// BENCH_SERVICE_QUEUED_ROWS (20000), BENCH_SERVICE_BURST (5000), BENCH_SERVICE_RAMP_SECONDS (5).
import { ITEM_TASK, T, itemQueueSql } from '../../src/hosts/service/store/delivery-log';
import type { DeliverySpec } from '../service/deliveries';
import {
  BENCH_SECRET,
  describeFleet,
  drained,
  startFleet,
  warmUp,
  withDb,
  type Fleet,
  type FleetKind,
} from '../service/fleet';
import { describeLoad, runLoad, type LoadOutcome } from '../service/load';
import {
  cpuPerDelivery,
  cpuSnapshot,
  engineRuns,
  machine,
  metricsLatency,
  refusals,
  rss,
  serveEventLoopDelay,
} from '../service/measures';
import type { StandaloneBench } from '../standalone';
import type { BenchResult } from '../types';

const setting = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const SECONDS = setting('BENCH_SERVICE_SECONDS', 60);
const RAMP_SECONDS = setting('BENCH_SERVICE_RAMP_SECONDS', 5);
const DONE_ROWS = setting('BENCH_SERVICE_DONE_ROWS', 1_000_000);
const QUEUED_ROWS = setting('BENCH_SERVICE_QUEUED_ROWS', 20_000);
const BURST = setting('BENCH_SERVICE_BURST', 5_000);
const ISSUES = 500;
const RAMP = [100, 200, 300, 400, 600, 800, 1200, 1600];

const deliveries = (prefix: string, first = 0): DeliverySpec => ({ prefix, first, issues: ISSUES, mixed: false });

/** Done rows (small bodies, received over the last day) and queued rows whose jobs run a day from now. */
async function seed(url: string): Promise<number> {
  const started = performance.now();
  await withDb(url, async (db) => {
    // One statement for all done rows; the indexes are maintained as it goes.
    await db.query(
      `INSERT INTO ${T} (id, received_at, state, event, action, repository, installation, item_key, attempts,
                         finished_at, body_sha256, headers, body)
       SELECT 'seed-done-' || g, now() - make_interval(secs => g % 86400), 'done', 'issues', 'edited',
              'octo/seed', 7, 'octo/seed#' || (g % 5000), 1, now(), sha256(int8send(g)), '{}'::jsonb,
              convert_to(repeat('x', 600), 'UTF8')
       FROM generate_series(1, $1::int) g`,
      [DONE_ROWS],
    );
    // Rows and their jobs in one transaction: the service's orphan sweep never sees queued rows without a job.
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO ${T} (id, state, event, action, repository, installation, item_key, body_sha256, headers, body)
       SELECT 'seed-queued-' || g, 'queued', 'issues', 'edited', 'octo/seed', 7, 'octo/seed#q' || (g % 2000),
              sha256(int8send(-g)), '{}'::jsonb, convert_to(repeat('x', 600), 'UTF8')
       FROM generate_series(1, $1::int) g`,
      [QUEUED_ROWS],
    );
    await db.query(
      `SELECT count(graphile_worker.add_job('${ITEM_TASK}', json_build_object('item', k), queue_name := ${itemQueueSql('k')},
                                           run_at := now() + interval '1 day', job_key := k))
       FROM (SELECT DISTINCT item_key AS k FROM ${T} WHERE id LIKE 'seed-queued-%') s`,
    );
    await db.query('COMMIT');
    // What autovacuum would do after such an insert (visibility map, statistics), done now rather than mid-run.
    await db.query(`VACUUM ANALYZE ${T}`);
    await db.query('CHECKPOINT');
  });
  return Math.round(performance.now() - started);
}

/** Payloads sent so far to each fleet: the next run starts after them (distinct bodies). */
const sentTo = new WeakMap<Fleet, number>();

const open = (fleet: Fleet, prefix: string, rate: number, seconds: number) => {
  const first = sentTo.get(fleet) ?? 0;
  sentTo.set(fleet, first + Math.ceil(rate * seconds));
  return runLoad({
    urls: fleet.serves.map((s) => s.url),
    secret: BENCH_SECRET,
    deliveries: deliveries(prefix, first),
    shape: { kind: 'open', rate, durationMs: seconds * 1000 },
  });
};

/** Runs `fn` on a fresh fleet of `kind` and stops the fleet whatever happens. */
async function withFleet<R>(kind: FleetKind, fn: (fleet: Fleet) => Promise<R>): Promise<R> {
  const fleet = await startFleet({ kind, deliveries: deliveries(''), latencyMs: 50 });
  try {
    return await fn(fleet);
  } finally {
    await fleet.close();
  }
}

const result = (name: string, ok: boolean, note: string, wallMs: number): BenchResult => ({
  name,
  action: 'webhooks',
  status: ok ? 'ok' : 'failed',
  note,
  wallMs: Math.round(wallMs),
});

const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : String(v));
const clean = (o: LoadOutcome) => o.summary.accepted === o.summary.sent;

function ackRow(kind: FleetKind): Promise<BenchResult> {
  return withFleet(kind, async (fleet) => {
    const seedMs = await seed(fleet.database);
    await warmUp(fleet);
    const metrics = await metricsLatency(fleet);
    const cpu = cpuSnapshot(fleet);
    const load = await open(fleet, 'ack', 200, SECONDS);
    const cpuNote = cpuPerDelivery(cpu, load.summary.sent, fleet);
    const loopNote = await serveEventLoopDelay(fleet);
    const s = load.summary;
    const note =
      `${describeFleet(kind)}, ${DONE_ROWS} done + ${QUEUED_ROWS} queued rows (seeded in ${seedMs} ms): 200/s for ` +
      `${SECONDS} s: ${describeLoad(load)} (goal p99 <= 50: ${s.p99 <= 50 ? 'met' : 'MISSED'}); refused by the ` +
      `service: ${await refusals(fleet)}; /metrics p50 ${fmt(metrics.p50)} ms, p99 ${fmt(metrics.p99)} ms ` +
      `(goal <= 10); ${loopNote}; ${cpuNote}; ${rss(fleet)}; ${machine()}`;
    return result(ackName(kind), clean(load), note, load.wallMs);
  });
}

function maxRateRow(kind: FleetKind): Promise<BenchResult> {
  return withFleet(kind, async (fleet) => {
    await warmUp(fleet);
    const started = Date.now();
    const steps: string[] = [];
    const step = async (rate: number, seconds: number) => {
      const load = await open(fleet, `rate-${rate}-${seconds}`, rate, seconds);
      steps.push(`${rate}/s for ${seconds} s: ${describeLoad(load)}`);
      return clean(load);
    };
    // The ramp: short steps up to the first that lost anything.
    let candidate = 0;
    for (const rate of RAMP) {
      if (!(await step(rate, RAMP_SECONDS))) break;
      candidate = rate;
    }
    // Held for the full duration: the candidate, else the next step down that holds (a short step that answered
    // everything may still hold a backlog that a minute of the same rate cannot drain).
    let best = 0;
    for (const rate of RAMP.filter((r) => r <= candidate).reverse()) {
      if (await step(rate, SECONDS)) {
        best = rate;
        break;
      }
    }
    const note =
      `${describeFleet(kind)}, fresh store: highest rate held ${SECONDS} s with every delivery answered 202: ` +
      `${best}/s. Steps: ${steps.join(' | ')}; refused by the service: ${await refusals(fleet)}; ${rss(fleet)}; ${machine()}`;
    return result(maxRateName(kind), best > 0, note, Date.now() - started);
  });
}

function burstRow(kind: FleetKind): Promise<BenchResult> {
  return withFleet(kind, async (fleet) => {
    await warmUp(fleet);
    const before = await engineRuns(fleet);
    const started = performance.now();
    const load = await runLoad({
      urls: fleet.serves.map((s) => s.url),
      secret: BENCH_SECRET,
      deliveries: deliveries('burst'),
      shape: { kind: 'closed', senders: 32, count: BURST },
    });
    const accepted = load.acceptedIds;
    const done = await drained(fleet, accepted, 600_000);
    const drainedMs = performance.now() - started;
    const runs = (await engineRuns(fleet)) - before;
    const note =
      `${describeFleet(kind)}, ${BURST} deliveries over ${ISSUES} issues by 32 senders at 50 ms API latency, sent in ` +
      `${Math.round(load.wallMs)} ms (${describeLoad(load)}); ${done} of the ${accepted.length} answered 202 done ` +
      `after ${Math.round(drainedMs)} ms; ${runs} engine runs for ${accepted.length} deliveries; refused by the ` +
      `service: ${await refusals(fleet)}; ${rss(fleet)}; ${machine()}`;
    return result(burstName(kind), accepted.length === BURST && done === accepted.length, note, drainedMs);
  });
}

const ackName = (k: FleetKind) => `service-ack-${k}: 200/s open loop, 1M done + 20k queued in the store`;
const maxRateName = (k: FleetKind) => `service-max-rate-${k}: highest open-loop rate without a non-2xx`;
const burstName = (k: FleetKind) => `service-burst-${k}: 5,000 deliveries over 500 issues drained`;

function row(name: string, description: string, run: () => Promise<BenchResult>): StandaloneBench {
  return { name, action: 'webhooks', description, run };
}

export const standalone: StandaloneBench[] = (['embedded', 'replicas'] as FleetKind[]).flatMap((k) => [
  row(ackName(k), 'Ack latency from the scheduled send, /metrics latency and RSS at 1M rows.', () => ackRow(k)),
  row(maxRateName(k), 'Open-loop rate ramped, then the highest clean rate held.', () => maxRateRow(k)),
  row(burstName(k), 'Burst drain time and engine runs against deliveries.', () => burstRow(k)),
]);
