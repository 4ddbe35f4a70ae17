// The one entry point of every action: reads the common inputs, builds the client, runs the action,
// reports every failure (annotations for config files, all messages of an aggregate), and always writes
// the API usage to the job summary and a one-line cost to the log.
import * as core from '@actions/core';
import { ApiError, BudgetError, costLine, createClient } from '../../github/client';
import type { Client, ClientOptions } from '../../github/client/types';
import { annotate, ConfigError } from '../../kernel/config-file';
import { readEventContext } from '../../kernel/context';
import { readRunnerEnvironment } from './environment';
import { runnerLog } from '../../kernel/runner-log';
import { plural } from '../../kernel/words';
import { Redactor, tokenForms } from '../../kernel/redaction';
import { commonInputSchema } from '../../kernel/common-inputs';
import { getInputs, InputError, type InputReader } from '../../kernel/inputs';
import { runnerRenderer } from './runner-host';
import type { ActionDefinition, ActionLog } from '../../kernel/action';

import { summaryCharts } from './budget-chart';
import { addHeading, addList, addMarkdown, apiUsageMarkdown, takeSummary, writeSummary } from './summary';

export type { CommonInputs } from '../../kernel/common-inputs';

export interface RunOptions {
  /** Replaces `createClient` (tests). */
  createClient?: (options: ClientOptions) => Client;
  /** Environment for the event context (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Replaces `core.getInput` (tests). */
  readInput?: InputReader;
}

/** Replaces every occurrence of the secrets in a text (kernel/redaction.ts, the one redaction). */
function redactor(secrets: string[]): (text: string) => string {
  const r = new Redactor(secrets);
  return (text) => r.redact(text);
}

/** Registers the token (and its Basic-auth encoding) with the runner's masking before anything can print it. */
function registerSecret(token: string): string[] {
  const forms = tokenForms(token);
  for (const form of forms) core.setSecret(form);
  return forms;
}

function makeLog(redact: (text: string) => string): ActionLog {
  return {
    debug: (m) => runnerLog.debug(redact(m)),
    info: (m) => runnerLog.info(redact(m)),
    warning: (m) => runnerLog.warning(redact(m)),
    error: (m) => runnerLog.error(redact(m)),
    notice: (m) => runnerLog.notice(redact(m)),
  };
}

/** Every message an error carries: each member of an AggregateError (or array), recursively. */
export function failureMessages(err: unknown): string[] {
  if (Array.isArray(err)) return err.flatMap(failureMessages);
  if (err instanceof AggregateError) {
    const inner = err.errors.flatMap(failureMessages);
    return inner.length > 0 ? inner : [err.message];
  }
  if (err instanceof InputError) return err.problems.map((p) => p.message);
  if (err instanceof Error) return [err.message || err.name];
  return [String(err)];
}

function headline(err: unknown): string {
  if (Array.isArray(err)) return `${plural(err.length, 'operation')} failed`;
  if (err instanceof AggregateError) return err.message || `${err.errors.length} errors`;
  if (err instanceof ConfigError)
    return err.issues.length > 1 ? `${err.issues.length} problems in ${err.file}` : err.message;
  if (err instanceof InputError)
    return err.problems.length > 1 ? `${err.problems.length} inputs are invalid` : err.message;
  return '';
}

/** Reports a failure: annotations, one error line per message, and `core.setFailed`. */
function reportFailure(err: unknown, redact: (text: string) => string, workspace: string | undefined): string[] {
  if (err instanceof ConfigError) {
    // One annotation per problem, and no failure annotation repeating them all: the exit code says it failed.
    annotate(err, workspace);
    runnerLog.info(redact(`Invalid configuration: ${plural(err.issues.length, 'problem')} in ${err.file}.`));
    process.exitCode = 1;
    return err.issues.map((i) =>
      redact(`${err.file}${i.line ? `:${i.line}:${i.column}` : ''}: ${i.path ? `${i.path}: ` : ''}${i.message}`),
    );
  }
  const title = redact(headline(err));
  const messages = failureMessages(err).map(redact);
  if (messages.length === 0) messages.push(title || 'The action failed without a message');
  // Several messages (or one under a headline of its own): one error line each, then the headline.
  if (messages.length > 1 || (title !== '' && title !== messages[0])) {
    for (const m of messages) runnerLog.error(m, { title: err instanceof InputError ? 'Invalid input' : 'Failed' });
    runnerLog.fail(title || `${messages.length} errors`);
  } else {
    runnerLog.fail(messages[0] ?? 'failed');
  }
  if (
    err instanceof Error &&
    !(err instanceof ApiError || err instanceof BudgetError || err instanceof InputError) &&
    err.stack
  ) {
    runnerLog.debug(redact(err.stack));
  }
  return messages;
}

