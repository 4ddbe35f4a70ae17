// Whether a rule's `if` holds for an item. Pure: every fact is passed in. The changed files of a pull
// request cost a request, so they are asked for only when every other condition already holds.
import { minimatch } from 'minimatch';
import type { Condition } from './config';
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

export function evaluateCondition(condition: Condition, facts: ItemFacts): Verdict {
  const { item } = facts;
  if (condition.type === 'issue' && item.isPullRequest) return no('it is a pull request');
  if (condition.type === 'pull_request' && !item.isPullRequest) return no('it is an issue');
  const present = (condition['labels-absent'] ?? []).filter((label) => hasLabel(item, label));
  if (present.length > 0) return no(`it has the label ${present.join(', ')}`);
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
  if (condition.branch || condition.size) {
    if (!item.isPullRequest) return no('branch and size apply to pull requests');
    if (facts.pull === undefined) return { matched: 'needs-pull' };
    const { branch, lines } = facts.pull;
    if (condition.branch && !matches(condition.branch, branch)) return no(`branch is ${branch}`);
    const size = condition.size;
    if (size && ((size['max-lines'] ?? Infinity) < lines || (size['min-lines'] ?? 0) > lines))
      return no(`${lines} changed lines`);
  }
  if (condition.files) {
    if (!item.isPullRequest) return no('changed files apply to pull requests');
    if (facts.files === undefined) return { matched: 'needs-files' };
    if (!filesMatch(facts.files, condition.files)) return no('no changed file matches');
  }
  return yes;
}
