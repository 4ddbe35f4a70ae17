// The webhook service at organisation scale (`npm run bench -- service-`; each row alone by its name, e.g.
// `npm run bench -- service-ack-embedded`). `repo-actions serve` runs in its own processes with the real triage
// engine against the emulator, on its embedded PostgreSQL or as two replicas on one PostgreSQL. Rows:
//  - service-ack-*: acknowledgement (202) latency under open-loop load (timed from the scheduled send) at 200/s,
//    with 1M done and 20k queued deliveries in the store (seeded with SQL: done rows with small bodies spread over
//    the last day, queued rows whose jobs are scheduled a day ahead, so they stay queued during the run); also the
//    /metrics latency at that size and the RSS of the processes;
//  - service-max-rate-*: the open-loop rate stepped up, each step held for the duration; the highest step without
//    a non-2xx answer (fresh store);
//  - service-burst-*: 5,000 deliveries over 500 issues as fast as 32 senders go, at 50 ms API latency: time until
//    all are done, and engine runs (jobs) against deliveries (coalescing makes them fewer).
// Shorter runs for a smoke test: BENCH_SERVICE_SECONDS (default 60), BENCH_SERVICE_DONE_ROWS (1000000),
// BENCH_SERVICE_QUEUED_ROWS (20000), BENCH_SERVICE_BURST (5000).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { createEmulator, type Emulator, type Scenario } from '../../emulator';
import { runningEmbeddedUrl } from '../../src/webhooks/store/embedded-postgres';
import { ITEM_TASK, T } from '../../src/webhooks/store/delivery-log';
import {
  inPool,
  postDelivery,
  startPostgres,
  startServe,
  tempDir,
  type Postgres,
  type ServeProcess,
} from '../../harness/service';
import { runOpenLoop, summarize, type LoadSummary } from '../open-loop';
import { percentile, type StandaloneBench } from '../standalone';
import type { BenchResult } from '../types';

const setting = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const SECONDS = setting('BENCH_SERVICE_SECONDS', 60);
const DONE_ROWS = setting('BENCH_SERVICE_DONE_ROWS', 1_000_000);
const QUEUED_ROWS = setting('BENCH_SERVICE_QUEUED_ROWS', 20_000);
const BURST = setting('BENCH_SERVICE_BURST', 5_000);
const ISSUES = 500;
const REPO = 'octo/app';
const TOKEN = 'ghs_bench_installation';
const SECRET = 'bench secret';
const STEPS = [100, 200, 300, 400, 600, 800, 1200, 1600];

type Kind = 'embedded' | 'replicas';

function scenario(): Scenario {
  return {
    tokens: {
      [TOKEN]: {
        kind: 'installation',
        login: 'triage-app[bot]',
        repositories: [REPO],
        permissions: { issues: 'write', contents: 'read' },
      },
    },
    repositories: [
      {
        owner: 'octo',
        name: 'app',
        branches: {
          main: {
            '.github/triage.yml':
              "rules:\n  - id: crash\n    if: { type: issue, title: '/crash/i' }\n    then: { add-labels: [bug] }\n",
          },
        },
        labels: [{ name: 'bug', color: 'd73a4a' }],
        issues: Array.from({ length: ISSUES }, (_, i) => ({ number: i + 1, title: `Crash ${i + 1}`, user: 'alice' })),
      },
    ],
  };
}

function payload(i: number) {
  const n = (i % ISSUES) + 1;
  return {
    action: 'edited',
    issue: { number: n, title: `Crash ${n}`, body: null, state: 'open', user: { login: 'alice' }, labels: [] },
    repository: { name: 'app', full_name: REPO, owner: { login: 'octo' } },
    installation: { id: 7 },
  };
}

interface Fleet {
  emu: Emulator;
  serves: ServeProcess[];
  /** The store's connection string (the embedded server's, once serve started it). */
  database: string;
  /** The PostgreSQL server's postmaster process id. */
  postmaster: number;
  close(): Promise<void>;
}

