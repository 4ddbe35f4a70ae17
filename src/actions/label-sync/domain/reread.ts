// After a run: each list label-reads.ts names (`account.after`: the lists the run wrote) is read once more over REST. That read leaves the job the ETag of the list as it is now, so the same run
// again is a free 304; for a list the run wrote it is also a check: the labels are planned again against it, and what
// is still not as the file says (besides the operations that failed, already reported) is a warning naming the labels.
// GitHub's label list can lag just after writes, so a difference is told, never retried and never a failure.
import type { ActionContext } from '../../../kernel/action';
import { messageOf, plural } from '../../../kernel/words';
import type { LabelSpec } from './config';
import type { LabelFilter } from './exclude';
import type { LabelReadAccount, LabelReader } from './label-reads';
import { type LabelOperation, type LabelPayload, type LabelPlan, planLabels } from '../plan';

/** The labels a repository has once its plan is applied: renames and updates keep the count. */
export function labelsAfter(plan: LabelPlan, now: number): number {
  const count = (kind: LabelOperation['kind']) => plan.operations.filter((op) => op.kind === kind).length;
  return now + count('create') - count('delete') - count('merge');
}

/** Every label name an operation touches (lower-cased, as GitHub compares them). */
export function namesOf(p: LabelPayload): string[] {
  switch (p.kind) {
    case 'create':
      return [p.name.toLowerCase()];
    case 'merge':
      return [p.current.toLowerCase(), p.into.toLowerCase()];
    case 'delete':
      return [p.current.toLowerCase()];
    default:
      return [p.current.toLowerCase(), p.name.toLowerCase()];
  }
}

/** What label-sync's state gives this check. */
export interface RereadState {
  specs: readonly LabelSpec[];
  exclude: LabelFilter;
  reads: LabelReadAccount;
  reader: LabelReader;
}

const SHOWN = 10;

/**
 * The labels of a list read again that the plan did not leave as the file says, as `"name" (kind)`, the labels of
 * failed operations aside (they are reported as failures already). Empty when the list is as expected.
 */
export function unexpected(
  specs: readonly LabelSpec[],
  labels: Parameters<typeof planLabels>[1],
  options: { repository: string; prune: boolean; exclude: LabelFilter; failed: ReadonlySet<string> },
): string[] {
  const again = planLabels(specs, labels, { ...options, issuesWith: () => [] });
  return again.operations
    .filter((op) => !namesOf(op.payload).some((n) => options.failed.has(n)))
    .map((op) => `${JSON.stringify(op.subject)} (${op.kind})`);
}

/**
 * Reads again each list of `state.reads.after` whose repository was applied (`applied`; one the budget stopped is
 * not read). A list that cannot be read is a warning too: the next run reads it in full.
 */
export async function checkAfterRun(
  ctx: Pick<ActionContext, 'log'>,
  state: RereadState,
  prune: boolean,
  plans: readonly LabelPlan[],
  results: readonly { op: LabelOperation; status: string }[],
  applied: (repository: string) => boolean,
): Promise<void> {
  for (const { repository } of state.reads.after) {
    if (!applied(repository)) continue;
    const plan = plans.find((p) => p.repository === repository);
    const failed = new Set(
      results.filter((r) => r.op.target === repository && r.status !== 'done').flatMap((r) => namesOf(r.op.payload)),
    );
    try {
      const { labels } = await state.reader.reread(repository);
      if (!plan || plan.operations.length === 0) continue;
      const off = unexpected(state.specs, labels, { repository, prune, exclude: state.exclude, failed });
      if (off.length === 0) continue;
      ctx.log.warning(
        `${repository}: read again after the writes, ${plural(off.length, 'label')} ${off.length === 1 ? 'is' : 'are'} ` +
          `not as the plan left ${off.length === 1 ? 'it' : 'them'}: ${off.slice(0, SHOWN).join(', ')}` +
          `${off.length > SHOWN ? ` and ${off.length - SHOWN} more` : ''}. GitHub's label list can lag just after ` +
          `writes, so this may be a moment's delay; the next run plans against the list as it then is.`,
      );
    } catch (err) {
      ctx.log.warning(
        `${repository}: could not read the labels again after the run (${messageOf(err)}); ` +
          `the next run reads them in full.`,
      );
    }
  }
}
