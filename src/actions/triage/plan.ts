// The rule planner: (rules, facts about one item) → the writes that bring the item in line. Pure.
// Rules are evaluated against the item as it is; their effects are then combined in rule order (a later
// rule wins when two disagree on a label) and compared with the current state, so a re-run plans nothing.
import type { Rule } from './domain/config';
import { evaluateCondition, type ItemFacts } from './domain/conditions';
import { hasLabel } from './domain/item';
import { ruleMarker, withMarker } from './domain/markers';
import { operation, type TriageOperation } from './operations';

export type RuleMode = 'item' | 'workflow';

/** Rules that run in a mode: workflow runs evaluate only the rules with a `workflow` condition, and nothing else does. */
export function rulesFor(rules: readonly Rule[], mode: RuleMode): Rule[] {
  return rules.filter((rule) => (rule.if.workflow !== undefined) === (mode === 'workflow'));
}

export interface RuleMatch {
  rule: Rule;
  /** True, or what must be read to decide ('needs-pull': the pull request; 'needs-files': its changed files). */
  matched: true | 'needs-files' | 'needs-pull';
}

export function matchRules(rules: readonly Rule[], facts: ItemFacts): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const rule of rules) {
    const verdict = evaluateCondition(rule.if, facts);
    if (verdict.matched !== false) out.push({ rule, matched: verdict.matched });
  }
  return out;
}

/** True when the rule's actions would change the item if it matched (its labels, assignees, state; a comment always may). */
export function ruleWouldChange(rule: Rule, item: ItemFacts['item']): boolean {
  const then = rule.then;
  const assigned = new Set(item.assignees.map((a) => a.toLowerCase()));
  return (
    then['add-labels'].some((label) => !hasLabel(item, label)) ||
    then['remove-labels'].some((label) => hasLabel(item, label)) ||
    then.assign.some((login) => !assigned.has(login.toLowerCase())) ||
    (then.comment !== undefined && !item.locked) ||
    (then.close !== undefined && item.state === 'open')
  );
}

/**
 * True when a rule could match if the pull request's changed files were known, and matching would change
 * something (a pull request already labelled by a files rule costs no read on the next sweep or push).
 */
export function needsFiles(rules: readonly Rule[], facts: ItemFacts): boolean {
  return matchRules(rules, facts).some((m) => m.matched === 'needs-files' && ruleWouldChange(m.rule, facts.item));
}

/** Like needsFiles, for the pull request read (head branch, size): one request per item, priced in the plan. */
export function needsPull(rules: readonly Rule[], facts: ItemFacts): boolean {
  return matchRules(rules, facts).some((m) => m.matched === 'needs-pull' && ruleWouldChange(m.rule, facts.item));
}

/** True when a matching rule would comment and the item has comments that might already carry its marker. */
export function needsCommentCheck(rules: readonly Rule[], facts: ItemFacts): boolean {
  return (
    facts.item.comments > 0 &&
    !facts.item.locked &&
    matchRules(rules, facts).some((m) => m.rule.then.comment !== undefined)
  );
}

export interface RulePlan {
  matched: string[];
  operations: TriageOperation[];
}

/**
 * Plans the writes for one item. `commented` holds the rules whose marker comment the item already has
 * (empty when the item has no comments). Files that were not read count as not matching.
 */
export function planRules(
  rules: readonly Rule[],
  facts: ItemFacts,
  commented: ReadonlySet<string> = new Set(),
): RulePlan {
  const { item } = facts;
  const matches = matchRules(rules, facts).filter((m) => m.matched === true);
  const labels = new Map<string, { present: boolean; rule: string }>();
  const assignees = new Map<string, string>();
  const comments: { rule: string; body: string }[] = [];
  let close: { reason: 'completed' | 'not_planned'; rule: string } | undefined;

  for (const { rule } of matches) {
    for (const label of rule.then['remove-labels']) labels.set(label.toLowerCase(), { present: false, rule: rule.id });
    for (const label of rule.then['add-labels']) labels.set(label.toLowerCase(), { present: true, rule: rule.id });
    for (const login of rule.then.assign)
      if (!assignees.has(login.toLowerCase())) assignees.set(login.toLowerCase(), rule.id);
    // A locked conversation refuses the comment (403 "issue is locked"): the rule's other actions still apply.
    if (rule.then.comment !== undefined && !commented.has(rule.id) && !item.locked)
      comments.push({ rule: rule.id, body: rule.then.comment });
    if (rule.then.close) close = { reason: rule.then.close, rule: rule.id };
  }

  const ops: TriageOperation[] = [];
  const original = new Map<string, string>();
  for (const rule of matches.map((m) => m.rule))
    for (const label of [...rule.then['add-labels'], ...rule.then['remove-labels']])
      if (!original.has(label.toLowerCase())) original.set(label.toLowerCase(), label);
  for (const [key, want] of labels) {
    const name = original.get(key) ?? key;
    const present = hasLabel(item, name);
    if (want.present && !present) ops.push(operation(item, { type: 'add-label', label: name }, `rule ${want.rule}`));
    if (!want.present && present) {
      const actual = item.labels.find((l) => l.toLowerCase() === key) ?? name;
      ops.push(operation(item, { type: 'remove-label', label: actual }, `rule ${want.rule}`));
    }
  }
  ops.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'remove-label' ? -1 : 1));

  const assigned = new Set(item.assignees.map((a) => a.toLowerCase()));
  const byRule = new Map<string, string[]>();
  for (const rule of matches.map((m) => m.rule))
    for (const login of rule.then.assign)
      if (!assigned.has(login.toLowerCase()) && assignees.get(login.toLowerCase()) === rule.id) {
        assigned.add(login.toLowerCase());
        byRule.set(rule.id, [...(byRule.get(rule.id) ?? []), login]);
      }
  for (const [rule, logins] of byRule) ops.push(operation(item, { type: 'assign', assignees: logins }, `rule ${rule}`));

  for (const comment of comments)
    ops.push(
      operation(
        item,
        { type: 'comment', body: withMarker(comment.body, ruleMarker(comment.rule)) },
        `rule ${comment.rule}`,
      ),
    );
  if (close && item.state === 'open')
    ops.push(operation(item, { type: 'close', reason: close.reason }, `rule ${close.rule}`));

  return { matched: matches.map((m) => m.rule.id), operations: ops };
}
