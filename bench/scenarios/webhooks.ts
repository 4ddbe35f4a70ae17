// The webhook service under bursts of 1 000 signed deliveries, store write before the 202 included: on the
// embedded PostgreSQL (one process) and on PostgreSQL with two replicas taking deliveries in turn. `repo-actions
// serve` runs in its own processes with the real triage engine against the emulator. Two phases per store:
// 1 000 deliveries sent at a steady 200 per second (open loop: p50/p99 time to the 202, target p99 < 50 ms),
// then 1 000 more as fast as 32 senders can (accepted deliveries per second). Verified: every delivery answered
// 202, stored once, processed to `done`, and the effects exactly once (each issue labelled, nothing wrongly).
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { createEmulator, type Scenario } from '../../emulator';
import { runningEmbeddedUrl } from '../../src/webhooks/store/embedded-postgres';
import {
  inPool,
  postDelivery,
  startPostgres,
  startServe,
  tempDir,
  type Postgres,
  type ServeProcess,
} from '../../harness/service';
import { percentile, type StandaloneBench } from '../standalone';
import type { BenchResult } from '../types';

const REPO = 'octo/app';
const TOKEN = 'ghs_bench_installation';
const SECRET = 'bench secret';
const ISSUES = 100;
const PER_PHASE = 1000;
const RATE_PER_SECOND = 200;
const SENDERS = 32;
const LATENCY_MS = 50;

const CONFIG = `rules:
  - id: crash
    if: { type: issue, title: '/\\bcrash/i' }
    then: { add-labels: [bug] }
`;

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
        branches: { main: { '.github/triage.yml': CONFIG } },
        labels: [{ name: 'bug', color: 'd73a4a' }],
        issues: Array.from({ length: ISSUES }, (_, i) => ({
          number: i + 1,
          title: i % 2 === 0 ? `Crash number ${i + 1}` : `Question ${i + 1}`,
          user: 'alice',
        })),
      },
    ],
  };
}

