// Plan → apply: planners return operations that each know their API cost; the shared runner applies
// them on the one pool (kernel/pool.ts: bounded concurrency, groups, its stop-the-group rule) and report every result.
import { runPool } from './pool';
import { plural } from './words';
import type { Cost } from '../github/client/types';
import { markdownTable, textTable } from './table';

export interface Operation<P = unknown> {
  /** What is done: create, update, delete, comment, upload, ... */
  kind: string;
  /** What it is done to: a label, a file, a release asset, an issue. */
  target: string;
  /** The name of the thing (label name, path, asset name, #number). */
  subject: string;
  /** Human-readable change, e.g. `color: ededed → ff0000`. */
  detail?: string;
  cost: Cost;
  payload: P;
}

export type OperationStatus = 'done' | 'failed' | 'skipped';

/**
 * What became of one operation. `O` is the action's own operation type (a discriminated union on `kind` or the
 * payload's `kind`), so a result's `op` is never cast back to it.
 */
export interface OperationResult<O extends Operation = Operation, V = unknown> {
  op: O;
  status: OperationStatus;
  error?: Error;
  value?: V;
}

export interface ApplyReport<O extends Operation = Operation, V = unknown> {
  /** One per operation, in the order of the operations. */
  results: OperationResult<O, V>[];
  done: number;
  failed: number;
  skipped: number;
}

export interface ApplyOptions<O extends Operation = Operation> {
  /** Operations in flight at once (default 4). The client paces requests further. */
  concurrency?: number;
  /** When aborted, operations not yet started are skipped. */
  signal?: AbortSignal;
  /**
   * The operation's group (e.g. the item it writes to): a group's operations run in plan order, and after one fails
   * the group's operations not yet started are skipped (kernel/pool.ts). None: every operation stands alone.
   */
  group?: (op: O) => string | number | undefined;
}

/** The total cost of a plan (GraphQL points summed when an operation has some). */
export function planCost(ops: readonly Pick<Operation, 'cost'>[]): Cost {
  const total = ops.reduce<Cost>(
    (sum, op) => ({ requests: sum.requests + op.cost.requests, writes: sum.writes + op.cost.writes }),
    {
      requests: 0,
      writes: 0,
    },
  );
  if (!ops.some((op) => op.cost.points !== undefined)) return total;
  return { ...total, points: ops.reduce((sum, op) => sum + (op.cost.points ?? 0), 0) };
}

/**
 * Runs `execute` for every operation, at most `concurrency` groups at once. A failure stops nothing but the rest of
 * its own group; the report lists each operation's status in plan order.
 */
export async function applyPlan<O extends Operation, V>(
  ops: readonly O[],
  execute: (op: O, index: number) => Promise<V>,
  options: ApplyOptions<O> = {},
): Promise<ApplyReport<O, V>> {
  const settled = await runPool(ops, execute, {
    limit: options.concurrency ?? 4,
    group: options.group,
    shouldStop: () => options.signal?.aborted === true,
  });
  const results: OperationResult<O, V>[] = ops.map((op, index) => ({ op, ...settled[index] }));
  const count = (status: OperationStatus) => results.filter((r) => r.status === status).length;
  return { results, done: count('done'), failed: count('failed'), skipped: count('skipped') };
}

export function formatCost(cost: Cost): string {
  const points = cost.points ? `, ${plural(cost.points, 'GraphQL point')}` : '';
  return `${plural(cost.requests, 'request')} (${plural(cost.writes, 'write')})${points}`;
}

const PLAN_HEADERS = ['kind', 'target', 'subject', 'detail', 'cost'];
/** After the plan's total: what it does not price. */
export const READS_NOTE = 'beyond the reads that made this plan (in the API usage)';

/** The plan as a table (markdown for the job summary, aligned text for the log) with a total line. */
export function formatPlan(ops: readonly Operation[], options: { markdown?: boolean } = {}): string {
  // The plan prices what applying it costs; the reads that made it were spent already (the API usage counts them).
  const total = `Total: ${plural(ops.length, 'operation')}, ${formatCost(planCost(ops))} to apply, ${READS_NOTE}`;
  if (ops.length === 0) return `No changes. ${total}`;
  const rows = ops.map((op) => [op.kind, op.target, op.subject, op.detail ?? '', formatCost(op.cost)]);
  const table = options.markdown ? markdownTable(PLAN_HEADERS, rows) : textTable(PLAN_HEADERS, rows);
  return `${table}\n\n${total}`;
}

/** A one-line description of an operation, for error lists and logs. */
export function describeOperation(op: Operation): string {
  return `${op.kind} ${op.target} ${op.subject}`.replace(/\s+/g, ' ').trim();
}

/** Every failure of an applied plan, one line each, after a count line; empty string when nothing failed. */
export function summarizeResults(report: ApplyReport): string {
  const lines = [
    `${report.done} done, ${report.failed} failed, ${report.skipped} skipped of ${plural(report.results.length, 'operation')}.`,
  ];
  for (const r of report.results) {
    if (r.status === 'failed') lines.push(`- ${describeOperation(r.op)}: ${r.error?.message ?? 'failed'}`);
  }
  return lines.join('\n');
}

/** The error to throw when any operation failed or was skipped: an AggregateError carrying each failure. */
export function planFailure(report: ApplyReport): AggregateError | undefined {
  if (report.failed === 0 && report.skipped === 0) return undefined;
  const errors = report.results
    .filter((r) => r.status !== 'done')
    .map((r) =>
      r.status === 'failed'
        ? new Error(`${describeOperation(r.op)}: ${r.error?.message ?? 'failed'}`, { cause: r.error })
        : new Error(`${describeOperation(r.op)}: skipped (${r.error?.message ?? 'cancelled'})`, { cause: r.error }),
    );
  return new AggregateError(
    errors,
    `${report.failed} of ${report.results.length} operations failed${report.skipped ? `, ${report.skipped} skipped` : ''}`,
  );
}
