// What the service benches start and read: the emulator with one repository of issues, `repo-actions serve` on its
// embedded PostgreSQL or as two replicas on one PostgreSQL (each in its own process, the real triage engine), and
// the store's own count of deliveries done.
import { readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { createEmulator, type Emulator, type EmulatorOptions, type Scenario } from '../../emulator';
import {
  postDelivery,
  startPostgres,
  startServe,
  tempDir,
  type Postgres,
  type ServeProcess,
} from '../../harness/service';
import { runningEmbeddedUrl } from '../../src/hosts/service/store/embedded-postgres';
import { T } from '../../src/hosts/service/store/delivery-log';
import { BENCH_REPO, issueTitle, type DeliverySpec } from './deliveries';

export type FleetKind = 'embedded' | 'replicas';

export const BENCH_SECRET = 'bench secret';
const TOKEN = 'ghs_bench_installation';

export const describeFleet = (kind: FleetKind) =>
  kind === 'embedded' ? 'embedded PostgreSQL' : 'two replicas on one PostgreSQL';

/** Labels "bug" on every issue whose title says crash (a word: "Crash 1", "Crash number 1"). */
function scenario(spec: Pick<DeliverySpec, 'issues' | 'mixed'>): Scenario {
  return {
    tokens: {
      [TOKEN]: {
        kind: 'installation',
        login: 'triage-app[bot]',
        repositories: [BENCH_REPO],
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
              "rules:\n  - id: crash\n    if: { type: issue, title: '/\\bcrash/i' }\n    then: { add-labels: [bug] }\n",
          },
        },
        labels: [{ name: 'bug', color: 'd73a4a' }],
        issues: Array.from({ length: spec.issues }, (_, i) => ({
          number: i + 1,
          title: issueTitle(i + 1, spec.mixed),
          user: 'alice',
        })),
      },
    ],
  };
}

export interface Fleet {
  kind: FleetKind;
  emu: Emulator;
  serves: ServeProcess[];
  /** The store's connection string (the embedded server's, once serve started it). */
  database: string;
  /** The PostgreSQL server's postmaster process id. */
  postmaster: number;
  /**
   * Stops replica `index` (SIGTERM: it drains) and starts it again with the fleet's flags plus `change.args` and its
   * environment with `change.env` over it (a new secret, a previous one); `serves[index]` is then the new process.
   * Meant for replicas: an embedded server restarts with its serve, and `postmaster` would name the old one.
   */
  restart(index: number, change: { args?: string[]; env?: Record<string, string>; entry?: string[] }): Promise<void>;
  close(): Promise<void>;
}

export interface FleetOptions {
  kind: FleetKind;
  deliveries: Pick<DeliverySpec, 'issues' | 'mixed'>;
  /** Injected API latency (ms). */
  latencyMs: number;
  /** The emulator's scenario instead of the one repository of issues (`deliveries` then only names the row). */
  scenario?: Scenario;
  /** More emulator options (its limits). */
  emulatorOptions?: EmulatorOptions;
  /** Runs on the emulator before `serve` starts (register an App's key). */
  beforeServe?: (emu: Emulator) => void;
  /** Real time per GitHub time, for the emulator and the service alike (default 0.01: an hour is 36 s). */
  timeScale?: number;
  /** Extra `serve` flags and environment (profiling). */
  serveArgs?: string[];
  serveEnv?: Record<string, string>;
  /** The CLI the replicas run (`node` arguments; default this checkout's sources): a previous build's bundle. */
  entry?: string[];
}

export async function startFleet(o: FleetOptions): Promise<Fleet> {
  const timeScale = o.timeScale ?? 0.01;
  const emu = await createEmulator(o.scenario ?? scenario(o.deliveries), {
    ...o.emulatorOptions,
    latencyMs: o.latencyMs,
    timeScale,
  });
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
    o.beforeServe?.(emu);
    const args = [
      ...['--secret-env', 'BENCH_SECRET', '--token-env', 'BENCH_TOKEN', '--api-url', emu.apiUrl],
      // The generator sends from many loopback addresses, as GitHub does from many; room for a slow moment at the
      // highest rates (the default 256 connections hold 1.3 s of 200/s).
      ...['--concurrency', '8', '--max-connections', '2048'],
      ...(o.serveArgs ?? []),
    ];
    // BENCH_SERVICE_CPU_PROF=<dir>: each serve process writes a V8 CPU profile there when it stops.
    const profile = process.env.BENCH_SERVICE_CPU_PROF;
    const env: Record<string, string> = {
      BENCH_SECRET,
      BENCH_TOKEN: TOKEN,
      REPO_ACTIONS_TIME_SCALE: String(timeScale),
      ...(profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profile}` } : {}),
      ...o.serveEnv,
    };
    const store =
      o.kind === 'replicas' ? ['--database', (postgres = await startPostgres()).url] : ['--data-dir', dataDir];
    const restart: Fleet['restart'] = async (index, change) => {
      const old = serves[index];
      old.proc.kill('SIGTERM');
      await old.exited;
      const argv = [...args, ...store, ...(change.args ?? [])];
      serves[index] = await startServe(argv, { ...env, ...change.env }, change.entry ?? o.entry);
    };
    for (let r = 0; r < (o.kind === 'replicas' ? 2 : 1); r++)
      serves.push(await startServe([...args, ...store], env, o.entry));
    if (postgres)
      return { kind: o.kind, emu, serves, database: postgres.url, postmaster: postgres.pid, restart, close };
    const postmaster = Number(readFileSync(`${dataDir}/postgres/postmaster.pid`, 'utf8').split('\n')[0]);
    return { kind: o.kind, emu, serves, database: runningEmbeddedUrl(dataDir), postmaster, restart, close };
  } catch (err) {
    await close();
    throw err;
  }
}

export async function withDb<R>(url: string, fn: (db: pg.Client) => Promise<R>): Promise<R> {
  const db = new pg.Client({ connectionString: url });
  db.on('error', () => {});
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

/** How many of `ids` are done (never a delivery whose 202 did not arrive: only the ids given are counted). */
export function doneAmong(fleet: Fleet, ids: string[]): Promise<number> {
  return withDb(fleet.database, async (db) => {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${T} WHERE state = 'done' AND id = ANY($1::text[])`,
      [ids],
    );
    return Number(rows[0].n);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until every one of `ids` is done or `timeoutMs` passed; resolves with how many are done. */
export async function drained(fleet: Fleet, ids: string[], timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let done = 0;
  while ((done = await doneAmong(fleet, ids)) < ids.length && Date.now() < deadline) await sleep(250);
  return done;
}

/** Pings each replica (verified, answered 200, nothing stored), so the first measured request is not a cold one. */
export async function warmUp(fleet: Fleet): Promise<void> {
  for (const s of fleet.serves)
    for (let i = 0; i < 20; i++)
      await postDelivery(s.url, { id: `w-${i}`, event: 'ping', payload: { zen: 'z' }, secret: BENCH_SECRET });
}
