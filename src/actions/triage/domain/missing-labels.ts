// Labels the repository does not have. GitHub's "Add labels to an issue" creates a missing label (grey,
// `ededed`) without a word (docs.github.com/rest/issues/labels#add-labels-to-an-issue), so a typo in a
// rule or a command would quietly grow the label list. Pure: (plan, the repository's labels, settings) →
// the plan without the adds of missing labels (each with a warning naming the label and where it came
// from), or, with `create-missing-labels`, with the first add of each missing label creating it first. The stale
// label itself is always created when missing (the sweep's own marker), and a label an actions/labeler file asks for
// is added as labeler adds it (GitHub creates it).
// Label names compare case-insensitively, as GitHub's do.
import { labelOrigin, type LabelOrigins } from './label-origins';
import { isLabelerOperation } from './labeler-outcome';
import type { TriageOperation } from '../operations';

export interface MissingLabelSettings {
  create: boolean;
  /** Six hex digits, no `#`. */
  color: string;
  /** Where the config asked for each label (`file:line`), named in the warning. */
  origins?: LabelOrigins;
}

export interface MissingLabelPlan {
  operations: TriageOperation[];
  /** One line per skipped add: the label and what asked for it. */
  warnings: string[];
  /** Labels the plan creates. */
  created: string[];
}

/**
 * The stale label is the sweep's own marker, named in its settings (not a rule's typo): a sweep cannot work without
 * it, and actions/stale's users rely on it appearing, so a missing one is created (in `missing-label-color`).
 */
function isStaleMark(op: TriageOperation): boolean {
  return op.detail === 'stale';
}

export function resolveMissingLabels(
  plan: readonly TriageOperation[],
  existing: readonly string[],
  settings: MissingLabelSettings,
): MissingLabelPlan {
  const known = new Set(existing.map((name) => name.toLowerCase()));
  const creating = new Set<string>();
  const out: MissingLabelPlan = { operations: [], warnings: [], created: [] };
  for (const op of plan) {
    const payload = op.payload;
    if (payload.type !== 'add-label' || known.has(payload.label.toLowerCase())) {
      out.operations.push(op);
      continue;
    }
    const key = payload.label.toLowerCase();
    // A label the labeler file asks for is added as actions/labeler adds it: GitHub creates it (grey).
    if (isLabelerOperation(op)) {
      out.operations.push(op);
      continue;
    }
    if (!settings.create && !isStaleMark(op)) {
      const at = labelOrigin(settings.origins, op.detail, payload.label);
      out.warnings.push(
        `Label "${payload.label}" does not exist in the repository: not added to ${op.target} (asked by ${op.detail ?? 'the config'}${at ? ` at ${at}` : ''}); create it, or set create-missing-labels: true.`,
      );
      continue;
    }
    if (creating.has(key)) {
      out.operations.push(op);
      continue;
    }
    // The first add of the label creates it (one more request and write, priced here).
    creating.add(key);
    out.created.push(payload.label);
    out.operations.push({
      ...op,
      subject: `${op.subject} (created, #${settings.color})`,
      cost: { requests: op.cost.requests + 1, writes: op.cost.writes + 1 },
      payload: { ...payload, create: { color: settings.color } },
    });
  }
  return out;
}
