// The one sequencer of the triage action: inputs → config → read state and plan → print → budget check →
// apply unless dry-run → remember this job's writes → report.
import type { ActionContext } from '../core/run';
import { plural } from '../core/words';
import { applyTriage, planTriage, type TriageOptions } from './engine';
import { readTriageInputs } from './inputs';
import { loadJobMemory } from './job-memory';
import { loadTriageConfig } from './load-config';
import { WORKFLOW_TOKEN_IDENTITY } from './markers';
import { reportTriage, printPlan } from './report';
import { trackServerClock } from './server-clock';

export async function run(ctx: ActionContext): Promise<void> {
  const { client, context, log } = ctx;
  const inputs = readTriageInputs(ctx.readInput);
  const repo = { owner: context.owner, repo: context.repo };
  const now = trackServerClock(client.octokit, ctx.clock);
  const { config, origin } = await loadTriageConfig(client, repo, inputs.config, ctx.workspace);
  log.info(
    `Config ${origin}: ${plural(config.rules.length, 'rule')}, commands ${config.commands ? 'on' : 'off'}, stale ${config.stale ? 'on' : 'off'}.`,
  );
  const memory = await loadJobMemory(ctx.tempDir, repo);
  const options: TriageOptions = {
    client,
    repo,
    config,
    event: { name: context.eventName, payload: context.payload },
    log,
    dryRun: ctx.inputs.dryRun,
    maxOperations: inputs.maxOperations,
    now,
    clock: ctx.clock,
    memory,
    identity: inputs.ownLogin ? { login: inputs.ownLogin } : WORKFLOW_TOKEN_IDENTITY,
  };
  const planned = await planTriage(options);
  printPlan(planned, ctx.inputs.dryRun, log);
  const result = ctx.inputs.dryRun ? planned : await applyTriage(options, planned);
  if (!ctx.inputs.dryRun) await memory.save();
  reportTriage(result, ctx.inputs.dryRun, log);
}
