// Convergence of the stale sweep: a runner killed (SIGKILL) right after each write k of a small sweep, then the job re-run on a
// fresh runner (new RUNNER_TEMP): exactly the state of an uninterrupted run, no comment twice. The stale label is
// written before its comment, so a kill between them leaves a label the re-run completes.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RequestLog, type Emulator } from '../../../emulator';
import { newRunnerTemp } from '../../../harness/run-bundle';
import { CONVERGENCE_CONFIG, convergedState, convergenceIssues, expectedState } from './convergence';
import { scenarioOf } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();
let emu: Emulator | undefined;

// One item of each kind: the rule's label and comment, the stale label and comment, the close comment and close.
const WRITES = 6;

async function sweep(killAfterWrites?: number) {
  const runnerTemp = newRunnerTemp();
  try {
    return await h.run({
      runnerTemp,
      event: { name: 'schedule', payload: {} },
      workspace: { '.github/triage.yml': CONVERGENCE_CONFIG },
      ...(killAfterWrites !== undefined ? { killAfterWrites } : {}),
    });
  } finally {
    rmSync(runnerTemp, { recursive: true, force: true });
  }
}

describe('triage: killed after every write, then re-run on a fresh runner', () => {
  it('an uninterrupted run makes the writes of the scenario', async () => {
    const { issues, kinds } = convergenceIssues(4);
    emu = await h.start(scenarioOf({ issues }), { timeScale: 0.01 });
    const r = await sweep();
    expect(r.code, r.stdout).toBe(0);
    expect(RequestLog.summarize(r.requests).writes).toBe(WRITES);
    expect(convergedState(emu, kinds)).toEqual(expectedState(kinds));
  });

  it.each(Array.from({ length: WRITES }, (_, i) => i + 1))('killed after write %i: the re-run converges', async (k) => {
    const { issues, kinds } = convergenceIssues(4);
    emu = await h.start(scenarioOf({ issues }), { timeScale: 0.01 });
    const killed = await sweep(k);
    expect(killed.killed).toBe(true);
    emu.clock.advance(2 * 60_000);
    const rerun = await sweep();
    expect(rerun.code, rerun.stdout).toBe(0);
    expect(convergedState(emu, kinds)).toEqual(expectedState(kinds));
    const again = await sweep();
    expect(RequestLog.summarize(again.requests).writes).toBe(0);
  });
});
