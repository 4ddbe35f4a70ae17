// What an action's steps are given by its host: the client, the common inputs, the event, a log, the workspace and
// the host's renderer of the report. The Actions runner builds it (`hosts/actions-runner/run.ts`, `runAction`); the
// service hands triage's steps what they read instead (`hosts/service/triage-host.ts`). An action imports this
// type, never a host.
import type { Clock } from '../github/client/clock';
import type { Client, Logger } from '../github/client/types';
import type { CommonInputs } from './common-inputs';
import type { EventContext } from './context';
import type { InputReader } from './inputs';
import type { RunReport } from './report';

export interface ActionLog extends Logger {
  error(message: string): void;
  /** An annotation on the runner (optional: another host's log prints it as info). */
  notice?(message: string): void;
}

export interface ActionContext {
  client: Client;
  inputs: CommonInputs;
  context: EventContext;
  log: ActionLog;
  /** Reads one of the action's inputs (undefined when empty). */
  readInput: InputReader;
  /** `GITHUB_WORKSPACE` (else the working directory): every local path is contained in it. */
  workspace: string;
  /** `RUNNER_TEMP` (else the system's temporary directory). */
  tempDir: string;
  /** `GITHUB_SERVER_URL` without a trailing slash. */
  serverUrl: string;
  /** Time in API terms (waits scale for tests against the emulator). */
  clock: Clock;
  /** Renders a run's report (`report.ts`): on the runner, outputs, job summary sections and log lines. */
  render: (report: RunReport) => void;
}
