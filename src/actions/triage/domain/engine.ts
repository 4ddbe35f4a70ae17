// The triage engine's two halves, the steps of the kernel's run sequence for both hosts (steps.ts): `planTriage` reads
// the event's items and decides the writes (read and plan in one: the planner reads as it decides), `applyTriage`
// writes them and remembers them. Neither checks the budget: the sequence does, once, before the first write.
// Independent of @actions/core, so the action and the webhook service share it unchanged.
import { isStatus } from '../../../github/client/errors';
import { plural } from '../../../kernel/words';
import type { Clock } from '../../../github/client/clock';
import type { Client, Logger } from '../../../github/client/types';
import { applyOperations, createExecutor, type TriageReport } from '../apply';
import { withApplyProgress } from './apply-progress';
import { planCommandEvent } from './command-event';
import type { TriageConfig } from './config';
import { dispatch, type Mode } from './dispatch';
import { describeItem, type Item } from './item';
import { isItemMoved } from './item-identity';
import { planItem } from './item-plan';
import { labelerOutcome, type LabelerOutcome } from './labeler-outcome';
import { countOperations, totalCost, type TriageOperation } from '../operations';
import type { JobMemory } from './job-memory';
import { STALE_MARKER, WORKFLOW_TOKEN_IDENTITY, type Identity } from './markers';
import { rulesFor } from '../plan';
import { createReader, type RepoRef, type TriageReader } from './reader';
import { planSweep } from './sweep';
import { resolveMissingLabels } from './missing-labels';
import { triageReader } from '../graphql/choose-reader';

export interface TriageOptions {
  client: Client;
  repo: RepoRef;
  config: TriageConfig;
  event: { name: string; payload: unknown };
  log: Logger;
  dryRun?: boolean;
  /** Most writes of this run (default 100). */
  maxOperations?: number;
  /** The clock inactivity is measured by (default: local time). */
  now?: () => Date;
  /** Waits in API time (retries of comments). */
  clock?: Clock;
  /** This job's earlier writes (the action keeps them in RUNNER_TEMP); written to after the apply. */
  memory?: JobMemory;
  /** Whose comments are the engine's own (default: the workflow token's, github-actions[bot]). */
  identity?: Identity;
  /** Replace the reads or the writes (tests). */
  reader?: TriageReader;
  execute?: (op: TriageOperation) => Promise<void>;
}

export interface TriageResult {
  mode: Mode;
  /** Items evaluated. */
  processed: number;
  plan: TriageOperation[];
  /** Undefined in dry-run. */
  report?: TriageReport;
  /** Items left for a later run because a limit stopped this one. */
  remaining: number;
  openIssues?: number;
  openPullRequests?: number;
  /** Lines worth showing in the log and the summary (refusals, ignores). */
  notes: string[];
  counts: ReturnType<typeof countOperations>;
  /** actions/labeler's `new-labels` and `all-labels`, for a pull request judged by a labeler file. */
  labeler?: LabelerOutcome;
}

interface Planned {
  operations: TriageOperation[];
  labeler?: LabelerOutcome;
  processed: number;
  remaining?: number;
  openIssues?: number;
  openPullRequests?: number;
  notes?: string[];
}

/**
 * The item as it is now, or why it is left alone: deleted (410), not visible (404), or transferred (its answer names
 * another repository or number, item-identity.ts). Each is a skip of this item, logged, never a failed run.
 */
async function freshOrGone(
  reader: TriageReader,
  number: number,
  log: Pick<TriageOptions['log'], 'info'>,
): Promise<Item | { gone: string }> {
  try {
    return await reader.item(number);
  } catch (err) {
    let gone: string | undefined;
    if (isItemMoved(err)) gone = err.message;
    else if (isStatus(err, 410)) gone = `#${number} was deleted: left alone`;
    else if (isStatus(err, 404)) gone = `#${number} is gone (deleted, or not visible to this token): left alone`;
    if (gone === undefined) throw err;
    log.info(`${gone}.`);
    return { gone };
  }
}

