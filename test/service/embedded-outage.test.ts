// The database blinks on the embedded default too: `serve` without --database runs its own PostgreSQL in
// --data-dir, and that server is crashed and frozen while deliveries arrive and jobs run. The crash is a server
// process killed (SIGKILL): PostgreSQL then ends every connection and restarts through crash recovery, as after any
// backend crash. The freeze is SIGSTOP on the postmaster and every backend (a stalled disk, a paused VM). `serve`
// does not exit; while the server is frozen a delivery gets 503 within about a second and /readyz 503 within two;
// every delivery GitHub got a 202 for is done, its effect once.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { eventually, startServe, tempDir, type ServeProcess } from '../../harness/service';
import { APP_TOKEN, SECRET } from '../e2e/webhooks/scenario';
import {
  issuesScenario,
  notAnsweredOnce,
  PROBE_MS,
  processTree,
  range,
  readiness,
  READY_MS,
  send,
  signalAll,
  unanswered,
  unlabelled,
} from './outage-support';

const ISSUES = 30;
let emu: Emulator;
let serve: ServeProcess;
let dataDir: string;

beforeAll(async () => {
  emu = await createEmulator(issuesScenario(ISSUES), { timeScale: 0.01 });
  // Every label write takes 150 ms: jobs are running when the server goes away.
  emu.faults.latency(150, { method: 'POST', path: /\/issues\/\d+\/labels$/ });
  dataDir = tempDir('embedded-outage');
  const args = [
    ...['--secret-env', 'HOOK_SECRET', '--token-env', 'APP_TOKEN', '--own-login', 'triage-app[bot]'],
    ...['--api-url', emu.apiUrl, '--data-dir', dataDir, '--lease-seconds', '3', '--retry-base-seconds', '0.3'],
  ];
  serve = await startServe(args, { HOOK_SECRET: SECRET, APP_TOKEN });
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

describe('the embedded PostgreSQL crashed and frozen while deliveries arrive and jobs run', () => {
  it('keeps serve up, answers 503 quickly while frozen, and does every accepted delivery once', async () => {
    const slowRefusals: number[] = [];
    /** Sends like GitHub plus a redelivery: until a 202, retrying whatever else it got. */
    async function deliver(n: number): Promise<void> {
      for (let attempt = 0; ; attempt++) {
        const res = await send(serve, `embedded-${n}`, n);
        if (res.status === 202) return;
        if (res.ms >= PROBE_MS) slowRefusals.push(Math.round(res.ms));
        if (attempt > 400) throw new Error(`embedded-${n}: no 202 (last ${res.status})`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const sending: Promise<void>[] = [];
    const sendSome = async (from: number, to: number) => {
      for (let n = from; n <= to; n++) {
        sending.push(deliver(n));
        await new Promise((r) => setTimeout(r, 40));
      }
    };
    const postmaster = postmasterPid();
    expect(processTree(serve.proc.pid!)).toContain(postmaster);

    // 1. A crash: a backend killed, so the server ends every connection and recovers.
    await sendSome(1, 8);
    const backends = clientBackends(postmaster);
    expect(backends.length).toBeGreaterThan(0);
    signalAll(backends.slice(0, 1), 'SIGKILL');
    await sendSome(9, 15);

    // 2. A freeze: connections stay open and nothing answers.
    await eventually(async () => (await readiness(serve)).status === 200, 30_000, 'ready after the crash');
    const frozen = processTree(postmaster);
    signalAll(frozen, 'SIGSTOP');
    try {
      const whileFrozen = await send(serve, 'frozen-probe', 1);
      expect(whileFrozen.status).toBe(503);
      expect(whileFrozen.ms).toBeLessThan(PROBE_MS);
      const notReady = await readiness(serve);
      expect(notReady.status).toBe(503);
      expect(notReady.ms).toBeLessThan(READY_MS);
      await sendSome(16, 20);
    } finally {
      signalAll(frozen, 'SIGCONT');
    }
    await sendSome(21, ISSUES);
    await Promise.all(sending);

    // Labelled and answered: the engine writes the labels before its comment, so both are waited for.
    const done = () => unlabelled(emu, range(1, ISSUES)).length + unanswered(emu, range(1, ISSUES)).length === 0;
    await eventually(done, 90_000, 'every issue labelled and answered');
    await eventually(async () => (await readiness(serve)).status === 200, 10_000, 'ready again');
    expect(notAnsweredOnce(emu, range(1, ISSUES))).toEqual([]);
    expect(postmasterPid()).toBe(postmaster);
    expect(serve.proc.exitCode).toBeNull();
    expect(slowRefusals).toEqual([]);
  }, 240_000);
});
