// The run of label-sync: read the file, read every repository and plan (no write yet), print the plan, check its
// total cost against the budget, then apply repository by repository; every failure is collected and fails the run.
import * as core from '@actions/core';
import { BudgetError } from '../client';
import { applyPlan, formatCost, planCost, type OperationResult } from '../core/plan';
import { setOutputs } from '../core/outputs';
import type { ActionContext } from '../core/run';
import { addMarkdown } from '../core/summary';
import { LabelExecutor, type Outcome } from './apply';
import { loadLabelFile } from './config-source';
import type { LabelSpec } from './config';
import { excludeMatcher, type LabelFilter } from './exclude';
import { failureErrors } from './failures';
import type { LabelSyncInputs } from './inputs';
import { type LabelOperation, type LabelPayload, type LabelPlan, mergeSources, planLabels } from './plan';
import { countEntries, operationEntry, type PlanEntry, planEntries, planText, summaryMarkdown } from './report';
import { listIssuesWithLabel, listLabels } from './state';

async function planRepository(
  ctx: ActionContext,
  repository: string,
  specs: LabelSpec[],
  prune: boolean,
  exclude: LabelFilter,
): Promise<LabelPlan> {
  const { labels: current, repository: now } = await listLabels(ctx.client, repository);
  if (now !== repository)
    ctx.log.warning(
      `${repository} is now ${now} (renamed or transferred): synchronising ${now}; update \`repositories\`.`,
    );
  const issues = new Map<string, number[]>();
  for (const alias of mergeSources(specs, current, exclude))
    issues.set(alias, await listIssuesWithLabel(ctx.client, now, alias));
  return planLabels(specs, current, { repository: now, prune, exclude, issuesWith: (name) => issues.get(name) });
}

/** Reads every repository before writing anything: one that cannot be read stops the run with nothing written. */
async function planAll(
  ctx: ActionContext,
  repositories: string[],
  specs: LabelSpec[],
  inputs: LabelSyncInputs,
): Promise<LabelPlan[]> {
  const exclude = excludeMatcher(inputs.exclude);
  const plans: LabelPlan[] = [];
  const failures: Error[] = [];
  for (const repository of repositories) {
    try {
      const plan = await planRepository(ctx, repository, specs, inputs.prune, exclude);
      // An old name and the new one of a renamed repository are the same repository: synchronised once.
      if (plans.some((p) => p.repository.toLowerCase() === plan.repository.toLowerCase()))
        ctx.log.info(`${repository}: ${plan.repository} is already in the list.`);
      else plans.push(plan);
    } catch (err) {
      failures.push(new Error(`${repository}: cannot read its labels: ${(err as Error).message}`, { cause: err }));
    }
  }
  if (failures.length > 0)
    throw new AggregateError(
      failures,
      `${failures.length} of ${repositories.length} repositories could not be read; nothing was written`,
    );
  return plans;
}

type Result = OperationResult<LabelPayload, Outcome>;

function resultEntry(r: Result): PlanEntry {
  const op = r.op as LabelOperation;
  return operationEntry(op, r.status, r.status === 'failed' ? r.error?.message : r.value);
}

/** Applies one repository's plan: renames, updates, creates and deletes at once, then merges (which may need a rename). */
async function applyRepository(executor: LabelExecutor, plan: LabelPlan, concurrency: number): Promise<Result[]> {
  const first = plan.operations.filter((op) => op.kind !== 'merge');
  const merges = plan.operations.filter((op) => op.kind === 'merge');
  const run = (ops: LabelOperation[]) => applyPlan(ops, (op) => executor.run(op as LabelOperation), { concurrency });
  return [...(await run(first)).results, ...(await run(merges)).results];
}

/** A repository not applied because the budget ran out: its writes are skipped. */
function stoppedEntries(plan: LabelPlan): PlanEntry[] {
  return planEntries(plan).map((e) =>
    e.status === 'planned' ? { ...e, status: 'skipped' as const, result: 'stopped by the budget' } : e,
  );
}

