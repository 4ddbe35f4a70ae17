// The database blinks, the service does not: with deliveries arriving and jobs running, PostgreSQL is restarted
// (fast shutdown, as in a failover or a minor upgrade) and then frozen (SIGSTOP on the server and every backend,
// as a stalled disk or a paused VM). No `serve` process exits; while the database is away a delivery gets 503
// within 1 s and /readyz 503 within 2 s, as the service measures its own time (outage-support.ts), and the client
// sees no hang; every delivery GitHub got a 202 for is done, its effect once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator';
import { eventually, startPostgres, stopPostgresFast, type Postgres, type ServeProcess } from '../../harness/service';
import {
  busyEmulator,
  expectEachDoneOnce,
  expectOutageBounds,
  expectRefusedWhileAway,
  processTree,
  range,
  readiness,
  redeliverer,
  startOutageServe,
  whileStopped,
} from './outage-support';

const ISSUES = 40;
let postgres: Postgres;
let emu: Emulator;
let replicas: ServeProcess[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  emu = await busyEmulator(ISSUES);
  const store = ['--database', postgres.url];
  replicas = [await startOutageServe(emu.apiUrl, store), await startOutageServe(emu.apiUrl, store)];
}, 90_000);
afterAll(async () => {
  for (const r of replicas) r.proc.kill('SIGKILL');
  await emu?.close();
  await postgres?.stop();
});

describe('PostgreSQL restarted and frozen while deliveries arrive and jobs run', () => {
  it('keeps every replica up, answers 503 quickly while it is away, and does every accepted delivery once', async () => {
    const senders = redeliverer((n, attempt) => replicas[(n + attempt) % replicas.length], 'blink');

    // 1. A restart (fast shutdown cuts every connection, jobs included) while deliveries arrive.
    await senders.sendSome(1, 10);
    await stopPostgresFast(postgres);
    await expectRefusedWhileAway(replicas[0], replicas[1], 'down-probe');
    await senders.sendSome(11, 15);
    await postgres.restart();
    await senders.sendSome(16, 25);

    // 2. A freeze: connections stay open and nothing answers.
    await whileStopped(processTree(postgres.pid), async () => {
      await expectRefusedWhileAway(replicas[1], replicas[0], 'frozen-probe');
      await senders.sendSome(26, 30);
    });
    await senders.sendSome(31, ISSUES);
    await Promise.all(senders.sending);

    await expectEachDoneOnce(emu, range(1, ISSUES), 60_000);
    await eventually(async () => (await readiness(replicas[0])).status === 200, 10_000, 'ready again');
    expect(replicas.map((r) => r.proc.exitCode)).toEqual([null, null]);
    expect(senders.slow).toEqual([]);
    expect(senders.refused).toBeGreaterThan(0);
    // Each replica answered 503s (the probes), each within the bounds on its own clock.
    const bounds = await Promise.all(replicas.map((r) => expectOutageBounds(r.origin)));
    expect(bounds.map((b) => b.refused + b.notReady).every((n) => n > 0)).toBe(true);
  }, 180_000);
});
