// What an actions/labeler file's rules do to one pull request beyond each rule's own decision, as labeler does it
// (src/labeler.ts, v6.2.0): `changed-files-labels-limit` drops every new label that uses changed-files when more
// than the limit would be added; GitHub's 100 labels per item keep the first 100 of the pull request's labels then
// the added ones in the file's order, and the rest is named in a warning ("Maximum of 100 labels allowed. Excess
// labels: …") while the run succeeds; the outputs `new-labels` and `all-labels` are the labels added and all the
// labels afterwards, comma-separated, in that order. Pure.
import type { LabelerInfo } from './config';
import type { Item } from './item';
import type { TriageOperation } from '../operations';

/** GitHub's most labels on one issue or pull request (labeler's GITHUB_MAX_LABELS). */
export const MAX_LABELS = 100;

export interface LabelerOutcome {
  newLabels: string[];
  allLabels: string[];
}

export interface LabelerResult {
  operations: TriageOperation[];
  outcome: LabelerOutcome;
  /** Lines for the log: `info` (the changed-files limit) and `warning` (the 100-label limit). */
  info: string[];
  warnings: string[];
}

const lower = (name: string) => name.toLowerCase();

/** True for an operation of a labeler file's rule (`rule labeler-<n>`, its sync rule too). */
export function isLabelerOperation(op: TriageOperation): boolean {
  return (op.detail ?? '').startsWith('rule labeler-');
}

export function labelerOutcome(item: Item, ops: readonly TriageOperation[], info: LabelerInfo): LabelerResult {
  const preexisting = item.labels;
  const has = new Set(preexisting.map(lower));
  const result: LabelerResult = { operations: [], outcome: { newLabels: [], allLabels: [] }, info: [], warnings: [] };
  const filesLabels = new Set(info.changedFilesLabels.map(lower));
  const added = (op: TriageOperation) => (op.payload.type === 'add-label' ? op.payload.label : undefined);
  const newFilesLabels = ops
    .filter(isLabelerOperation)
    .map(added)
    .filter((label): label is string => label !== undefined && filesLabels.has(lower(label)) && !has.has(lower(label)));
  const limit = info.limits.changedFilesLabelsLimit;
  const dropFiles = limit !== undefined && newFilesLabels.length > limit;
  if (dropFiles)
    result.info.push(
      `Changed-files labels (${newFilesLabels.length}) exceed limit (${limit}), skipping: ${newFilesLabels.join(', ')}`,
    );
  const removed = new Set(ops.flatMap((op) => (op.payload.type === 'remove-label' ? [lower(op.payload.label)] : [])));
  const all = preexisting.filter((label) => !removed.has(lower(label)));
  const kept: TriageOperation[] = [];
  const excess: string[] = [];
  for (const op of ops) {
    const label = added(op);
    if (label === undefined) {
      kept.push(op);
      continue;
    }
    if (dropFiles && isLabelerOperation(op) && newFilesLabels.some((l) => lower(l) === lower(label))) continue;
    if (all.some((l) => lower(l) === lower(label))) continue;
    if (all.length >= MAX_LABELS) {
      excess.push(label);
      continue;
    }
    all.push(label);
    kept.push(op);
  }
  if (excess.length > 0)
    result.warnings.push(`Maximum of ${MAX_LABELS} labels allowed. Excess labels: ${excess.join(', ')}`);
  result.operations = kept;
  result.outcome = { newLabels: all.filter((l) => !has.has(lower(l))), allLabels: all };
  return result;
}
