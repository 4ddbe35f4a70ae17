// The one set-up of the triage end-to-end tests: an emulator per test (closed after it), and the committed triage
// bundle run against it with the scenario's token.
import { afterEach } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions, type Scenario } from '../../../emulator';
import { runBundle, type RunOptions } from '../../../harness/run-bundle';
import { TOKEN } from '../../../emulator/scenarios/triage';

export interface TriageHarness {
  /**
   * Starts this test's emulator (scaled time by default); closed after the test. The bundle's GraphQL URL is a
   * closed local port, so the run reads through REST (its GraphQL query is refused before any byte is sent, and the
   * emulator's request log is the REST path's, which these tests count), unless `graphql: true`
   * (graphql-reads.test.ts tests the GraphQL reads and the fall back).
   */
  start(scenario: Scenario, options?: EmulatorOptions & { graphql?: boolean }): Promise<Emulator>;
  /** Runs the triage bundle against this test's emulator (the scenario's `TOKEN` unless `token` is given). */
  run(options: Omit<RunOptions, 'emulator' | 'token'> & { token?: string }): ReturnType<typeof runBundle>;
}

/** A GraphQL URL nothing listens on (the discard port): connection refused, a permanent network failure. */
const CLOSED_GRAPHQL_URL = 'http://127.0.0.1:9/graphql';

/** Registers the after-each clean-up and returns the harness of one test file. */
export function triageHarness(): TriageHarness {
  let current: Emulator | undefined;
  let graphqlOn = false;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    async start(scenario, { graphql = false, ...options } = {}) {
      current = await createEmulator(scenario, { timeScale: 0.01, ...options });
      graphqlOn = graphql;
      return current;
    },
    run(options) {
      if (!current) throw new Error('start the emulator first');
      const env: Record<string, string> = graphqlOn ? {} : { GITHUB_GRAPHQL_URL: CLOSED_GRAPHQL_URL };
      return runBundle('triage', { emulator: current, token: TOKEN, ...options, env: { ...env, ...options.env } });
    },
  };
}
