// The one sequencer of the triage action: inputs → config → the kernel's run sequence with triage's steps (steps.ts:
// read state and plan → print → budget check → apply unless dry-run, remembering this job's writes → report).
import type { ActionContext } from '../../kernel/action';
import { runSequence, type SequenceRun } from '../../kernel/sequence';
import { plural } from '../../kernel/words';
import type { TriageOptions, TriageResult } from './domain/engine';
import { InputError } from '../../kernel/inputs';
import { readTriageInputs, staleStepInputs, unsupportedLabelerInputs, withMissingLabelInputs } from './inputs';
import { withStaleInputs } from './domain/stale-inputs';
import { loadJobMemory } from './domain/job-memory';
import { loadTriageConfig, missingConfigError, withLabelerRules } from './domain/load-config';
import { learnIdentity } from './domain/identity';
import { loadLoginMemory } from './domain/login-memory';
import { trackServerClock } from './domain/server-clock';
import { triageSteps } from './steps';

/** Runs the action; resolves to the sequence's outcome and report (tests compare its plan with the service's). */
export async function run(ctx: ActionContext): Promise<SequenceRun<TriageResult, TriageResult, TriageResult>> {
  const { client, context, log } = ctx;
  const inputs = readTriageInputs(ctx.readInput);
  // actions/stale's `repo-token` is the token (core reads it as `token` when given: main.ts).
  const stepStale = staleStepInputs(inputs);
  const unsupported = unsupportedLabelerInputs(inputs);
  if (unsupported.length > 0) throw new InputError(unsupported);
  const repo = { owner: context.owner, repo: context.repo };
  const now = trackServerClock(client.octokit, ctx.clock);
  const hasStaleInputs = Object.keys(stepStale).length > 0;
  // Without a triage config, actions/labeler's file (and the stale step inputs) configure the run alone. The
  // labeler file is read only when the workflow asks for it: `configuration-path`, or a pull request run of a
  // workflow that gives no actions/stale input (actions/labeler's own). A file that merely exists is not asked for.
  const base = await loadTriageConfig(client, repo, inputs.config, ctx.workspace, true);
  const pullRun = context.eventName === 'pull_request' || context.eventName === 'pull_request_target';
  const labelerAsked = inputs.configurationPath !== undefined || (base.missing && pullRun && !hasStaleInputs);
  const loaded = labelerAsked
    ? await withLabelerRules(client, repo, base, ctx.workspace, {
        path: inputs.configurationPath,
        sync: inputs.syncLabels,
        warn: (message) => log.warning(message),
      })
    : base;
  if (base.missing && !loaded.labeler && !hasStaleInputs) throw missingConfigError(inputs.config, ctx.workspace, repo);
  const config = withMissingLabelInputs(withStaleInputs(loaded.config, stepStale), inputs);
  const origin = hasStaleInputs ? `${loaded.origin} with the actions/stale step inputs` : loaded.origin;
  // actions/stale's debug-only is a dry run.
  const dryRun = ctx.inputs.dryRun || config.stale?.['debug-only'] === true;
  log.info(
    `Config ${origin}: ${plural(config.rules.length, 'rule')}, commands ${config.commands ? 'on' : 'off'}, stale ${config.stale ? 'on' : 'off'}.`,
  );
  const { identity, mismatch } = await learnIdentity(client, log, {
    ownLogin: inputs.ownLogin,
    token: ctx.inputs.token,
    memory: await loadLoginMemory(ctx.tempDir, ctx.inputs.token, (message) => log.warning(message)),
  });
  if (mismatch) throw new InputError([{ input: 'own-login', message: `Input "own-login": ${mismatch}` }]);
  const memory = await loadJobMemory(ctx.tempDir, repo, (message) => log.warning(message));
  const options: TriageOptions = {
    client,
    repo,
    config,
    event: { name: context.eventName, payload: context.payload },
    log,
    dryRun,
    maxOperations: inputs.maxOperations,
    now,
    clock: ctx.clock,
    memory,
    identity,
  };
  // The kernel's sequence with triage's steps (steps.ts), the same the webhook service runs; the runner host renders.
  return runSequence(
    { client, log, inputs: { dryRun }, render: ctx.render },
    triageSteps(options, { afterApply: () => memory.save() }),
  );
}
