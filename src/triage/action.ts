// The action around the engine: inputs, config, the server clock, outputs, log and job summary.
import * as core from '@actions/core';
import { z } from 'zod';
import type { ActionContext } from '../core/run';
import { getInputs, intInput, stringInput } from '../core/inputs';
import { setOutputs } from '../core/outputs';
import { formatPlan, planFailure, summarizeResults } from '../core/plan';
import { addMarkdown } from '../core/summary';
import { loadTriageConfig } from './config-source';
import { runTriage } from './engine';
import { modeLine, summaryMarkdown, triageOutputs } from './report';
import { trackServerClock } from './server-clock';

const inputSchema = z.object({
  config: stringInput('.github/triage.yml'),
  'max-operations': intInput({ min: 1, default: 100 }),
});

export async function triageAction({ client, inputs, context, log }: ActionContext, workspace: string): Promise<void> {
  const own = getInputs(inputSchema);
  const repo = { owner: context.owner, repo: context.repo };
  const now = trackServerClock(client.octokit);
  const { config, origin } = await loadTriageConfig(client, repo, own.config, workspace);
  log.info(
    `Config ${origin}: ${config.rules.length} rule(s), commands ${config.commands ? 'on' : 'off'}, stale ${config.stale ? 'on' : 'off'}.`,
  );

  const result = await runTriage({
    client,
    repo,
    config,
    event: { name: context.eventName, payload: context.payload },
    log,
    dryRun: inputs.dryRun,
    maxOperations: own['max-operations'],
    now,
    onPlan(plan, mode) {
      if (mode.kind === 'ignore') core.notice(modeLine(mode));
      else log.info(modeLine(mode));
      log.info(`${inputs.dryRun ? 'Plan (dry run, nothing written)' : 'Plan'}:\n${formatPlan(plan)}`);
    },
  });
  if (result.report) log.info(summarizeResults(result.report));
  setOutputs(triageOutputs(result));
  addMarkdown(summaryMarkdown(result, inputs.dryRun));
  if (result.report) {
    const failure = planFailure(result.report);
    if (failure) throw failure;
  }
}