async function planMode(mode: Mode, o: TriageOptions, reader: TriageReader, maxOperations: number): Promise<Planned> {
  const { config, log } = o;
  const context = { reader, log, identity: o.identity ?? WORKFLOW_TOKEN_IDENTITY, memory: o.memory };
  switch (mode.kind) {
    case 'ignore':
      // The caller reports the mode (and with it the reason).
      return { operations: [], processed: 0 };
    case 'item': {
      const rules = rulesFor(config.rules, 'item');
      if (rules.length === 0) return { operations: [], processed: 0, notes: ['No rules apply to items.'] };
      const item = await freshOrGone(reader, mode.number, log);
      if ('gone' in item) return { operations: [], processed: 0, notes: [`${item.gone}.`] };
      if (item.state !== 'open')
        return { operations: [], processed: 1, notes: [`${describeItem(item)} is closed now: left alone.`] };
      const operations = await planItem({ item, rules }, context);
      if (!config.labeler || !item.isPullRequest) return { operations, processed: 1 };
      // actions/labeler's file: its limits over the item's label adds, and its outputs.
      const labeler = labelerOutcome(item, operations, config.labeler);
      for (const line of labeler.info) log.info(line);
      for (const line of labeler.warnings) log.warning(line);
      return { operations: labeler.operations, processed: 1, labeler: labeler.outcome };
    }
    case 'workflow': {
      const rules = rulesFor(config.rules, 'workflow');
      if (rules.length === 0) return { operations: [], processed: 0, notes: ['No rule has a workflow condition.'] };
      // GitHub lists no pull requests on runs of pull requests from forks: find it by the run's head.
      const numbers =
        mode.pullRequests.length === 0 && mode.head ? await reader.pullRequestsForHead(mode.head) : mode.pullRequests;
      if (numbers.length === 0)
        return {
          operations: [],
          processed: 0,
          notes: [`Workflow run ${mode.run.id} has no pull request of this repository.`],
        };
      const operations: TriageOperation[] = [];
      for (const number of numbers) {
        const item = await freshOrGone(reader, number, log);
        if ('gone' in item || item.state !== 'open') continue;
        operations.push(
          ...(await planItem(
            { item, rules, workflow: { name: mode.run.name, conclusion: mode.run.conclusion } },
            context,
          )),
        );
      }
      return { operations, processed: numbers.length };
    }
    case 'command': {
      const result = await planCommandEvent(mode, config, reader, log, context.identity);
      // A refusal was logged as a warning already; its reason is in the plan.
      return {
        operations: result.operations,
        processed: 1,
        notes: result.reason && result.outcome !== 'refused' && result.outcome !== 'partly' ? [result.reason] : [],
      };
    }
    case 'sweep': {
      const sweep = await planSweep({
        ...context,
        config,
        client: o.client,
        maxOperations,
        now: o.now ?? (() => new Date()),
      });
      const { pulls, files, comments } = sweep.reads;
      const reads = pulls + files + comments;
      return {
        ...sweep,
        notes: [
          ...(reads > 0
            ? [
                `Planning read ${plural(pulls, 'pull request')} (branch, size), ${plural(files, 'file list')} and ${plural(comments, 'comment list')}: ${plural(reads, 'request')}.`,
              ]
            : []),
          ...(sweep.stoppedBy
            ? [`Stopped by ${sweep.stoppedBy}: ${plural(sweep.remaining, 'item')} left for the next run.`]
            : []),
        ],
      };
    }
  }
}

/** Remembers, per item, the server time after this run's writes (and when its stale pair became complete). */
function rememberWrites(memory: JobMemory, report: TriageReport, now: () => Date): void {
  const at = now().toISOString();
  for (const result of report.results) {
    if (result.status !== 'done') continue;
    const op = result.op;
    const staleComment = op.payload.type === 'comment' && op.payload.body.includes(STALE_MARKER);
    memory.remember(op.number, { at, ...(staleComment ? { markedAt: at } : {}) });
  }
}

/**
 * Drops (with a warning) or creates-first the adds of labels the repository lacks. The label list is read only
 * when the plan adds a label: one request per page of 100, ETag-cached, noted with the planning reads.
 */