async function startFleet(kind: Kind, latencyMs: number): Promise<Fleet> {
  const emu = await createEmulator(scenario(), { latencyMs, timeScale: 0.01 });
  const dataDir = tempDir('bench-service');
  const serves: ServeProcess[] = [];
  let postgres: Postgres | undefined;
  const close = async () => {
    for (const s of serves) s.proc.kill('SIGTERM');
    await Promise.all(serves.map((s) => s.exited));
    await emu.close();
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const args = [
      ...['--secret-env', 'BENCH_SECRET', '--token-env', 'BENCH_TOKEN', '--api-url', emu.apiUrl],
      // Every sender here shares one address; GitHub's deliveries come from many.
      ...['--concurrency', '8', '--max-in-flight-per-client', '4096'],
    ];
    const env = { BENCH_SECRET: SECRET, BENCH_TOKEN: TOKEN };
    if (kind === 'replicas') {
      postgres = await startPostgres();
      for (let r = 0; r < 2; r++) serves.push(await startServe([...args, '--database', postgres.url], env));
      return { emu, serves, database: postgres.url, postmaster: postgres.pid, close };
    }
    serves.push(await startServe([...args, '--data-dir', dataDir], env));
    const postmaster = Number(readFileSync(`${dataDir}/postgres/postmaster.pid`, 'utf8').split('\n')[0]);
    return { emu, serves, database: runningEmbeddedUrl(dataDir), postmaster, close };
  } catch (err) {
    await close();
    throw err;
  }
}

async function withDb<T>(url: string, fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: url });
  db.on('error', () => {});
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

/** Done rows (small bodies, received over the last day) and queued rows whose jobs run a day from now. */
async function seed(url: string): Promise<number> {
  const started = performance.now();
  await withDb(url, async (db) => {
    const batch = 100_000;
    for (let from = 1; from <= DONE_ROWS; from += batch) {
      await db.query(
        `INSERT INTO ${T} (id, received_at, state, event, action, repository, installation, item_key, attempts,
                           finished_at, body_sha256, headers, body)
         SELECT 'seed-done-' || g, now() - make_interval(secs => g % 86400), 'done', 'issues', 'edited',
                'octo/seed', 7, 'octo/seed#' || (g % 5000), 1, now(), sha256(int8send(g)), '{}'::jsonb,
                convert_to(repeat('x', 600), 'UTF8')
         FROM generate_series($1::int, $2::int) g`,
        [from, Math.min(DONE_ROWS, from + batch - 1)],
      );
    }
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
      `SELECT count(graphile_worker.add_job('${ITEM_TASK}', json_build_object('item', k), queue_name := k,
                                           run_at := now() + interval '1 day', job_key := k))
       FROM (SELECT DISTINCT item_key AS k FROM ${T} WHERE id LIKE 'seed-queued-%') s`,
    );
    await db.query('COMMIT');
    await db.query(`ANALYZE ${T}`);
  });
  return Math.round(performance.now() - started);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function warmUp(serves: ServeProcess[]): Promise<void> {
  for (const s of serves)
    for (let i = 0; i < 20; i++)
      await postDelivery(s.url, { id: `w-${i}`, event: 'ping', payload: { zen: 'z' }, secret: SECRET });
}

function openLoad(serves: ServeProcess[], prefix: string, rate: number): Promise<LoadSummary> {
  return runOpenLoop(rate, SECONDS * 1000, async (i) => {
    const res = await postDelivery(serves[i % serves.length].url, {
      id: `${prefix}-${i}`,
      event: 'issues',
      payload: payload(i),
      secret: SECRET,
    });
    return res.status;
  }).then(summarize);
}

