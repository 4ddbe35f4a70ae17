// Types of `npm run bench` scenarios (bench/scenarios/<action>.ts) and `npm run demo` steps (scripts/demo/<action>.ts).
import type { Emulator, EmulatorOptions, Scenario } from '../emulator';
import type { RunOptions, RunResult } from '../harness/run-bundle';

/** One run of the action: the runner's options without what the bench supplies (emulator, memory, RUNNER_TEMP). */
export type BenchRun = Omit<RunOptions, 'emulator' | 'measureMemory' | 'runnerTemp'>;

export interface BenchSetup {
  /** The repository state the emulator starts from (tokens included). */
  scenario: Scenario;
  /** Emulator options; `latencyMs` defaults to the scenario's `latencyMs` (50). */
  emulatorOptions?: EmulatorOptions;
  /** Runs before the measured one in the same job (same RUNNER_TEMP, so the ETag cache is warm); not measured. */
  preRuns?: BenchRun[];
  /** The measured run. */
  run: BenchRun;
  /** Called once the emulator is up, before any run (faults, state changes between pre-runs and the run...). */
  prepare?(emulator: Emulator): void | Promise<void>;
  /** Called between the pre-runs and the measured run. */
  beforeRun?(emulator: Emulator): void | Promise<void>;
  /** Throws when the measured run did not do its job (the bench reports it as failed). */
  verify?(emulator: Emulator, result: RunResult): void | Promise<void>;
}

export interface BenchScenario {
  /** Unique, short: `label-sync: 60 labels, 3 changes`. */
  name: string;
  /** The action (dist/<action>/index.js). */
  action: string;
  /** What the scenario shows. */
  description?: string;
  /**
   * The theoretical minimum of the measured run: REST requests counted against the primary limit, writes among them,
   * and (where the action reads through GraphQL) GraphQL points.
   */
  minimum: { requests: number; writes: number; points?: number };
  /** Latency injected on every request (default 50 ms). */
  latencyMs?: number;
  setup(): BenchSetup | Promise<BenchSetup>;
}

/** What bench/scenarios/<action>.ts exports. */
export interface BenchModule {
  scenarios: BenchScenario[];
}

export interface BenchResult {
  name: string;
  action: string;
  status: 'ok' | 'failed' | 'skipped';
  note?: string;
  counted?: number;
  notModified?: number;
  writes?: number;
  /** GraphQL requests and the points they cost (GraphQL's own budget, not in `counted`). */
  graphqlRequests?: number;
  graphqlPoints?: number;
  total?: number;
  minimum?: { requests: number; writes: number; points?: number };
  wallMs?: number;
  peakRssMb?: number;
  exitCode?: number | null;
}

/** One step of `npm run demo`, run against the sample repository (emulator/sample-scenario.ts). */
export interface DemoStep {
  action: string;
  title: string;
  /** Inputs by action.yml name. */
  inputs?: RunOptions['inputs'];
  /** Default `workflow_dispatch` with an empty payload. */
  event?: RunOptions['event'];
  /** Files written into the workspace (after a checkout of the default branch when `checkout`). */
  workspace?: Record<string, string>;
  checkout?: boolean;
  /** A token of the sample scenario (default its workflow token). */
  token?: string;
  env?: Record<string, string>;
  /** Run against the emulator before the step: what a person did first (for example, wrote the comment). */
  before?: (emulator: Emulator) => void;
}

/** What scripts/demo/<action>.ts exports. */
export interface DemoModule {
  steps: DemoStep[];
}