async function withoutMissingLabels(
  plan: TriageOperation[],
  o: TriageOptions,
  reader: TriageReader,
): Promise<{ operations: TriageOperation[]; notes: string[] }> {
  // A label seen on an item read for this plan exists: the list is read only for labels never seen.
  const seen = reader.seenLabels?.() ?? new Set<string>();
  const unseen = plan.some((op) => op.payload.type === 'add-label' && !seen.has(op.payload.label.toLowerCase()));
  if (!unseen || !reader.labels) return { operations: plan, notes: [] };
  const existing = await reader.labels();
  const resolved = resolveMissingLabels(plan, existing, {
    create: o.config['create-missing-labels'],
    color: o.config['missing-label-color'],
    origins: o.config.labelOrigins,
  });
  for (const warning of resolved.warnings) o.log.warning(warning);
  const pages = Math.max(1, Math.ceil(existing.length / 100));
  return {
    operations: resolved.operations,
    notes: [
      `Planning read the repository's labels: ${plural(pages, 'request')} (${plural(existing.length, 'label')}).`,
      ...(resolved.created.length
        ? [`Missing labels to create (create-missing-labels): ${resolved.created.join(', ')}.`]
        : []),
    ],
  };
}

/** The plan without its last items (whole items, in plan order) until the budget can pay for it. */
function withinBudget(plan: TriageOperation[], budget: Client['budget']): { plan: TriageOperation[]; dropped: number } {
  let end = plan.length;
  let dropped = 0;
  while (end > 0 && !budget.canAfford(totalCost(plan.slice(0, end)))) {
    const number = plan[end - 1].number;
    while (end > 0 && plan[end - 1].number === number) end--;
    dropped++;
  }
  return { plan: plan.slice(0, end), dropped };
}

/** Reads the state and plans the writes (nothing written). */
export async function planTriage(o: TriageOptions): Promise<TriageResult> {
  // actions/stale's operations-per-run, when the stale settings give it, caps the writes of the run.
  const maxOperations = o.config.stale?.['operations-per-run'] ?? o.maxOperations ?? 100;
  const mode = dispatch(o.event.name, o.event.payload);
  const reader = o.reader ?? triageReader(o, createReader(o.client, o.repo));
  const planned = await planMode(mode, o, reader, maxOperations);
  const labelCheck = await withoutMissingLabels(planned.operations, o, reader);
  let plan = labelCheck.operations;
  let remaining = planned.remaining ?? 0;
  // A sweep with actions/stale's semantics finishes the item it started (sweep.ts `itemOperations`).
  const finishesItems = mode.kind === 'sweep' && o.config.stale?.semantics === 'actions-stale';
  if (plan.length > maxOperations && !finishesItems) {
    // Event modes: the rest is done when the event comes again or by the next sweep.
    o.log.warning(
      `The plan has ${plan.length} operations; max-operations is ${maxOperations}: only the first ${maxOperations} are made.`,
    );
    plan = plan.slice(0, maxOperations);
    remaining = Math.max(remaining, 1);
  }
  if (mode.kind === 'sweep') {
    // The reads after the sweep planned (the label list) spent some budget too: a sweep stops at the budget, so
    // whole items come off its end until the rest is affordable (they are the next run's).
    const within = withinBudget(plan, o.client.budget);
    if (within.dropped > 0) {
      plan = within.plan;
      remaining += within.dropped;
      o.log.info(`The budget fits ${plural(within.dropped, 'item')} fewer: left for the next run.`);
    }
  }
  const notes = [...(reader.notes?.() ?? []), ...(planned.notes ?? []), ...labelCheck.notes];
  for (const note of notes) o.log.info(note);
  return {
    mode,
    processed: planned.processed,
    plan,
    remaining,
    openIssues: planned.openIssues,
    openPullRequests: planned.openPullRequests,
    notes,
    counts: countOperations(plan),
    ...(planned.labeler ? { labeler: planned.labeler } : {}),
  };
}

/**
 * Applies the plan and remembers the writes; the result with its report. The budget was checked for the whole plan
 * by the run sequence before this step (kernel/sequence.ts): it is not checked again here.
 */
export async function applyTriage(o: TriageOptions, planned: TriageResult): Promise<TriageResult> {
  const { plan } = planned;
  if (plan.length === 0) return planned;
  const progress = withApplyProgress(
    plan.length,
    o.execute ?? createExecutor(o.client, o.repo, o.log),
    (line) => o.log.info(line),
    o.clock,
  );
  let report: TriageReport;
  try {
    report = await applyOperations(plan, progress.execute);
  } finally {
    progress.stop();
  }
  if (o.memory) rememberWrites(o.memory, report, o.now ?? (() => new Date()));
  const done = report.results.filter((r) => r.status === 'done').map((r) => r.op);
  return { ...planned, report, counts: countOperations(done) };
}
