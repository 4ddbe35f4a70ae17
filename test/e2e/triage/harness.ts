// The one set-up of the triage end-to-end tests: an emulator per test (closed after it), and the committed triage
// bundle run against it with the scenario's token.
import { afterEach } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions, type Scenario } from '../../../emulator';
import { runBundle, type RunOptions } from '../../../emulator/runner/run-bundle';
import { TOKEN } from '../../../emulator/scenarios/triage';

export interface TriageHarness {
  /**
   * Starts this test's emulator (scaled time by default); closed after the test. Its GraphQL endpoint answers 404
   * (fault injection, kept across `faults.clear()`), so the run reads through REST, the path these tests count
   * requests on, unless `graphql: true` (graphql-reads.test.ts tests the GraphQL reads and the fall back).
   */
  start(scenario: Scenario, options?: EmulatorOptions & { graphql?: boolean }): Promise<Emulator>;
  /** Runs the triage bundle against this test's emulator (the scenario's `TOKEN` unless `token` is given). */
  run(options: Omit<RunOptions, 'emulator' | 'token'> & { token?: string }): ReturnType<typeof runBundle>;
}

/** Registers the after-each clean-up and returns the harness of one test file. */
export function triageHarness(): TriageHarness {
  let current: Emulator | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    async start(scenario, { graphql = false, ...options } = {}) {
      const emu = await createEmulator(scenario, { timeScale: 0.01, ...options });
      current = emu;
      if (!graphql) {
        const off = () => emu.faults.respond({ method: 'POST', path: /\/graphql$/, status: 404, times: 1e9 });
        const clear = emu.faults.clear.bind(emu.faults);
        emu.faults.clear = () => (clear(), off());
        off();
      }
      return emu;
    },
    run(options) {
      if (!current) throw new Error('start the emulator first');
      return runBundle('triage', { emulator: current, token: TOKEN, ...options });
    },
  };
}
