// What label-sync tells the workflow: the plan with a status per label (the `plan` output), the counts, the log
// tables and the job summary section. `report` returns them as a value (kernel/report.ts); the host renders it.
import type { Cost } from '../../github/client/types';
import { formatCost, planCost } from '../../kernel/plan';
import { info, runReport, type RunReport } from '../../kernel/report';
import { escapeMarkdownCell, markdownTable, textTable } from '../../kernel/table';
import { plural } from '../../kernel/words';
import { readNotes, readsLine, type LabelReadAccount } from './domain/label-reads';
import type { LabelKind, LabelOperation, LabelPlan } from './plan';

export type EntryStatus = 'planned' | 'done' | 'failed' | 'skipped' | 'unchanged' | 'excluded' | 'unmanaged';

/** One line of the `plan` output. */
export interface PlanEntry {
  repository: string;
  kind: LabelKind | 'none';
  label: string;
  detail?: string;
  cost: Cost;
  status: EntryStatus;
  /** What the executor did (for example `created meanwhile by someone else; updated`), or why it failed. */
  result?: string;
}

export interface Counts {
  created: number;
  updated: number;
  renamed: number;
  deleted: number;
  unchanged: number;
}

const NONE: Cost = { requests: 0, writes: 0 };

/** Every write of a plan as an entry (status `planned` until applied), then the labels left alone. */
export function planEntries(plan: LabelPlan): PlanEntry[] {
  const still = (label: string, status: EntryStatus): PlanEntry => ({
    repository: plan.repository,
    kind: 'none',
    label,
    cost: NONE,
    status,
  });
  return [
    ...plan.operations.map((op) => operationEntry(op)),
    ...plan.unchanged.map((l) => still(l, 'unchanged')),
    ...plan.excluded.map((l) => still(l, 'excluded')),
    ...plan.unmanaged.map((l) => still(l, 'unmanaged')),
  ];
}

export function operationEntry(op: LabelOperation, status: EntryStatus = 'planned', result?: string): PlanEntry {
  return {
    repository: op.target,
    kind: op.kind,
    label: op.subject,
    detail: op.detail,
    cost: op.cost,
    status,
    ...(result ? { result } : {}),
  };
}

/** Counts over all repositories; with `planned` the writes not yet applied count as if done (dry-run). */
export function countEntries(entries: readonly PlanEntry[], { planned = false } = {}): Counts {
  const counts: Counts = { created: 0, updated: 0, renamed: 0, deleted: 0, unchanged: 0 };
  for (const e of entries) {
    if (e.status === 'unchanged') counts.unchanged++;
    else if (e.status === 'done' || (planned && e.status === 'planned')) {
      if (e.kind === 'create') counts.created++;
      else if (e.kind === 'update') counts.updated++;
      else if (e.kind === 'rename' || e.kind === 'merge') counts.renamed++;
      else if (e.kind === 'delete') counts.deleted++;
    }
  }
  return counts;
}

/** `60 labels: 40 unchanged, 2 excluded, 3 not in the file (kept, prune is off)`. */
export function keptLine(plan: LabelPlan): string {
  const parts = [`${plan.unchanged.length} unchanged`];
  if (plan.excluded.length) parts.push(`${plan.excluded.length} excluded (${plan.excluded.join(', ')})`);
  if (plan.unmanaged.length) parts.push(`${plan.unmanaged.length} not in the file, kept (prune is off)`);
  return parts.join(', ');
}

const HEADERS = ['repository', 'kind', 'label', 'detail', 'cost', 'status'];

function rows(entries: readonly PlanEntry[]): string[][] {
  return entries
    .filter((e) => e.kind !== 'none')
    .map((e) => [
      e.repository,
      e.kind,
      e.label,
      e.detail ?? '',
      formatCost(e.cost),
      e.result && e.status !== 'done' ? `${e.status}: ${e.result}` : e.status,
    ]);
}

/** The plan of one repository for the log. */
export function planText(plan: LabelPlan): string {
  const head = `${plan.repository}: ${plural(plan.operations.length, 'write operation')}, ${formatCost(planCost(plan.operations))}; ${keptLine(plan)}`;
  if (plan.operations.length === 0) return `${head}. Nothing to change.`;
  return `${head}\n${textTable(HEADERS, rows(planEntries(plan)))}`;
}

/**
 * The job summary section (under the `## label-sync: <outcome>` heading core writes): every write with its status and
 * cost, and what was left alone per repository. Label names and details are escaped by `markdownTable`.
 */
export function summaryMarkdown(
  plans: readonly LabelPlan[],
  entries: readonly PlanEntry[],
  origin: string,
  dryRun: boolean,
  reads?: LabelReadAccount,
): string {
  const total = planCost(plans.flatMap((p) => p.operations));
  const out = [
    `### Label plan${dryRun ? ' (dry run: nothing written)' : ''}`,
    '',
    `Labels from ${escapeMarkdownCell(origin)}; plan: ${formatCost(total)}.` +
      (reads ? ` Read with ${readsLine(reads)}.` : ''),
    '',
  ];
  if (reads) for (const note of readNotes(reads)) out.push(`- ${escapeMarkdownCell(note)}`);
  if (reads && readNotes(reads).length) out.push('');
  const table = rows(entries);
  out.push(table.length ? markdownTable(HEADERS, table) : 'Every label is already in line: nothing to write.', '');
  out.push(
    ...plans.map(
      (p) =>
        `- ${escapeMarkdownCell(p.repository)}: ${plural(p.operations.length, 'write')}, ${escapeMarkdownCell(keptLine(p))}`,
    ),
  );
  return out.join('\n');
}

/** What label-sync's report is made from: the plan (or, after a real run, what applying it did) and the reads. */
export interface LabelReportFacts {
  entries: PlanEntry[];
  plans: readonly LabelPlan[];
  origin: string;
  /** What reading the labels cost in both budgets, and what went through REST. */
  reads?: LabelReadAccount;
  dryRun: boolean;
}

/** Pure: the outputs (counts and the `plan` JSON), the job summary section and the closing log line. */
export function report({ entries, plans, origin, reads, dryRun }: LabelReportFacts): RunReport {
  const counts = countEntries(entries, { planned: dryRun });
  return runReport({
    outputs: { ...counts, plan: entries },
    summary: [summaryMarkdown(plans, entries, origin, dryRun, reads)],
    log: [
      info(
        `Labels: ${counts.created} created, ${counts.updated} updated, ${counts.renamed} renamed, ${counts.deleted} deleted, ${counts.unchanged} unchanged${dryRun ? ' (dry run: planned, not written)' : ''}.`,
      ),
    ],
  });
}
