// The only sequencer of label-sync: inputs → read every label file → read every repository (no write yet) → plan →
// print the plan with its cost → check the budget → apply repository by repository (unless dry-run) → report.
// Every failure is collected and fails the run; a repository that cannot be read stops it before any write.
import { BudgetError } from '../client';
import { applyPlan, formatCost, planCost, type OperationResult } from '../core/plan';
import { repositoryNameProblem } from '../core/names';
import type { ActionContext } from '../core/run';
import { messageOf, plural } from '../core/words';
import { LabelExecutor, type Outcome } from './apply';
import type { LabelSpec } from './config';
import { excludeMatcher, type LabelFilter } from './exclude';
import { failureErrors } from './failures';
import { readLabelSyncInputs, type LabelSyncInputs } from './inputs';
import { readLabelFiles } from './label-files';
import { mergeLabelFiles, originOf } from './overrides';
import { type LabelOperation, type LabelPayload, type LabelPlan, mergeSources, planLabels } from './plan';
import { operationEntry, type PlanEntry, planEntries, planText, report } from './report';
import { listIssuesWithLabel, listLabels } from './state';

type Result = OperationResult<LabelPayload, Outcome>;

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
      failures.push(new Error(`${repository}: cannot read its labels: ${messageOf(err)}`, { cause: err }));
    }
  }
  if (failures.length > 0)
    throw new AggregateError(
      failures,
      `${failures.length} of ${plural(repositories.length, 'repository', 'repositories')} could not be read; nothing was written`,
    );
  return plans;
}

function resultEntry(r: Result): PlanEntry {
  return operationEntry(r.op as LabelOperation, r.status, r.status === 'failed' ? r.error?.message : r.value);
}

/** Applies one repository's plan: renames, updates, creates and deletes at once, then merges (which may need a rename). */
async function applyRepository(executor: LabelExecutor, plan: LabelPlan, concurrency: number): Promise<Result[]> {
  const first = plan.operations.filter((op) => op.kind !== 'merge');
  const merges = plan.operations.filter((op) => op.kind === 'merge');
  const apply = (ops: LabelOperation[]) => applyPlan(ops, (op) => executor.run(op as LabelOperation), { concurrency });
  return [...(await apply(first)).results, ...(await apply(merges)).results];
}

/** A repository not applied because the budget ran out: its writes are skipped. */
function stoppedEntries(plan: LabelPlan): PlanEntry[] {
  return planEntries(plan).map((e) =>
    e.status === 'planned' ? { ...e, status: 'skipped' as const, result: 'stopped by the budget' } : e,
  );
}

/** The repositories to synchronise: the input's, or the one the workflow runs in (validated like the input). */
function targetRepositories(ctx: ActionContext, inputs: LabelSyncInputs): string[] {
  if (inputs.repositories.length > 0) return inputs.repositories;
  const current = ctx.context.repository;
  if (!current) throw new Error('No repository to synchronise: set `repositories` (GITHUB_REPOSITORY is not set).');
  const problem = repositoryNameProblem(current);
  if (problem) throw new Error(`GITHUB_REPOSITORY is not a repository name: ${problem}`);
  return [current];
}

function budgetStop(err: BudgetError, at: string, done: string[], partial: string[], pending: string[]): Error {
  return new Error(
    `Stopped by the budget before ${at}: it needs ${plural(err.needed, 'request')}, ${err.remaining} remain and ` +
      `${err.reserve} are kept in reserve; the limit resets at ${err.resetAt.toISOString()}. ` +
      `Done: ${done.length ? done.join(', ') : 'none'}; ` +
      (partial.length ? `applied with failures: ${partial.join(', ')}; ` : '') +
      `not done: ${pending.join(', ')}.`,
    { cause: err },
  );
}

export async function run(ctx: ActionContext): Promise<void> {
  const { client, log } = ctx;
  const inputs = readLabelSyncInputs(ctx.readInput);
  const repositories = targetRepositories(ctx, inputs);

  const files = await readLabelFiles(client, {
    config: inputs.config,
    configRepository: inputs.configRepository,
    configRef: inputs.configRef,
    currentRepository: ctx.context.repository,
    workspace: ctx.workspace,
  });
  const specs = mergeLabelFiles(files);
  const origin = originOf(files);
  log.info(`Read ${plural(specs.length, 'label')} from ${origin}.`);
  if (inputs.prune && specs.length === 0) {
    // Most likely a file emptied by mistake (or the wrong file): it would delete every label.
    throw new Error(
      `${origin} lists no labels: with prune on, that would delete every label (${repositories.join(', ')}). Nothing was written.`,
    );
  }

  const plans = await planAll(ctx, repositories, specs, inputs);
  for (const plan of plans) log.info(planText(plan));
  const total = planCost(plans.flatMap((p) => p.operations));
  const over = plural(plans.length, 'repository', 'repositories');
  log.info(`Plan: ${formatCost(total)} over ${over}.`);

  if (ctx.inputs.dryRun) {
    if (!client.budget.canAfford(total))
      log.warning(`The budget left (minus the reserve of ${client.budget.reserve}) could not pay for this plan now.`);
    report(log, { entries: plans.flatMap(planEntries), plans, origin, dryRun: true });
    return;
  }

  // Refused before the first write when the whole plan cannot be paid for.
  await client.budget.ensure(total, `the label plan (${over})`);

  const executor = new LabelExecutor({ client, log, clock: ctx.clock });
  const entries: PlanEntry[] = [];
  const applied: Result[] = [];
  const done: string[] = [];
  /** Applied, but with failed operations: neither done nor untouched. */
  const partial: string[] = [];
  let stop: Error | undefined;
  for (const [index, plan] of plans.entries()) {
    if (stop) {
      entries.push(...stoppedEntries(plan));
      continue;
    }
    try {
      // The budget is shared: someone else may have spent it since the check above.
      await client.budget.ensure(planCost(plan.operations), plan.repository);
    } catch (err) {
      if (!(err instanceof BudgetError)) throw err;
      const pending = plans.slice(index).map((p) => p.repository);
      stop = budgetStop(err, plan.repository, done, partial, pending);
      entries.push(...stoppedEntries(plan));
      continue;
    }
    const results = await applyRepository(executor, plan, client.options.concurrency ?? 4);
    applied.push(...results);
    entries.push(...results.map(resultEntry), ...planEntries(plan).filter((e) => e.kind === 'none'));
    (results.some((r) => r.status !== 'done') ? partial : done).push(plan.repository);
  }

  report(log, { entries, plans, origin, dryRun: false });
  const failedCount = entries.filter((e) => e.status === 'failed').length;
  const failed = failureErrors(applied);
  if (failedCount === 0 && !stop) return;
  const headline = [
    failedCount ? `${plural(failedCount, 'label operation')} failed` : '',
    stop ? `stopped by the budget after ${done.length + partial.length} of ${over}` : '',
  ].filter(Boolean);
  throw new AggregateError(stop ? [...failed, stop] : failed, headline.join('; '));
}
