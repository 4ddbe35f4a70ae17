// Storage that still answers but cannot write: a full disk (the cluster on a small tmpfs of its own, filled through
// SQL until PostgreSQL reports "No space left on device") and read-only storage (`default_transaction_read_only`,
// as a server demoted to a standby or set read-only by an operator). /readyz says 503 and names the cause, a
// delivery that cannot be stored gets 503 within a second, nothing hangs or exits, and once space or writability
// returns the service is ready again and takes deliveries (on a full disk, every issue ends up labelled).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { startSmallDiskPostgres } from '../../harness/small-disk-postgres';
import { eventually, startPostgres, type ServeProcess } from '../../harness/service';
import {
  expectEachDoneOnce,
  issuesScenario,
  PROBE_MS,
  range,
  readiness,
  READY_MS,
  send,
  startOutageServe,
  unlabelled,
} from './outage-support';

let emu: Emulator;

beforeAll(async () => {
  emu = await createEmulator(issuesScenario(40), { timeScale: 0.01 });
}, 60_000);
afterAll(async () => {
  await emu?.close();
});

interface Database {
  url: string;
  stop(): Promise<void>;
}

/** For one describe's tests: a `serve` on the database `start` runs, and an admin connection to it. */
function serveOnStorage(start: () => Promise<Database>) {
  const on = {} as { serve: ServeProcess; admin: pg.Client };
  let database: Database | undefined;
  beforeAll(async () => {
    database = await start();
    on.serve = await startOutageServe(emu.apiUrl, ['--database', database.url]);
    on.admin = new pg.Client(database.url);
    on.admin.on('error', () => {});
    await on.admin.connect();
  }, 120_000);
  afterAll(async () => {
    on.serve?.proc.kill('SIGKILL');
    await on.admin?.end().catch(() => {});
    await database?.stop();
  });
  return on;
}

/** Sends issue `n` until a 202, as GitHub's redelivery would once the storage is back. */
async function deliverEventually(serve: ServeProcess, id: string, n: number): Promise<void> {
  await eventually(async () => (await send(serve, id, n)).status === 202, 60_000, `a 202 for ${id}`);
}

/** While storage cannot write: deliveries of `numbers`, each answered (202 or 503) within the bound. */
async function sendWhileBroken(serve: ServeProcess, prefix: string, numbers: number[]) {
  const answers = [];
  for (const n of numbers) answers.push({ n, ...(await send(serve, `${prefix}-${n}`, n)) });
  return answers;
}

describe('a full disk', () => {
  const on = serveOnStorage(() => startSmallDiskPostgres(64));

  /** Fills the file system: page-sized rows (no WAL: unlogged) until PostgreSQL cannot extend the table. */
  async function fillDisk(): Promise<string> {
    const { admin } = on;
    await admin.query(
      `CREATE UNLOGGED TABLE filler (b bytea) WITH (autovacuum_enabled = off);
       ALTER TABLE filler ALTER b SET STORAGE PLAIN`,
    );
    let last = '';
    for (const rows of [64, 1]) {
      for (let i = 0; i < 100_000; i++) {
        try {
          await admin.query(
            `INSERT INTO filler SELECT decode(repeat('ab', 7000), 'hex') FROM generate_series(1, ${rows})`,
          );
        } catch (err) {
          last = `${(err as { code?: string }).code}: ${(err as Error).message}`;
          break;
        }
      }
    }
    return last;
  }

  it('answers 503 on /readyz and for deliveries, stays up, and recovers when space returns', async () => {
    const { serve, admin } = on;
    for (const n of range(1, 5)) await deliverEventually(serve, `disk-${n}`, n);
    await eventually(() => unlabelled(emu, range(1, 5)).length === 0, 60_000, 'the first issues labelled');
    expect((await readiness(serve)).status).toBe(200);

    expect(await fillDisk()).toMatch(/^53100: .*No space left on device/);
    const notReady = await readiness(serve);
    expect(notReady.status).toBe(503);
    expect(notReady.reason).toMatch(/No space left on device/);
    expect(notReady.ms).toBeLessThan(READY_MS);

    // A delivery needs new pages (the row, its index entries, the job): once the free room in the last pages is
    // used, each is refused at once. None hangs.
    const answers = await sendWhileBroken(serve, 'disk', range(6, 20));
    expect(answers.filter((a) => a.status !== 202 && a.status !== 503)).toEqual([]);
    expect(answers.filter((a) => a.ms >= PROBE_MS)).toEqual([]);
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(serve.proc.exitCode).toBeNull();

    await admin.query('DROP TABLE filler');
    await eventually(async () => (await readiness(serve)).status === 200, 30_000, 'ready again');
    // GitHub's redelivery of what was refused (a fresh attempt of the same delivery id).
    for (const a of answers.filter((x) => x.status !== 202)) await deliverEventually(serve, `disk-${a.n}`, a.n);
    await expectEachDoneOnce(emu, range(1, 20), 90_000);
    expect(serve.proc.exitCode).toBeNull();
  }, 240_000);
});

describe('read-only storage', () => {
  const on = serveOnStorage(startPostgres);

  it('answers 503 on /readyz and for deliveries, stays up, and recovers when writes are allowed again', async () => {
    const { serve, admin } = on;
    for (const n of range(21, 25)) await deliverEventually(serve, `ro-${n}`, n);
    await eventually(() => unlabelled(emu, range(21, 25)).length === 0, 60_000, 'the first issues labelled');

    // Accepted just before: their jobs run into the read-only storage (a failed release stops the worker pool,
    // and the pool started in its place meets read-only storage too).
    for (const n of range(33, 36)) await deliverEventually(serve, `ro-${n}`, n);
    // Every session takes the setting at its next statement once the server reloaded its configuration.
    await admin.query('ALTER SYSTEM SET default_transaction_read_only = on');
    await admin.query('SELECT pg_reload_conf()');
    await eventually(async () => (await readiness(serve)).status === 503, 30_000, '/readyz 503');
    // Read-only for at least a dozen of the service's heartbeats (one a second): longer than the queue lets fetches
    // fail before it replaces a stuck runner.
    const failedBeats = () => serve.output.filter((l) => l.includes('heartbeat failed')).length;
    await eventually(() => failedBeats() >= 12, 60_000, 'a dozen failed heartbeats');
    const notReady = await readiness(serve);
    expect(notReady.status).toBe(503);
    expect(notReady.reason).toMatch(/read-only transaction/);
    expect(notReady.ms).toBeLessThan(READY_MS);

    const answers = await sendWhileBroken(serve, 'ro', range(26, 32));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 503));
    expect(answers.filter((a) => a.ms >= PROBE_MS)).toEqual([]);
    expect(serve.proc.exitCode).toBeNull();

    await admin.query('SET default_transaction_read_only = off');
    await admin.query('ALTER SYSTEM RESET default_transaction_read_only');
    await admin.query('SELECT pg_reload_conf()');
    await eventually(async () => (await readiness(serve)).status === 200, 30_000, 'ready again');
    for (const n of range(26, 32)) await deliverEventually(serve, `ro-${n}`, n);
    // Processing resumes by itself: every delivery accepted once writes are allowed again is run, and the jobs
    // that failed against read-only storage run again without answering twice.
    await expectEachDoneOnce(emu, range(21, 36), 90_000);
    expect(serve.proc.exitCode).toBeNull();
  }, 240_000);
});