function payload(i: number) {
  const n = (i % ISSUES) + 1;
  const title = n % 2 === 1 ? `Crash number ${n}` : `Question ${n}`;
  return {
    action: i < ISSUES ? 'opened' : 'edited',
    issue: { number: n, title, body: null, state: 'open', user: { login: 'alice' }, labels: [] },
    repository: { name: 'app', full_name: REPO, owner: { login: 'octo' } },
    installation: { id: 7 },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Phase 1: a steady rate (open loop); phase 2: as fast as the senders go. Resolves with the 202 times. */
async function send(urls: () => string[]) {
  const send1 = async (i: number) => {
    const list = urls();
    const res = await postDelivery(list[i % list.length], {
      id: `b-${i}`,
      event: 'issues',
      payload: payload(i),
      secret: SECRET,
    });
    return res;
  };
  const steady: Promise<{ status: number; ms: number }>[] = [];
  const start = performance.now();
  for (let i = 0; i < PER_PHASE; i++) {
    const due = start + (i * 1000) / RATE_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    steady.push(send1(i));
  }
  const steadyResults = await Promise.all(steady);
  const burstStart = performance.now();
  const burstResults = await inPool(
    SENDERS,
    Array.from({ length: PER_PHASE }, (_, k) => () => send1(PER_PHASE + k)),
  );
  const burstMs = performance.now() - burstStart;
  return { steadyResults, burstResults, burstMs };
}

async function run(kind: 'embedded' | 'postgres'): Promise<BenchResult> {
  const name = kind === 'embedded' ? embedded.name : replicated.name;
  const emu = await createEmulator(scenario(), { latencyMs: LATENCY_MS, timeScale: 0.01 });
  const dataDir = tempDir('bench-webhooks');
  let postgres: Postgres | undefined;
  const serves: ServeProcess[] = [];
  const started = Date.now();
  try {
    const common = [
      '--secret-env',
      'BENCH_SECRET',
      '--token-env',
      'BENCH_TOKEN',
      '--api-url',
      emu.apiUrl,
      '--concurrency',
      '8',
      // Every sender here shares one address; GitHub's deliveries come from many.
      '--max-in-flight-per-client',
      '1024',
    ];
    const env = { BENCH_SECRET: SECRET, BENCH_TOKEN: TOKEN };
    if (kind === 'postgres') {
      postgres = await startPostgres();
      for (let r = 0; r < 2; r++) serves.push(await startServe([...common, '--database', postgres.url], env));
    } else {
      serves.push(await startServe([...common, '--data-dir', dataDir], env));
    }
    // Warm-up: pings (verified, answered 200, nothing stored).
    for (const s of serves)
      for (let i = 0; i < 20; i++)
        await postDelivery(s.url, { id: `w-${i}`, event: 'ping', payload: { zen: 'z' }, secret: SECRET });

    const { steadyResults, burstResults, burstMs } = await send(() => serves.map((s) => s.url));
    const all = [...steadyResults, ...burstResults];
    const accepted = all.filter((r) => r.status === 202).length;
    const steadyMs = steadyResults.map((r) => r.ms);
    const burstTimes = burstResults.map((r) => r.ms);

    // Every accepted delivery processed.
    const total = 2 * PER_PHASE;
    const statuses = new Map<number, number>();
    for (const r of all) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    const doneCount = async (): Promise<number> => {
      if (postgres) {
        const db = new pg.Client({ connectionString: postgres.url });
        await db.connect();
        try {
          return Number(
            (await db.query("SELECT count(*) AS n FROM repo_actions_deliveries WHERE state = 'done'")).rows[0].n,
          );
        } finally {
          await db.end();
        }
      }
      const db = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir) });
      await db.connect();
      try {
        return Number(
          (await db.query("SELECT count(*) AS n FROM repo_actions_deliveries WHERE state = 'done'")).rows[0].n,
        );
      } finally {
        await db.end();
      }
    };
    const deadline = Date.now() + 180_000;
    let done = 0;
    while ((done = await doneCount()) < accepted && Date.now() < deadline) await sleep(200);
    const processedMs = Date.now() - started;
    const repo = emu.state.mustRepo(REPO);
    const labelled = [...repo.issues.values()].filter(
      (i) => i.number % 2 === 1 && i.labels.some((l) => l.name === 'bug'),
    ).length;
    const wrong = [...repo.issues.values()].filter((i) => i.number % 2 === 0 && i.labels.length > 0).length;
    const fmt = (v: number) => v.toFixed(1);
    const p99 = percentile(steadyMs, 99);
    const note =
      `${kind === 'postgres' ? 'two replicas on PostgreSQL' : 'embedded PostgreSQL'}: at ${RATE_PER_SECOND}/s time to the 202 p50 ${fmt(percentile(steadyMs, 50))} ms, ` +
      `p99 ${fmt(p99)} ms (${p99 < 50 ? 'within' : 'ABOVE'} the 50 ms target); as fast as ${SENDERS} senders go: ` +
      `${Math.round((PER_PHASE / burstMs) * 1000)} accepted deliveries/s, p50 ${fmt(percentile(burstTimes, 50))} ms, p99 ${fmt(percentile(burstTimes, 99))} ms; ` +
      `${accepted}/${total} answered 202 (${[...statuses].map(([code, n]) => `${n}× ${code}`).join(', ')}), ${done}/${total} processed; ${labelled}/${ISSUES / 2} labelled, ${wrong} wrongly; ` +
      `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`;
    const ok = accepted === total && done === total && labelled === ISSUES / 2 && wrong === 0;
    return {
      name,
      action: 'webhooks',
      status: ok ? 'ok' : 'failed',
      note,
      wallMs: processedMs,
      ...emu.log.summary(),
    };
  } finally {
    for (const s of serves) s.proc.kill('SIGKILL');
    await emu.close();
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
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
  run: () => run('postgres'),
};

export const standalone: StandaloneBench[] = [embedded, replicated];
