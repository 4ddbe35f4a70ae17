// Whether a rule's `if` holds for an item. Pure: every fact is passed in. The changed files of a pull
// request cost a request, so they are asked for only when every other condition already holds.
import { minimatch } from 'minimatch';
import type { ChangedFilesEntry, Condition } from './config';
import { formAnswer, parseIssueForm } from './issue-form';
import { hasLabel, type Item } from './item';
import { matches, type TextPattern } from './pattern';

export interface WorkflowFacts {
  name: string;
  conclusion: string | null;
}

/** What the pulls API tells of a pull request and the issues list does not (one read). */
export interface PullFacts {
  branch: string;
  /** Additions plus deletions. */
  lines: number;
  /** The base branch (where it would merge). */
  base?: string;
  /** The head branch is in this repository (not a fork's). */
  sameRepository?: boolean;
}

export interface ItemFacts {
  item: Item;
  /** Head branch and size of a pull request; undefined when not read (yet). */
  pull?: PullFacts;
  /** Changed files of a pull request; undefined when not read (yet). */
  files?: string[];
  /** The completed workflow run, in workflow_run mode. */
  workflow?: WorkflowFacts;
}

export type Verdict =
  | { matched: true }
  | { matched: false; reason: string }
  /** Every other condition holds; the changed files must be read to decide. */
  | { matched: 'needs-files' }
  /** Every other condition holds; the pull request (branch, size) must be read to decide. */
  | { matched: 'needs-pull' };

const yes: Verdict = { matched: true };
const no = (reason: string): Verdict => ({ matched: false, reason });

function formMatches(body: string, form: Record<string, TextPattern[]>): string | undefined {
  const answers = parseIssueForm(body);
  for (const [heading, wanted] of Object.entries(form)) {
    const answer = formAnswer(answers, heading);
    if (!answer) return `no form field "${heading}"`;
    const values = answer.checked.length > 0 ? answer.checked : [answer.text];
    if (!values.some((value) => wanted.some((p) => matches(p, value))))
      return `form field "${heading}" is "${values.join(', ')}"`;
  }
  return undefined;
}

/** True when a changed file matches a glob and no `!glob`. */
export function filesMatch(files: string[], globs: string[]): boolean {
  const include = globs.filter((g) => !g.startsWith('!'));
  const exclude = globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
  return files.some(
    (file) =>
      include.some((g) => minimatch(file, g, { dot: true })) && !exclude.some((g) => minimatch(file, g, { dot: true })),
  );
}

/**
 * actions/labeler v5's changed-files options (src/changedFiles.ts): any glob matches any file; one glob matches
 * every file; one file matches every glob; every file matches every glob. Dot files match (its `dot` default).
 */
export function changedFilesMatch(files: string[], entry: ChangedFilesEntry): boolean {
  const match = (file: string, glob: string) => minimatch(file, glob, { dot: true });
  const checks: boolean[] = [];
  const anyAny = entry['any-glob-to-any-file'];
  if (anyAny) checks.push(anyAny.some((g) => files.some((f) => match(f, g))));
  const anyAll = entry['any-glob-to-all-files'];
  if (anyAll) checks.push(anyAll.some((g) => files.every((f) => match(f, g))));
  const allAny = entry['all-globs-to-any-file'];
  if (allAny) checks.push(files.some((f) => allAny.every((g) => match(f, g))));
  const allAll = entry['all-globs-to-all-files'];
  if (allAll) checks.push(files.every((f) => allAll.every((g) => match(f, g))));
  return checks.every(Boolean);
}

/** Verdicts of conditions that must all hold: a failure decides, then the reads still needed (the pull first). */
function allOf(verdicts: Verdict[]): Verdict {
  return (
    verdicts.find((v) => v.matched === false) ??
    verdicts.find((v) => v.matched === 'needs-pull') ??
    verdicts.find((v) => v.matched === 'needs-files') ??
    yes
  );
}

/** Verdicts of conditions of which one must hold: a match decides, then the reads that could make one. */
function anyOf(verdicts: Verdict[]): Verdict {
  if (verdicts.some((v) => v.matched === true)) return yes;
  return (
    verdicts.find((v) => v.matched === 'needs-pull') ??
    verdicts.find((v) => v.matched === 'needs-files') ??
    no(verdicts.map((v) => (v.matched === false ? v.reason : '')).join('; and ') || 'no condition listed holds')
  );
}