/** Resident memory (MB) of the serve processes and of the PostgreSQL server with its backends (shared counted). */
function rss(fleet: Fleet): string {
  const kb = (pid: number, field: string) => {
    try {
      return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  const children = new Map<number, number[]>();
  for (const pid of readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [fleet.postmaster];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  const mb = (v: number) => (v / 1024).toFixed(0);
  const serves = fleet.serves.map((s) => `${mb(kb(s.proc.pid!, 'VmRSS'))} (peak ${mb(kb(s.proc.pid!, 'VmHWM'))})`);
  const pgRss = tree.reduce((sum, pid) => sum + kb(pid, 'VmRSS'), 0);
  return `RSS MB: serve ${serves.join(', ')}; PostgreSQL ${tree.length} processes ${mb(pgRss)}`;
}

async function metricsLatency(fleet: Fleet, scrapes = 50): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < scrapes; i++) {
    const started = performance.now();
    await (await fetch(`${fleet.serves[0].origin}/metrics`)).text();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : String(v));
const where = (kind: Kind) => (kind === 'embedded' ? 'embedded PostgreSQL' : 'two replicas on one PostgreSQL');
const machine = () => `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`;

async function ackRow(kind: Kind): Promise<BenchResult> {
  const fleet = await startFleet(kind, 50);
  try {
    const seedMs = await seed(fleet.database);
    await warmUp(fleet.serves);
    const metrics = await metricsLatency(fleet);
    const started = Date.now();
    const s = await openLoad(fleet.serves, 'ack', 200);
    const note =
      `${where(kind)}, ${DONE_ROWS} done + ${QUEUED_ROWS} queued rows (seeded in ${seedMs} ms): 200/s for ${SECONDS} s, ` +
      `ack p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms, max ${fmt(s.max)} ms (goal p99 <= 50); ` +
      `${s.sent} sent, ${s.non2xx} non-2xx (${JSON.stringify(s.statuses)}); /metrics p50 ${fmt(metrics.p50)} ms, ` +
      `p99 ${fmt(metrics.p99)} ms (goal <= 10); ${rss(fleet)}; ${machine()}`;
    return { name: ackName(kind), action: 'webhooks', status: 'ok', note, wallMs: Date.now() - started };
  } finally {
    await fleet.close();
  }
}

async function maxRateRow(kind: Kind): Promise<BenchResult> {
  const fleet = await startFleet(kind, 50);
  try {
    await warmUp(fleet.serves);
    const held: string[] = [];
    let best = 0;
    const started = Date.now();
    for (const rate of STEPS) {
      const s = await openLoad(fleet.serves, `rate-${rate}`, rate);
      held.push(`${rate}/s: p50 ${fmt(s.p50)} p99 ${fmt(s.p99)} ms, ${s.non2xx} non-2xx`);
      if (s.non2xx > 0) break;
      best = rate;
    }
    const note = `${where(kind)}, fresh store, each step ${SECONDS} s: highest rate without a non-2xx ${best}/s (${held.join('; ')}); ${rss(fleet)}; ${machine()}`;
    return {
      name: maxRateName(kind),
      action: 'webhooks',
      status: best > 0 ? 'ok' : 'failed',
      note,
      wallMs: Date.now() - started,
    };
  } finally {
    await fleet.close();
  }
}

/** Engine runs so far: jobs processed, summed over the replicas' /metrics. */
async function engineRuns(fleet: Fleet): Promise<number> {
  let total = 0;
  for (const s of fleet.serves) {
    const text = await (await fetch(`${s.origin}/metrics`)).text();
    for (const m of text.matchAll(/^repo_actions_job_processing_seconds_count(?:\{[^}]*\})? (\S+)$/gm))
      total += Number(m[1]);
  }
  return total;
}

async function burstRow(kind: Kind): Promise<BenchResult> {
  const fleet = await startFleet(kind, 50);
  try {
    await warmUp(fleet.serves);
    const before = await engineRuns(fleet);
    const started = performance.now();
    const answers = await inPool(
      32,
      Array.from(
        { length: BURST },
        (_, i) => () =>
          postDelivery(fleet.serves[i % fleet.serves.length].url, {
            id: `burst-${i}`,
            event: 'issues',
            payload: payload(i),
            secret: SECRET,
          }),
      ),
    );
    const sentMs = performance.now() - started;
    const accepted = answers.filter((a) => a.status === 202).length;
    const done = () =>
      withDb(fleet.database, async (db) =>
        Number((await db.query(`SELECT count(*) AS n FROM ${T} WHERE state = 'done' AND id LIKE 'burst-%'`)).rows[0].n),
      );
    const deadline = Date.now() + 600_000;
    let n = 0;
    while ((n = await done()) < accepted && Date.now() < deadline) await sleep(250);
    const drainedMs = performance.now() - started;
    const runs = (await engineRuns(fleet)) - before;
    const note =
      `${where(kind)}, ${BURST} deliveries over ${ISSUES} issues at 50 ms API latency: sent in ${Math.round(sentMs)} ms ` +
      `(${accepted} accepted), all done after ${Math.round(drainedMs)} ms (${n}/${accepted} done), ${runs} engine runs ` +
      `for ${accepted} deliveries; ${rss(fleet)}; ${machine()}`;
    const ok = accepted === BURST && n === accepted;
    return {
      name: burstName(kind),
      action: 'webhooks',
      status: ok ? 'ok' : 'failed',
      note,
      wallMs: Math.round(drainedMs),
    };
  } finally {
    await fleet.close();
  }
}

const ackName = (k: Kind) => `service-ack-${k}: 200/s open loop, 1M done + 20k queued in the store`;
const maxRateName = (k: Kind) => `service-max-rate-${k}: highest open-loop rate without a non-2xx`;
const burstName = (k: Kind) => `service-burst-${k}: 5,000 deliveries over 500 issues drained`;

function row(name: string, description: string, run: () => Promise<BenchResult>): StandaloneBench {
  return { name, action: 'webhooks', description, run };
}

export const standalone: StandaloneBench[] = (['embedded', 'replicas'] as Kind[]).flatMap((k) => [
  row(ackName(k), 'Ack latency from the scheduled send, /metrics latency and RSS at 1M rows.', () => ackRow(k)),
  row(maxRateName(k), 'Open-loop rate stepped up until a non-2xx.', () => maxRateRow(k)),
  row(burstName(k), 'Burst drain time and engine runs against deliveries.', () => burstRow(k)),
]);
