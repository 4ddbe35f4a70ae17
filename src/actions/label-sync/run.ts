// The only sequencer of label-sync, on the kernel's run sequence: read (inputs, every label file, every repository; no
// write yet) → plan (pure, per repository) and print it → budget (dry-run: a warning; else refused before the first
// write) → apply repository by repository → report. Every failure is collected and fails the run; a repository that
// cannot be read stops it before any write.
import { BudgetError } from '../../github/client';
import { applyPlan, formatCost, planCost, type OperationResult } from '../../kernel/plan';
import { repositoryNameProblem } from '../../github/names';
import type { ActionContext } from '../../kernel/action';
import { runSequence } from '../../kernel/sequence';
import { messageOf, plural } from '../../kernel/words';
import { LabelExecutor, type Outcome } from './apply';
import type { LabelSpec } from './domain/config';
import { excludeMatcher, type LabelFilter } from './domain/exclude';
import { failureErrors } from './domain/failures';
import { readLabelSyncInputs, type Inputs } from './inputs';
import { readLabelFiles } from './domain/label-files';
import { mergeLabelFiles, originOf } from './domain/overrides';
import { type CurrentLabel, type LabelOperation, type LabelPlan, mergeSources, planLabels } from './plan';
import { operationEntry, type PlanEntry, planEntries, planText, report } from './report';
import {
  createLabelReader,
  listsToReread,
  readNotes,
  readsLine,
  type LabelReadAccount,
  type LabelReader,
} from './domain/label-reads';
import { checkAfterRun, labelsAfter } from './domain/reread';

type Result = OperationResult<LabelOperation, Outcome>;

/** One repository as read: its labels and the issues carrying each alias to be merged. */
interface RepositoryState {
  repository: string;
  labels: CurrentLabel[];
  issues: Map<string, number[]>;
}

/** Everything the plan depends on. */
interface LabelSyncState {
  specs: LabelSpec[];
  origin: string;
  exclude: LabelFilter;
  repositories: RepositoryState[];
  /** What reading the repositories cost (GraphQL points, REST requests), and what went through REST. */
  reads: LabelReadAccount;
  reader: LabelReader;
}

/** One plan per repository, where the labels came from and what reading them cost (for the report). */
interface LabelSyncPlan {
  origin: string;
  plans: LabelPlan[];
  reads: LabelReadAccount;
}

/** What applying did. */
interface Applied {
  /** How many repositories the plan covered. */
  planned: number;
  entries: PlanEntry[];
  results: Result[];
  /** Repositories applied without a failure. */
  done: string[];
  /** Applied, but with failed operations: neither done nor untouched. */
  partial: string[];
  /** Why the run stopped before some repositories (the budget ran out meanwhile). */
  stop?: Error;
}

async function readRepository(
  ctx: ActionContext,
  reader: LabelReader,
  repository: string,
  specs: LabelSpec[],
  exclude: LabelFilter,
): Promise<RepositoryState> {
  const { labels, repository: now } = await reader.labels(repository);
  if (now !== repository)
    ctx.log.warning(
      `${repository} is now ${now} (renamed or transferred): synchronising ${now}; update \`repositories\`.`,
    );
  const issues = new Map<string, number[]>();
  for (const alias of mergeSources(specs, labels, exclude)) issues.set(alias, await reader.carriers(now, alias));
  return { repository: now, labels, issues };
}

