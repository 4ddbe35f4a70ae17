// Plans one item: reads only what its rules need (the changed files of a pull request, the existing
// comments when a rule would comment on an item that has some), then calls the pure planners.
import type { Logger } from '../client/types';
import type { Rule, StaleConfig } from './config';
import type { ItemFacts, WorkflowFacts } from './conditions';
import { describeItem, type Item } from './item';
import { commentedRules, lastCloseMark, lastStaleMark, type CommentLike } from './markers';
import { operation, type TriageOperation } from './operations';
import { needsCommentCheck, needsFiles, planRules } from './plan';
import type { TriageReader } from './reader';
import { decideStale, staleOperations } from './stale';

export interface ItemPlanInput {
  item: Item;
  rules: readonly Rule[];
  stale?: StaleConfig;
  now?: Date;
  workflow?: WorkflowFacts;
}

export async function planItem(input: ItemPlanInput, reader: TriageReader, log: Logger): Promise<TriageOperation[]> {
  const { item, rules, stale } = input;
  const facts: ItemFacts = { item, workflow: input.workflow };
  let comments: CommentLike[] | undefined;
  const readComments = async () => (comments ??= await reader.comments(item.number));

  if (rules.length > 0 && needsFiles(rules, facts)) facts.files = await reader.files(item.number);
  const commented =
    rules.length > 0 && needsCommentCheck(rules, facts) ? commentedRules(await readComments()) : new Set<string>();
  const plan = planRules(rules, facts, commented);
  if (plan.matched.length > 0) log.debug(`${describeItem(item)}: rules ${plan.matched.join(', ')} match`);
  const ops = await withoutUnassignable(plan.operations, reader, log);

  if (stale && input.now && !ops.some((op) => op.kind === 'close')) {
    let decision = decideStale(item, stale, input.now);
    if (decision.action === 'needs-mark-time') {
      const read = await readComments();
      decision = decideStale(item, stale, input.now, lastStaleMark(read) ?? null, lastCloseMark(read) ?? null);
    }
    if (decision.action !== 'none') log.debug(`${describeItem(item)}: stale → ${decision.action}`);
    const staleOps = staleOperations(item, stale, decision);
    // A rule may already have planned the same label change.
    ops.push(
      ...staleOps.filter(
        (s) =>
          !ops.some(
            (o) => o.kind === s.kind && o.subject.toLowerCase() === s.subject.toLowerCase() && s.kind !== 'comment',
          ),
      ),
    );
  }
  return ops;
}

/**
 * Drops the logins of assign operations that cannot be assigned here (GitHub ignores them silently, so a
 * rule naming one would write on every event and sweep without ever changing anything).
 */
async function withoutUnassignable(
  ops: TriageOperation[],
  reader: TriageReader,
  log: Logger,
): Promise<TriageOperation[]> {
  const check = reader.assignable?.bind(reader);
  if (!check || !ops.some((op) => op.payload.type === 'assign')) return ops;
  const out: TriageOperation[] = [];
  for (const op of ops) {
    if (op.payload.type !== 'assign') {
      out.push(op);
      continue;
    }
    const keep: string[] = [];
    for (const login of op.payload.assignees) {
      if (await check(login)) keep.push(login);
      else
        log.warning(
          `@${login} cannot be assigned in this repository (not a collaborator?): ${op.detail ?? 'the rule'} skips it.`,
        );
    }
    if (keep.length === op.payload.assignees.length) out.push(op);
    else if (keep.length > 0) out.push(operation(op, { type: 'assign', assignees: keep }, op.detail));
  }
  return out;
}

/**
 * Whether an item would need an operation, judged without any read (changed files count as not matching,
 * comments as not yet posted). Used to count the items a stopped sweep leaves for the next run.
 */
export function wouldNeedOperations(input: ItemPlanInput): boolean {
  const { item, rules, stale } = input;
  // An item with comments may carry the rules' markers already (an item handled by an earlier run does):
  // its rule comments are not counted as work left.
  const commented = new Set(item.comments > 0 ? rules.map((r) => r.id) : []);
  if (planRules(rules, { item, workflow: input.workflow }, commented).operations.length > 0) return true;
  if (!stale || !input.now) return false;
  // Marked stale: judged as if marked when last updated (the comments are not read here, so whether the
  // stale comment is missing is not known: not counted).
  const decision = decideStale(item, stale, input.now, null);
  return decision.action === 'mark' || decision.action === 'close' || decision.action === 'unmark';
}
