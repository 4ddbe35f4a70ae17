// The run sequence every action follows: read → plan (and print it) → budget (dry-run: can it be afforded? else:
// ensure it, before the first write) → apply → report. An action supplies its steps; the sequence owns the order,
// the dry-run rule, the budget check and one collapsible log section per phase.
//
// Usage (in `src/actions/<action>/run.ts`, the action's only sequencer):
//
// (Keep the steps in this order: TypeScript infers State from `read` and Plan from `plan`, left to right.)
//
//   export async function run(ctx: ActionContext): Promise<void> {
//     const inputs = readMyInputs(ctx.readInput);
//     await runSequence(ctx, {
//       read: () => readState(ctx.client, inputs),     // every read; no write
//       plan: (state) => planChanges(state, inputs),   // pure
//       what: (plan) => `the plan (${plan.operations.length} operations)`, // "Budget too small for <what>"
//       cost: (plan) => planCost(plan.operations),     // what applying it may spend
//       print: (plan) => ctx.log.info(formatPlan(plan.operations)), // log lines only
//       apply: (plan, state) => applyChanges(ctx, plan, state), // only when not dry-run and affordable
//       report: (outcome) => myReport(outcome),        // pure: a RunReport (kernel/report.ts) from
//                                                      // outcome.plan, outcome.state, outcome.result (not dry-run)
//       failure: (result) => failureOf(result),        // optional: an error thrown after the report was rendered
//       stopped: (plan, state) => planReport(plan),    // optional: the report of a run the budget or apply stopped
//     });
//   }
//
// `report` writes nothing: it returns outputs, job summary sections and log lines, and the sequence hands that value
// to the host's `ctx.render` inside the Report phase (the Actions runner: `runner-host.ts`, outputs, job summary and
// log; without `render`, as in the service, the log lines only: `logReport`). A step may throw: the run fails with
// that error (the runner host's `runAction` reports it); nothing after it runs, except `stopped`'s report when the budget or
// apply threw. The budget is checked once for the whole plan before `apply`; an action that applies in stages may
// check each stage again inside `apply` (the budget is shared with other jobs). `runSequence` resolves to the
// outcome and the report, so a caller outside an action (the webhook service) can use the plan, the result or the
// report; it passes `{ sections: noLogSections }` (the phases' `::group::` lines belong to a workflow's log only).
import type { Budget, Cost, Logger } from '../github/client/types';
import { formatCost } from './plan';
import { logReport, type RunReport } from './report';
import { runnerLog } from './runner-log';
import { plural } from './words';

/** What the sequence needs of an `ActionContext` (which satisfies it). */
export interface SequenceContext {
  client: { budget: Budget };
  log: Pick<Logger, 'info' | 'warning'>;
  inputs: { dryRun: boolean };
  /** Renders the report (the runner host's `ctx.render`); default: its log lines to `log` (the service). */
  render?: (report: RunReport) => void;
}

export interface SequenceSteps<State, Plan, Result> {
  /** Reads everything the plan depends on (files, inputs resolved, the repository's state). Never writes. */
  read: () => Promise<State>;
  /** Pure: the plan from the state (async only for local work such as hashing files). */
  plan: (state: State) => Plan | Promise<Plan>;
  /** Names the plan in the budget's refusal and warning: `Budget too small for <what>: ...`. */
  what: (plan: Plan) => string;
  /** What applying the plan may spend (the requests counted against the primary limit, and the writes). */
  cost: (plan: Plan) => Cost;
  /** Logs the plan (log lines only: what the job summary says of it is the report's). */
  print: (plan: Plan) => void;
  /** Applies the plan: called only when not a dry run and after the budget accepted the cost. */
  apply: (plan: Plan, state: State) => Promise<Result>;
  /**
   * Pure: the outputs, job summary sections and closing log lines, for a dry run (the plan) and a real run (the
   * result) alike. Writes nothing: the host renders the value.
   */
  report: (outcome: SequenceOutcome<State, Plan, Result>) => RunReport;
  /** The error that fails the run after the report was rendered (failed operations), if any. */
  failure?: (result: Result) => Error | undefined;
  /**
   * Pure, optional: the report of a run stopped after its plan (the budget refused it, or `apply` threw), rendered
   * before the error fails the run. Without it such a run reports nothing of its own.
   */
  stopped?: (plan: Plan, state: State) => RunReport;
}

