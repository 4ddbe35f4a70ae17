// What an action's steps are given by its host: the client, the common inputs, the event, a log, the workspace and
// the host's renderer of the report. The Actions runner builds it (`hosts/actions-runner/run.ts`, `runAction`); the
// service hands triage's steps what they read instead (`hosts/service/triage-host.ts`). An action imports this
// type, never a host.
import type { Clock } from '../github/client/clock';
import type { Client, Logger } from '../github/client/types';
import type { CommonInputs } from './common-inputs';
import type { EventContext } from './context';
import type { InputReader } from './inputs';
import type { ZodType } from 'zod';
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
  /** The host's environment, for a program the action starts (git keeps only PATH, HOME and a few: `git.ts`). */
  processEnv: NodeJS.ProcessEnv;
  /** Time in API terms (waits scale for tests against the emulator). */
  clock: Clock;
  /** Renders a run's report (`report.ts`): on the runner, outputs, job summary sections and log lines. */
  render: (report: RunReport) => void;
}

/**
 * An action as a value: its name (its entry in the registry, `src/actions/actions.json`), its inputs' one definition
 * (`inputSchema`, from its `inputs.ts`), a peer's name for the token when its peers have one, and its run (`run.ts`:
 * inputs → the run sequence with its steps). Each action's `action.ts` defines it; its `main.ts` hands it to the
 * Actions runner's host (`runAction(action)`).
 */
export interface ActionDefinition<Result = unknown> {
  readonly name: string;
  readonly inputs: ZodType;
  /**
   * An input that, when given, is the token: a peer's name for it (actions/stale's and actions/labeler's
   * `repo-token`, crazy-max/ghaction-github-labeler's `github-token`), so a workflow switched by its `uses:` line
   * keeps the token it gave; `token` keeps its own default otherwise.
   */
  readonly tokenAlias?: string;
  /** Runs the action (what it resolves to is its own: a test may read it). */
  readonly run: (ctx: ActionContext) => Promise<Result>;
}

/** Defines an action (typed: its run takes an `ActionContext`). */
export function defineAction<Result>(definition: ActionDefinition<Result>): ActionDefinition<Result> {
  return definition;
}
