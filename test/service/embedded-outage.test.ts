// The database blinks on the embedded default too: `serve` without --database runs its own PostgreSQL in
// --data-dir, and that server is crashed, frozen, stopped and killed while deliveries arrive and jobs run. The
// crash is a backend killed (SIGKILL): PostgreSQL then ends every connection and recovers by itself. The freeze
// is SIGSTOP on the postmaster and every backend (a stalled disk, a paused VM). Stopped and killed: the postmaster
// itself SIGKILLed (the OOM killer), which PostgreSQL does not recover from: `serve` reports it and starts the
// server again on the same port (src/hosts/service/store/supervised-postgres.ts). `serve` never exits; while the
// database is away a delivery gets 503 within 1 s and /readyz 503 within 2 s, as the service measures its own time
// (outage-support.ts), and the client sees no hang; every delivery GitHub got a 202 for is done, its effect once.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator';
import { serverIdentity } from '../../src/hosts/service/store/embedded-postgres';
import { leftoverBackends } from '../../src/hosts/service/store/leftover-backends';
import { eventually, tempDir, type ServeProcess } from '../../harness/service';
import {
  busyEmulator,
  expectEachDoneOnce,
  expectOutageBounds,
  expectRefusedWhileAway,
  processTree,
  range,
  readiness,
  redeliverer,
  signalAll,
  startOutageServe,
  whileStopped,
} from './outage-support';

const ISSUES = 40;
let emu: Emulator;
let serve: ServeProcess;
let dataDir: string;

beforeAll(async () => {
  emu = await busyEmulator(ISSUES);
  dataDir = tempDir('embedded-outage');
  serve = await startOutageServe(emu.apiUrl, ['--data-dir', dataDir]);
}, 120_000);
afterAll(async () => {
  if (serve && serve.proc.exitCode === null) {
    serve.proc.kill('SIGTERM');
    await serve.exited;
  }
  await emu?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The embedded server's postmaster, from its lock file (first line: the pid). */
function postmasterPid(): number {
  return Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** The backends serving client connections (their title names the user and database). */
function clientBackends(postmaster: number): number[] {
  return processTree(postmaster).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres: postgres postgres 127.0.0.1');
    } catch {
      return false;
    }
  });
}

/** Waits until the embedded server runs again under a new postmaster and the service is ready. */
async function restartedAfter(killed: number): Promise<number> {
  let pid = 0;
  await eventually(
    async () => {
      try {
        pid = postmasterPid();
      } catch {
        return false; // the lock file is rewritten by the new server
      }
      return pid !== killed && (await readiness(serve)).status === 200;
    },
    60_000,
    'the embedded PostgreSQL restarted',
  );
  return pid;
}

describe('the embedded PostgreSQL crashed, frozen, stopped and killed while deliveries arrive and jobs run', () => {
  it('keeps serve up, restarts the server, answers 503 quickly meanwhile, and does every accepted delivery once', async () => {
    const senders = redeliverer(() => serve, 'embedded');
    const postmaster = postmasterPid();
    expect(processTree(serve.proc.pid!)).toContain(postmaster);

    // 1. A crash: a backend killed, so the server ends every connection and recovers by itself.
    await senders.sendSome(1, 8);
    const backends = clientBackends(postmaster);
    expect(backends.length).toBeGreaterThan(0);
    signalAll(backends.slice(0, 1), 'SIGKILL');
    await senders.sendSome(9, 15);

    // 2. A freeze: connections stay open and nothing answers.
    await eventually(async () => (await readiness(serve)).status === 200, 30_000, 'ready after the crash');
    await whileStopped(processTree(postmaster), async () => {
      await expectRefusedWhileAway(serve, serve, 'frozen-probe');
      await senders.sendSome(16, 20);
    });
    await senders.sendSome(21, 25);
    expect(postmasterPid()).toBe(postmaster);

    // 3. Stopped: the postmaster killed while its backends are frozen. They keep the old shared memory, so the
    // server cannot start again until they are gone: the database stays away as long as the test holds them.
    await eventually(async () => (await readiness(serve)).status === 200, 30_000, 'ready after the freeze');
    const held = processTree(postmaster).filter((pid) => pid !== postmaster);
    await whileStopped(held, async () => {
      signalAll([postmaster], 'SIGKILL');
      await eventually(() => !processTree(serve.proc.pid!).includes(postmaster), 10_000, 'the postmaster gone');
      await expectRefusedWhileAway(serve, serve, 'stopped-probe');
      await senders.sendSome(26, 30);
    });
    const second = await restartedAfter(postmaster);

    // 4. Killed under load: the postmaster SIGKILLed while deliveries arrive and jobs run.
    const killing = senders.sendSome(31, ISSUES);
    await new Promise((r) => setTimeout(r, 200));
    signalAll([second], 'SIGKILL');
    await killing;
    const third = await restartedAfter(second);
    expect(processTree(serve.proc.pid!)).toContain(third);
    await Promise.all(senders.sending);

    await expectEachDoneOnce(emu, range(1, ISSUES), 90_000);
    await eventually(async () => (await readiness(serve)).status === 200, 10_000, 'ready again');
    expect(serve.proc.exitCode).toBeNull();
    expect(senders.slow).toEqual([]);
    // serve said what happened, in its own words and PostgreSQL's exit, and restarted it each time.
    const said = serve.output.join('\n');
    expect(said.match(/exited unexpectedly: killed by SIGKILL/g)?.length).toBe(2);
    expect(said).toContain('runs again (pid ' + third + ', restart 2)');
    const bounds = await expectOutageBounds(serve.origin);
    expect(bounds.refused).toBeGreaterThanOrEqual(2);
    expect(bounds.notReady).toBeGreaterThanOrEqual(2);
  }, 240_000);

  it('stops the restarted server on a graceful stop: exit 0, no restart, nothing of it left', async () => {
    const postmaster = postmasterPid();
    serve.proc.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
    expect(serve.output.join('\n').match(/exited unexpectedly/g)?.length).toBe(2);
    const cluster = join(dataDir, 'postgres');
    expect(existsSync(`/proc/${postmaster}`)).toBe(false);
    expect(leftoverBackends(cluster, join(serverIdentity().binaries, 'bin', 'postgres'))).toEqual([]);
  }, 60_000);
});
