// Plans one item: reads only what its rules need (the changed files of a pull request, the existing
// comments when a rule would comment on an item that has some), then calls the pure planners.
import type { Logger } from '../client/types';
import type { Rule, StaleConfig } from './config';
import type { ItemFacts, WorkflowFacts } from './conditions';
import { describeItem, type Item } from './item';
import { commentedRules, lastStaleMark, type CommentLike } from './markers';
import type { TriageOperation } from './operations';
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
  const commented = rules.length > 0 && needsCommentCheck(rules, facts) ? commentedRules(await readComments()) : new Set<string>();
  const plan = planRules(rules, facts, commented);
  if (plan.matched.length > 0) log.debug(`${describeItem(item)}: rules ${plan.matched.join(', ')} match`);
  const ops = [...plan.operations];

  if (stale && input.now && !ops.some((op) => op.kind === 'close')) {
    let decision = decideStale(item, stale, input.now);
    if (decision.action === 'needs-mark-time') decision = decideStale(item, stale, input.now, lastStaleMark(await readComments()) ?? null);
    if (decision.action !== 'none') log.debug(`${describeItem(item)}: stale → ${decision.action}`);
    const staleOps = staleOperations(item, stale, decision);
    // A rule may already have planned the same label change.
    ops.push(...staleOps.filter((s) => !ops.some((o) => o.kind === s.kind && o.subject.toLowerCase() === s.subject.toLowerCase() && s.kind !== 'comment')));
  }
  return ops;
}

/**
 * Whether an item would need an operation, judged without any read (changed files count as not matching,
 * comments as not yet posted). Used to count the items a stopped sweep leaves for the next run.
 */
export function wouldNeedOperations(input: ItemPlanInput): boolean {
  const { item, rules, stale } = input;
  if (planRules(rules, { item, workflow: input.workflow }).operations.length > 0) return true;
  if (!stale || !input.now) return false;
  const decision = decideStale(item, stale, input.now);
  return decision.action === 'mark' || decision.action === 'close' || decision.action === 'unmark';
}