export type SequenceOutcome<State, Plan, Result> =
  { dryRun: true; state: State; plan: Plan } | { dryRun: false; state: State; plan: Plan; result: Result };

/** What a sequence resolves to: its outcome and the report the host rendered. */
export interface SequenceRun<State, Plan, Result> {
  outcome: SequenceOutcome<State, Plan, Result>;
  report: RunReport;
}

/** Collapsible sections of the log, one per phase. */
export interface LogSections {
  start(title: string): void;
  end(): void;
}

/** The runner's `::group::` sections (the titles are the sequence's own words, never external text). */
export const workflowLogSections: LogSections = {
  start: (title) => runnerLog.startGroup(title),
  end: () => runnerLog.endGroup(),
};

/** No sections (a service's structured log). */
export const noLogSections: LogSections = { start: () => undefined, end: () => undefined };

export interface SequenceOptions {
  /** Default: the runner's `::group::` sections. */
  sections?: LogSections;
}

/** The phases, in order, as their sections are titled. */
export const PHASES = ['Read', 'Plan', 'Budget', 'Apply', 'Report'] as const;
export type Phase = (typeof PHASES)[number];

/**
 * Runs the steps in order; resolves to the outcome and its report (rendered by `ctx.render`), or rejects with the
 * first step's error (or `failure`, after the report was rendered).
 */
export async function runSequence<State, Plan, Result>(
  ctx: SequenceContext,
  steps: SequenceSteps<State, Plan, Result>,
  options: SequenceOptions = {},
): Promise<SequenceRun<State, Plan, Result>> {
  const sections = options.sections ?? workflowLogSections;
  const render = ctx.render ?? ((report: RunReport) => logReport(report, ctx.log));
  const phase = async <T>(title: Phase, body: () => T | Promise<T>): Promise<T> => {
    sections.start(ctx.inputs.dryRun && title === 'Budget' ? 'Budget (dry run)' : title);
    try {
      return await body();
    } finally {
      sections.end();
    }
  };

  const reportPhase = (make: () => RunReport) =>
    phase('Report', () => {
      const report = make();
      render(report);
      return report;
    });

  const state = await phase('Read', steps.read);
  const plan = await phase('Plan', async () => {
    const planned = await steps.plan(state);
    steps.print(planned);
    return planned;
  });
  const cost = steps.cost(plan);
  const what = steps.what(plan);

  if (ctx.inputs.dryRun) {
    await phase('Budget', () => warnIfUnaffordable(ctx, cost, what));
    const outcome: SequenceOutcome<State, Plan, Result> = { dryRun: true, state, plan };
    const report = await reportPhase(() => steps.report(outcome));
    return { outcome, report };
  }

  let result: Result;
  try {
    // Refused before the first write when the whole plan cannot be paid for (the refusal is the client's BudgetError).
    await phase('Budget', async () => {
      ctx.log.info(`${capitalised(what)} costs ${formatCost(cost)}.`);
      await ctx.client.budget.ensure(cost, what);
    });
    result = await phase('Apply', () => steps.apply(plan, state));
  } catch (err) {
    const { stopped } = steps;
    if (stopped) await reportPhase(() => stopped(plan, state));
    throw err;
  }
  const outcome: SequenceOutcome<State, Plan, Result> = { dryRun: false, state, plan, result };
  const report = await reportPhase(() => steps.report(outcome));
  const failure = steps.failure?.(result);
  if (failure) throw failure;
  return { outcome, report };
}

/** A dry run never waits or refuses: it says whether a real run could pay for the plan now, in the refusal's terms. */
function warnIfUnaffordable(ctx: SequenceContext, cost: Cost, what: string): void {
  const { budget } = ctx.client;
  if (budget.canAfford(cost)) {
    ctx.log.info(`${capitalised(what)} costs ${formatCost(cost)}; the budget can pay for it now.`);
    return;
  }
  const { remaining } = budget.state();
  const usable = Math.max(0, remaining - budget.reserve);
  ctx.log.warning(
    `Budget too small for ${what} now: it needs ${plural(cost.requests, 'request')}, ${remaining} remain and ${budget.reserve} ` +
      `are kept in reserve (${usable} usable); a real run would be refused before any write.`,
  );
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
