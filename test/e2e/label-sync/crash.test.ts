// label-sync killed (SIGKILL, as a cancelled job or a lost runner) right after each write of the mixed scenario in
// turn, then run again on a fresh runner: the re-run must end in exactly the state of an uninterrupted run (no label
// missing or left over, every carrier of a merged alias relabelled) and a third run must write nothing.
import { describe, expect, it } from 'vitest';
import { runBundle } from '../../../harness/run-bundle';
import { CONFIG, labelSyncHarness, writesOf } from './harness';
import { expectedMap, labelFile, mixedScenario, WORKFLOW_TOKEN } from '../../../emulator/scenarios/label-sync';

const h = labelSyncHarness();
const { file, seed } = mixedScenario();

const runOnce = (killAfterWrites?: number) =>
  runBundle('label-sync', {
    emulator: h.emu!,
    token: WORKFLOW_TOKEN,
    inputs: { prune: true },
    workspace: { [CONFIG]: labelFile(file) },
    ...(killAfterWrites !== undefined ? { killAfterWrites } : {}),
  });

function expectExact() {
  expect(h.labels()).toEqual(expectedMap(file));
  expect([h.issueLabels(1), h.issueLabels(2), h.issueLabels(3)]).toEqual([['bug'], ['bug'], ['feature']]);
}

/** Writes of an uninterrupted run of the scenario: 3 updates, a rename, 3 creates, 2 prunes, 2 relabels, 1 delete. */
const WRITES = 12;

describe('label-sync killed after each write', () => {
  it(`an uninterrupted run makes ${WRITES} writes`, async () => {
    await h.start([seed]);
    const r = await runOnce();
    expect(r.code, r.stdout).toBe(0);
    expect(r.writes).toBe(WRITES);
    expectExact();
  });

  it.each(Array.from({ length: WRITES }, (_, i) => i + 1))(
    'killed after write %i, then re-run: exact state, and a third run writes nothing',
    async (k) => {
      await h.start([seed]);
      const killed = await runOnce(k);
      expect(killed.killed).toBe(true);
      // (writes already in flight when the runner died may still complete on the server)
      expect(killed.writes).toBeGreaterThanOrEqual(k);

      const rerun = await runOnce();
      expect(rerun.code, rerun.stdout).toBe(0);
      expectExact();
      // the re-run does only what was left (a merge cut short labels its carriers again, an idempotent add)
      expect(rerun.writes).toBeLessThanOrEqual(WRITES);

      const third = await runOnce();
      expect(writesOf(third)).toEqual([]);
    },
  );
});
