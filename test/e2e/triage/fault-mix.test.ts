// Convergence: the sweep under a seeded mix of faults (5xx, resets before and after the request ran, 429 with
// retry-after, a secondary-limit 403, a lost list page): exit 0 and exactly the state of an uninterrupted run in
// every seed (or, when a write's faults outlast the retries, a loud failure the next run finishes), then a re-run
// writes nothing. The mix is one table: add a row to add a fault.
import { describe, expect, it } from 'vitest';
import { RequestLog, type Emulator } from '../../../emulator';
import type { Faults } from '../../../emulator/faults';
import { CONVERGENCE_CONFIG, convergedState, convergenceIssues, expectedState } from './convergence';
import { scenarioOf } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();
let emu: Emulator | undefined;

const ITEM_WRITE = /^\/repos\/octo\/app\/issues\/\d+(\/labels|\/comments)?$/;

/** The mix: each row a fault switch, turned on in a seed when `(seed + index) % every === 0`. */
const MIX: { what: string; every: number; apply(faults: Faults, seed: number): void }[] = [
  { what: 'random 5xx', every: 1, apply: (f, seed) => f.random5xx({ rate: 0.1, seed, statuses: [500, 502, 503] }) },
  {
    what: 'reset before the body',
    every: 2,
    apply: (f) => f.reset({ method: 'POST', path: ITEM_WRITE, when: 'before-body' }),
  },
  {
    what: 'reset after the write ran',
    every: 2,
    apply: (f) => f.reset({ method: 'POST', path: ITEM_WRITE, when: 'after-body' }),
  },
  {
    what: 'reset after a close ran',
    every: 3,
    apply: (f) => f.reset({ method: 'PATCH', path: ITEM_WRITE, when: 'after-body' }),
  },
  {
    what: '429 with retry-after',
    every: 2,
    apply: (f) => f.respond({ method: 'POST', path: ITEM_WRITE, status: 429, headers: { 'retry-after': '2' } }),
  },
  {
    what: 'secondary-limit 403',
    every: 3,
    apply: (f) =>
      f.respond({
        method: 'POST',
        path: ITEM_WRITE,
        status: 403,
        headers: { 'retry-after': '3' },
        body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
      }),
  },
  // A list page lost on the wire (the connection drops before the answer); a body cut mid-way joins this table
  // when the emulator offers it.
  {
    what: 'a lost list page',
    every: 2,
    apply: (f) => f.reset({ method: 'GET', path: /\/issues$/, when: 'after-body' }),
  },
];

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

describe('triage: a seeded fault mix over a sweep', () => {
  it.each(SEEDS)(
    'seed %i: exit 0 (or a loud failure the next run finishes), the exact final state, then a re-run writes nothing',
    async (seed) => {
      const { issues, kinds } = convergenceIssues(120);
      emu = await h.start(scenarioOf({ issues }), { timeScale: 0.01 });
      const active = MIX.filter((row, index) => (seed + index) % row.every === 0);
      for (const row of active) row.apply(emu.faults, seed);
      const sweep = () =>
        h.run({
          inputs: { 'max-operations': '500' },
          event: { name: 'schedule', payload: {} },
          workspace: { '.github/triage.yml': CONVERGENCE_CONFIG },
        });
      const first = await sweep();
      expect(first.requests.some((e) => e.status >= 429)).toBe(true); // the mix did strike
      if (first.code === 0) {
        expect(first.outputs.remaining).toBe('0');
      } else {
        // A write whose faults outlasted the client's retries (rare: five 5xx in a row): the run fails loudly, naming
        // the operations, with nothing half-done; the next run finishes the job (the alternative to exit 0 that convergence allows).
        const errors = first.annotations.filter((a) => a.level === 'error').map((a) => a.message);
        expect(errors.join('\n'), `${active.map((r) => r.what).join(', ')}\n${first.stdout}`).toMatch(
          /operations? failed/,
        );
        emu.faults.clear();
        const finish = await sweep();
        expect(finish.code, finish.stdout).toBe(0);
      }
      expect(convergedState(emu, kinds)).toEqual(expectedState(kinds));
      emu.faults.clear();
      const again = await sweep();
      expect(again.code, again.stdout).toBe(0);
      expect(RequestLog.summarize(again.requests).writes).toBe(0);
      expect(convergedState(emu, kinds)).toEqual(expectedState(kinds));
    },
  );
});