function negation(verdict: Verdict): Verdict {
  if (verdict.matched === true) return no('the negated condition holds');
  if (verdict.matched === false) return yes;
  return verdict;
}

export function evaluateCondition(condition: Condition, facts: ItemFacts): Verdict {
  const own = evaluateOwn(condition, facts);
  if (own.matched === false || (!condition.not && !condition.all && !condition.any)) return own;
  return allOf([
    own,
    ...(condition.not ? [negation(evaluateCondition(condition.not, facts))] : []),
    ...(condition.all ? [allOf(condition.all.map((c) => evaluateCondition(c, facts)))] : []),
    ...(condition.any ? [anyOf(condition.any.map((c) => evaluateCondition(c, facts)))] : []),
  ]);
}

/** The condition's own keys (not its combinators). */
function evaluateOwn(condition: Condition, facts: ItemFacts): Verdict {
  const { item } = facts;
  if (condition.type === 'issue' && item.isPullRequest) return no('it is a pull request');
  if (condition.type === 'pull_request' && !item.isPullRequest) return no('it is an issue');
  const present = (condition['labels-absent'] ?? []).filter((label) => hasLabel(item, label));
  if (present.length > 0) return no(`it has the label ${present.join(', ')}`);
  const missing = (condition['labels-present'] ?? []).filter((label) => !hasLabel(item, label));
  if (missing.length > 0) return no(`it lacks the label ${missing.join(', ')}`);
  const associations = condition['author-association'];
  if (associations && !associations.includes(item.authorAssociation as (typeof associations)[number]))
    return no(`author association is ${item.authorAssociation}`);
  if (condition.title && !matches(condition.title, item.title))
    return no(`title does not match ${condition.title.source}`);
  if (condition.body && !matches(condition.body, item.body)) return no(`body does not match ${condition.body.source}`);
  if (condition.form) {
    const reason = formMatches(item.body, condition.form);
    if (reason) return no(reason);
  }
  if (condition.workflow) {
    const run = facts.workflow;
    if (!run) return no('not a workflow run');
    if (!item.isPullRequest) return no('workflow conditions apply to pull requests');
    if (condition.workflow.name && !matches(condition.workflow.name, run.name)) return no(`workflow is "${run.name}"`);
    if (
      condition.workflow.conclusion &&
      !condition.workflow.conclusion.includes(run.conclusion as (typeof condition.workflow.conclusion)[number])
    )
      return no(`conclusion is ${run.conclusion ?? 'none'}`);
  }
  const heads = condition['head-branch'];
  const bases = condition['base-branch'];
  if (condition.branch || condition.size || heads || bases) {
    if (!item.isPullRequest) return no('branch and size apply to pull requests');
    if (facts.pull === undefined) return { matched: 'needs-pull' };
    const { branch, lines } = facts.pull;
    if (condition.branch && !matches(condition.branch, branch)) return no(`branch is ${branch}`);
    if (heads && !heads.some((p) => matches(p, branch))) return no(`head branch is ${branch}`);
    const base = facts.pull.base ?? '';
    if (bases && !bases.some((p) => matches(p, base))) return no(`base branch is ${base}`);
    const size = condition.size;
    if (size && ((size['max-lines'] ?? Infinity) < lines || (size['min-lines'] ?? 0) > lines))
      return no(`${lines} changed lines`);
  }
  const changed = condition['changed-files'];
  const most = condition['changed-files-at-most'];
  if (condition.files || changed || most !== undefined) {
    if (!item.isPullRequest) return no('changed files apply to pull requests');
    if (facts.files === undefined) return { matched: 'needs-files' };
    if (most !== undefined && facts.files.length > most)
      return no(`${facts.files.length} files changed (more than ${most})`);
    if (condition.files && !filesMatch(facts.files, condition.files)) return no('no changed file matches');
    if (changed && !changed.every((entry) => changedFilesMatch(facts.files!, entry)))
      return no('the changed files do not match changed-files');
  }
  return yes;
}