/** Reads every repository before writing anything: one that cannot be read stops the run with nothing written. */
async function readRepositories(
  ctx: ActionContext,
  reader: LabelReader,
  repositories: string[],
  specs: LabelSpec[],
  exclude: LabelFilter,
): Promise<RepositoryState[]> {
  const read: RepositoryState[] = [];
  const failures: Error[] = [];
  for (const repository of repositories) {
    try {
      const state = await readRepository(ctx, reader, repository, specs, exclude);
      // An old name and the new one of a renamed repository are the same repository: synchronised once.
      if (read.some((r) => r.repository.toLowerCase() === state.repository.toLowerCase()))
        ctx.log.info(`${repository}: ${state.repository} is already in the list.`);
      else read.push(state);
    } catch (err) {
      failures.push(new Error(`${repository}: cannot read its labels: ${messageOf(err)}`, { cause: err }));
    }
  }
  if (failures.length > 0)
    throw new AggregateError(
      failures,
      `${failures.length} of ${plural(repositories.length, 'repository', 'repositories')} could not be read; nothing was written`,
    );
  return read;
}

/** The repositories to synchronise: the input's, or the one the workflow runs in (validated like the input). */
function targetRepositories(ctx: ActionContext, inputs: Inputs): string[] {
  if (inputs.repositories.length > 0) return inputs.repositories;
  const current = ctx.context.repository;
  if (!current) throw new Error('No repository to synchronise: set `repositories` (GITHUB_REPOSITORY is not set).');
  const problem = repositoryNameProblem(current);
  if (problem) throw new Error(`GITHUB_REPOSITORY is not a repository name: ${problem}`);
  return [current];
}

async function readState(ctx: ActionContext, inputs: Inputs): Promise<LabelSyncState> {
  const repositories = targetRepositories(ctx, inputs);
  const files = await readLabelFiles(ctx.client, {
    config: inputs.config,
    configRepository: inputs.configRepository,
    configRef: inputs.configRef,
    currentRepository: ctx.context.repository,
    workspace: ctx.workspace,
  });
  for (const { file, shadowed } of files)
    if (shadowed && !files.some((f) => f.file === shadowed))
      ctx.log.warning(`Both ${file} and ${shadowed} exist: reading ${file} only (delete or rename the other).`);
  const specs = mergeLabelFiles(files);
  const origin = originOf(files);
  ctx.log.info(`Read ${plural(specs.length, 'label')} from ${origin}.`);
  if (inputs.prune && specs.length === 0) {
    // Most likely a file emptied by mistake (or the wrong file): it would delete every label.
    throw new Error(
      `${origin} lists no labels: with prune on, that would delete every label (${repositories.join(', ')}). Nothing was written.`,
    );
  }
  const exclude = excludeMatcher(inputs.exclude);
  const reader = createLabelReader(ctx.client, ctx.log);
  const read = await readRepositories(ctx, reader, repositories, specs, exclude);
  return { specs, origin, exclude, repositories: read, reads: reader.account(), reader };
}

/** Pure: one plan per repository. */
function planAll(state: LabelSyncState, prune: boolean): LabelPlan[] {
  return state.repositories.map((r) =>
    planLabels(state.specs, r.labels, {
      repository: r.repository,
      prune,
      exclude: state.exclude,
      issuesWith: (name) => r.issues.get(name),
    }),
  );
}

const over = (plans: readonly LabelPlan[]) => plural(plans.length, 'repository', 'repositories');

function resultEntry(r: Result): PlanEntry {
  return operationEntry(r.op, r.status, r.status === 'failed' ? r.error?.message : r.value);
}

/** Applies one repository's plan: renames, updates, creates and deletes at once, then merges (which may need a rename). */
async function applyRepository(executor: LabelExecutor, plan: LabelPlan, concurrency: number): Promise<Result[]> {
  const first = plan.operations.filter((op) => op.kind !== 'merge');
  const merges = plan.operations.filter((op) => op.kind === 'merge');
  const apply = (ops: LabelOperation[]) => applyPlan(ops, (op) => executor.run(op), { concurrency });
  return [...(await apply(first)).results, ...(await apply(merges)).results];
}