function finish(entries: PlanEntry[], plans: LabelPlan[], origin: string, dryRun: boolean): void {
  const counts = countEntries(entries, { planned: dryRun });
  setOutputs({ ...counts, plan: entries });
  addMarkdown(summaryMarkdown(plans, entries, origin, dryRun));
  core.info(
    `Labels: ${counts.created} created, ${counts.updated} updated, ${counts.renamed} renamed, ${counts.deleted} deleted, ${counts.unchanged} unchanged${dryRun ? ' (dry run: planned, not written)' : ''}.`,
  );
}

export async function syncLabels(ctx: ActionContext, inputs: LabelSyncInputs, workspace: string): Promise<void> {
  const { client, log } = ctx;
  const repositories = inputs.repositories.length > 0 ? inputs.repositories : [ctx.context.repository].filter(Boolean);
  if (repositories.length === 0)
    throw new Error('No repository to synchronise: set `repositories` (GITHUB_REPOSITORY is not set).');

  const { labels: specs, origin } = await loadLabelFile(client, {
    path: inputs.config,
    repository: inputs.configRepository,
    ref: inputs.configRef,
    currentRepository: ctx.context.repository,
    workspace,
  });
  log.info(`Read ${specs.length} labels from ${origin}.`);
  if (inputs.prune && specs.length === 0) {
    // Most likely a file emptied by mistake (or the wrong file): it would delete every label.
    throw new Error(
      `${origin} lists no labels: with prune on, that would delete every label (${repositories.join(', ')}). Nothing was written.`,
    );
  }

  const plans = await planAll(ctx, repositories, specs, inputs);
  for (const plan of plans) log.info(planText(plan));
  const total = planCost(plans.flatMap((p) => p.operations));
  log.info(`Plan: ${formatCost(total)} over ${plans.length} repositor${plans.length === 1 ? 'y' : 'ies'}.`);

  if (ctx.inputs.dryRun) {
    if (!client.budget.canAfford(total))
      log.warning(`The budget left (minus the reserve of ${client.budget.reserve}) could not pay for this plan now.`);
    finish(plans.flatMap(planEntries), plans, origin, true);
    return;
  }

  // Refused before the first write when the whole plan cannot be paid for.
  await client.budget.ensure(total, `the label plan (${plans.length} repositor${plans.length === 1 ? 'y' : 'ies'})`);

  const executor = new LabelExecutor(client);
  const entries: PlanEntry[] = [];
  const applied: Result[] = [];
  const done: string[] = [];
  /** Applied, but with failed operations: neither done nor untouched. */
  const partial: string[] = [];
  let stop: Error | undefined;
  for (const plan of plans) {
    if (stop) {
      entries.push(...stoppedEntries(plan));
      continue;
    }
    try {
      // The budget is shared: someone else may have spent it since the check above.
      await client.budget.ensure(planCost(plan.operations), plan.repository);
    } catch (err) {
      if (!(err instanceof BudgetError)) throw err;
      const pending = plans.slice(plans.indexOf(plan)).map((p) => p.repository);
      stop = new Error(
        `Stopped by the budget before ${plan.repository}. Done: ${done.length ? done.join(', ') : 'none'}; ` +
          (partial.length ? `applied with failures: ${partial.join(', ')}; ` : '') +
          `not done: ${pending.join(', ')}. ${err.message.replace(' Nothing was written.', '')}`,
        { cause: err },
      );
      entries.push(...stoppedEntries(plan));
      continue;
    }
    const results = await applyRepository(executor, plan, client.options.concurrency);
    applied.push(...results);
    entries.push(...results.map(resultEntry), ...planEntries(plan).filter((e) => e.kind === 'none'));
    (results.some((r) => r.status !== 'done') ? partial : done).push(plan.repository);
  }

  finish(entries, plans, origin, false);
  const failedCount = entries.filter((e) => e.status === 'failed').length;
  const failed = failureErrors(applied);
  if (failedCount === 0 && !stop) return;
  const headline = [
    failedCount ? `${failedCount} label operation${failedCount === 1 ? '' : 's'} failed` : '',
    stop ? `stopped by the budget after ${done.length + partial.length} of ${plans.length} repositories` : '',
  ].filter(Boolean);
  throw new AggregateError(stop ? [...failed, stop] : failed, headline.join('; '));
}