/**
 * Runs an action. Resolves to the exit code (0 or 1) and sets `process.exitCode`; never rejects.
 */
export async function runAction(action: ActionDefinition, options: RunOptions = {}): Promise<number> {
  const { name, run: main, tokenAlias: alias } = action;
  const baseReader: InputReader = options.readInput ?? ((n) => core.getInput(n) || undefined);
  const readInput: InputReader =
    alias === undefined ? baseReader : (n) => (n === 'token' ? (baseReader(alias) ?? baseReader(n)) : baseReader(n));
  const env = options.env ?? process.env;
  let redact = (text: string) => text;
  let client: Client | undefined;
  let failures: string[] = [];
  let dryRun = false;
  try {
    const secrets = registerSecret(readInput('token') ?? '');
    redact = redactor(secrets);
    const inputs = getInputs(commonInputSchema, readInput);
    dryRun = inputs.dryRun;
    const log = makeLog(redact);
    const runner = readRunnerEnvironment(env);
    client = (options.createClient ?? createClient)({
      token: inputs.token,
      action: name,
      reserve: inputs.budgetReserve,
      baseUrl: runner.apiUrl,
      graphqlUrl: runner.graphqlUrl,
      cacheDir: runner.cacheDir,
      proxied: runner.apiProxied,
      clock: runner.clock,
      log,
    });
    const context = readEventContext(env);
    runnerLog.debug(
      `${name}: event ${context.eventName || '(none)'} on ${context.repository || '(no repository)'} ${context.ref} ${context.sha}`,
    );
    if (inputs.dryRun) runnerLog.info('Dry run: nothing will be written.');
    await main({
      client,
      inputs,
      context,
      log,
      readInput,
      workspace: runner.workspace,
      tempDir: runner.tempDir,
      serverUrl: runner.serverUrl,
      processEnv: env,
      clock: runner.clock,
      render: runnerRenderer(log),
    });
  } catch (err) {
    failures = reportFailure(err, redact, env.GITHUB_WORKSPACE);
  }
  await finish(name, outcome(failures, dryRun), client, failures, redact);
  if (failures.length > 0) process.exitCode = 1;
  return failures.length > 0 ? 1 : 0;
}

function outcome(failures: readonly string[], dryRun: boolean): string {
  if (failures.length > 0) return 'failed';
  return dryRun ? 'planned (dry run: nothing written)' : 'done';
}

/**
 * The cost line and the job summary, written on success and on failure alike, in one layout for every action:
 * `## <action>: <outcome>`, the budget chart (`budget-chart.ts`), the action's own sections, `### What failed in <action>`, then `### API usage`.
 */
async function finish(
  name: string,
  result: string,
  client: Client | undefined,
  failures: string[],
  redact: (text: string) => string,
): Promise<void> {
  try {
    const sections = takeSummary();
    addHeading(`${name}: ${result}`, 2);
    if (client)
      addMarkdown(
        summaryCharts(client.telemetry.snapshot(), {
          rest: client.options.reserve,
          graphql: client.options.graphqlReserve,
        }),
      );
    addMarkdown(sections);
    if (failures.length > 0) {
      addHeading(`What failed in ${name}`, 3);
      addList(failures);
    }
    if (client) {
      const spent = client.telemetry.snapshot();
      runnerLog.info(costLine(spent));
      addMarkdown(apiUsageMarkdown(spent));
    }
  } catch (err) {
    runnerLog.warning(redact(`Could not report the API usage: ${(err as Error).message}`));
  }
  await writeSummary();
}
