// What the run tells: the step's outputs and the job summary's lines, as a value (kernel/report.ts) the host renders.
// A run stopped by the budget or by a failed commit still reports its plan; one that fails after the commit (the
// tag, the pull request) reports the commit's outputs and lines, then fails.
import { codeSpan, markdownText } from '../../kernel/external-text';
import { formatCost, formatPlan, planCost, type Operation } from '../../kernel/plan';
import { detailsMarkdown, headingMarkdown, runReport, type OutputValue, type RunReport } from '../../kernel/report';
import { plural } from '../../kernel/words';
import type { CreatedCommit } from './domain/git-api';
import type { ChangeSet } from './plan';
import type { PullRequestOperation, PullRequestResult } from './domain/pull-request';

export interface CommitOutputs {
  committed: boolean;
  'commit-sha': string;
  'commit-url': string;
  verified: boolean;
  'files-added': number;
  'files-updated': number;
  'files-deleted': number;
  tag: string;
  'pull-request-number': number | '';
  'pull-request-url': string;
  'pull-request-operation': PullRequestOperation;
  /** The branch's head after the run (the new commit, or the head left as it was). */
  'head-sha': string;
  /** The branch committed to (with its suffix). */
  branch: string;
}

export function initialOutputs(set: Pick<ChangeSet, 'counts'>, branch: string): CommitOutputs {
  return {
    'head-sha': '',
    branch,
    committed: false,
    'commit-sha': '',
    'commit-url': '',
    verified: false,
    'files-added': set.counts.added,
    'files-updated': set.counts.updated,
    'files-deleted': set.counts.deleted,
    tag: '',
    'pull-request-number': '',
    'pull-request-url': '',
    'pull-request-operation': 'none',
  };
}

/** The outputs once the commit is made. */
export function withCommit(outputs: CommitOutputs, commit: CreatedCommit): CommitOutputs {
  return { ...outputs, committed: true, 'commit-sha': commit.sha, 'commit-url': commit.url, verified: commit.verified };
}

/** The outputs once the pull request is opened, updated or closed. */
export function withPullRequest(outputs: CommitOutputs, pr: PullRequestResult): CommitOutputs {
  return {
    ...outputs,
    'pull-request-number': pr.number,
    'pull-request-url': pr.url,
    'pull-request-operation': pr.operation,
  };
}

/** Every output as the step sets it: ours, then the peers' names of the same values. */
export function outputValues(outputs: CommitOutputs): Record<string, OutputValue> {
  return {
    ...outputs,
    // The peers' names: create-pull-request's and git-auto-commit-action's.
    'pull-request-head-sha': outputs['pull-request-number'] === '' ? '' : outputs['head-sha'],
    'pull-request-branch': outputs['pull-request-number'] === '' ? '' : outputs.branch,
    changes_detected: outputs.committed,
    commit_hash: outputs['commit-sha'],
  };
}

/** An external name (a branch from `github.head_ref`, a tag) as a code span: kernel/external-text.ts. */
const code = (text: string) => codeSpan(text, 200);

/** The summary line of a commit made. */
export function commitLine(
  branch: string,
  commit: CreatedCommit,
  set: Pick<ChangeSet, 'counts'>,
  replayed: string,
): string {
  return (
    `Committed [${commit.sha.slice(0, 7)}](${commit.url}) to ${code(branch)}${replayed}: ${set.counts.added} added, ` +
    `${set.counts.updated} updated, ${set.counts.deleted} deleted${commit.verified ? ' (verified)' : ''}.`
  );
}

/** The summary line of the pull request opened, updated or left unchanged. */
export function pullRequestLine(pr: PullRequestResult, branch: string, base: string): string {
  const verb = pr.operation === 'none' ? 'unchanged' : pr.operation;
  return `Pull request [#${pr.number}](${pr.url}) ${verb} (${code(branch)} → ${code(base)}).`;
}

export { code as inlineCode };

/** What the plan says in the job summary: where the commit goes, the base, the reads and the plan (collapsed). */
export interface PlanFacts {
  owner: string;
  repo: string;
  branch: string;
  /** A plain-text line that may quote external names anywhere (escaped here). */
  baseLine: string;
  /** How the branch was read (plain text). */
  reads: string;
  ops: readonly Operation<unknown>[];
}

/** The summary sections of the plan, the first of every report (dry run, done, stopped). */
export function planSections(facts: PlanFacts): string[] {
  const sections = [
    headingMarkdown(`Commit to ${code(`${facts.owner}/${facts.repo}@${facts.branch}`)}`, 3),
    markdownText(facts.baseLine),
    markdownText(facts.reads),
  ];
  if (facts.ops.length)
    sections.push(
      detailsMarkdown(
        `Plan: ${plural(facts.ops.length, 'operation')}, ${formatCost(planCost(facts.ops))}`,
        formatPlan(facts.ops, { markdown: true }),
      ),
    );
  return sections;
}

/** What applying did: the outputs as they stand, its summary lines, and the error that stopped it after the commit. */
export interface CommitApplied {
  outputs: CommitOutputs;
  /** Markdown lines whose external names are already code spans. */
  lines: string[];
  /** A failure after the commit (tag, pull request): the report still has the commit, then the run fails. */
  error?: Error;
}

/** What a commit-files report is made from: the plan's facts and, for a real run, what applying did. */
export type CommitReportFacts =
  | { kind: 'dry-run'; plan: PlanFacts; outputs: CommitOutputs; dryRunLine: string }
  | { kind: 'applied'; plan: PlanFacts; applied: CommitApplied }
  | { kind: 'stopped'; plan: PlanFacts };

/** Pure: the outputs and summary sections (commit-files' log lines are printed as it goes). */
export function commitReport(facts: CommitReportFacts): RunReport {
  const summary = planSections(facts.plan);
  if (facts.kind === 'stopped') return runReport({ summary });
  if (facts.kind === 'dry-run')
    return runReport({ outputs: outputValues(facts.outputs), summary: [...summary, facts.dryRunLine] });
  return runReport({ outputs: outputValues(facts.applied.outputs), summary: [...summary, ...facts.applied.lines] });
}