/** A repository not applied because the budget ran out: its writes are skipped. */
function stoppedEntries(plan: LabelPlan): PlanEntry[] {
  return planEntries(plan).map((e) =>
    e.status === 'planned' ? { ...e, status: 'skipped' as const, result: 'stopped by the budget' } : e,
  );
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

/** Repository by repository; each checks the budget again (it is shared: someone may have spent it meanwhile). */
async function applyAll(ctx: ActionContext, plans: LabelPlan[]): Promise<Applied> {
  const { client } = ctx;
  const executor = new LabelExecutor({ client, log: ctx.log, clock: ctx.clock });
  const applied: Applied = { planned: plans.length, entries: [], results: [], done: [], partial: [] };
  for (const [index, plan] of plans.entries()) {
    if (applied.stop) {
      applied.entries.push(...stoppedEntries(plan));
      continue;
    }
    try {
      await client.budget.ensure(planCost(plan.operations), plan.repository);
    } catch (err) {
      if (!(err instanceof BudgetError)) throw err;
      const pending = plans.slice(index).map((p) => p.repository);
      applied.stop = budgetStop(err, plan.repository, applied.done, applied.partial, pending);
      applied.entries.push(...stoppedEntries(plan));
      continue;
    }
    const results = await applyRepository(executor, plan, client.options.concurrency ?? 4);
    applied.results.push(...results);
    applied.entries.push(...results.map(resultEntry), ...planEntries(plan).filter((e) => e.kind === 'none'));
    (results.some((r) => r.status !== 'done') ? applied.partial : applied.done).push(plan.repository);
  }
  return applied;
}

/** Every failed operation and the budget's stop, under one headline; undefined when all was done. */
function failureOf(applied: Applied): Error | undefined {
  const failedCount = applied.entries.filter((e) => e.status === 'failed').length;
  if (failedCount === 0 && !applied.stop) return undefined;
  const failed = failureErrors(applied.results);
  const headline = [
    failedCount ? `${plural(failedCount, 'label operation')} failed` : '',
    applied.stop
      ? `stopped by the budget after ${applied.done.length + applied.partial.length} of ${plural(applied.planned, 'repository', 'repositories')}`
      : '',
  ].filter(Boolean);
  return new AggregateError(applied.stop ? [...failed, applied.stop] : failed, headline.join('; '));
}

export async function run(ctx: ActionContext): Promise<void> {
  const inputs = readLabelSyncInputs(ctx.readInput);
  await runSequence(ctx, {
    read: () => readState(ctx, inputs),
    plan: (state): LabelSyncPlan => {
      const plans = planAll(state, inputs.prune);
      const counts = plans.map((p) => ({
        repository: p.repository,
        labels: labelsAfter(p, state.repositories.find((r) => r.repository === p.repository)?.labels.length ?? 0),
        writes: p.operations.length,
      }));
      state.reads.after = listsToReread(counts);
      return { origin: state.origin, plans, reads: state.reads };
    },
    what: ({ plans }) => `the label plan (${over(plans)})`,
    cost: ({ plans }) => planCost(plans.flatMap((p) => p.operations)),
    print: ({ plans, reads }) => {
      for (const note of readNotes(reads)) ctx.log.info(note);
      for (const plan of plans) ctx.log.info(planText(plan));
      ctx.log.info(
        `Plan: ${formatCost(planCost(plans.flatMap((p) => p.operations)))} over ${over(plans)}. Read with ${readsLine(reads)}.`,
      );
    },
    apply: async ({ plans }, state) => {
      const applied = await applyAll(ctx, plans);
      const applies = new Set([...applied.done, ...applied.partial]);
      await checkAfterRun(ctx, state, inputs.prune, plans, applied.results, (r) => applies.has(r));
      return applied;
    },
    report: (outcome) =>
      report({
        entries: outcome.dryRun ? outcome.plan.plans.flatMap(planEntries) : outcome.result.entries,
        plans: outcome.plan.plans,
        origin: outcome.plan.origin,
        reads: outcome.plan.reads,
        dryRun: outcome.dryRun,
      }),
    failure: failureOf,
  });
}
