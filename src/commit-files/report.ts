// What the run tells: the step's outputs and the job summary's lines.
import { setOutputs } from '../core/outputs';
import { addMarkdown } from '../core/summary';
import { codeSpan, markdownText } from '../core/external-text';
import type { CreatedCommit } from './git-api';
import type { ChangeSet } from './plan';
import type { PullRequestOperation, PullRequestResult } from './pull-request';

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

export function initialOutputs(set: ChangeSet, branch: string): CommitOutputs {
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

export function recordCommit(outputs: CommitOutputs, commit: CreatedCommit): void {
  Object.assign(outputs, {
    committed: true,
    'commit-sha': commit.sha,
    'commit-url': commit.url,
    verified: commit.verified,
  });
}

export function recordPullRequest(outputs: CommitOutputs, pr: PullRequestResult): void {
  Object.assign(outputs, {
    'pull-request-number': pr.number,
    'pull-request-url': pr.url,
    'pull-request-operation': pr.operation,
  });
}

export function writeOutputs(outputs: CommitOutputs): void {
  setOutputs({
    ...outputs,
    // The peers' names: create-pull-request's and git-auto-commit-action's.
    'pull-request-head-sha': outputs['pull-request-number'] === '' ? '' : outputs['head-sha'],
    'pull-request-branch': outputs['pull-request-number'] === '' ? '' : outputs.branch,
    changes_detected: outputs.committed,
    commit_hash: outputs['commit-sha'],
  });
}

/** An external name (a branch from `github.head_ref`, a tag) as a code span: core/external-text.ts. */
const code = (text: string) => codeSpan(text, 200);

export function summarizeCommit(branch: string, commit: CreatedCommit, set: ChangeSet, replayed: string): void {
  addMarkdown(
    `Committed [${commit.sha.slice(0, 7)}](${commit.url}) to ${code(branch)}${replayed}: ${set.counts.added} added, ` +
      `${set.counts.updated} updated, ${set.counts.deleted} deleted${commit.verified ? ' (verified)' : ''}.`,
  );
}

/** A line of Markdown whose external names are already code spans. */
export function summarizeLine(text: string): void {
  addMarkdown(text);
}

/** A line of plain text that may quote external names anywhere (the base line names the branch): escaped. */
export function summarizeText(text: string): void {
  addMarkdown(markdownText(text));
}

export function summarizePullRequest(pr: PullRequestResult, branch: string, base: string): void {
  const verb = pr.operation === 'none' ? 'unchanged' : pr.operation;
  addMarkdown(`Pull request [#${pr.number}](${pr.url}) ${verb} (${code(branch)} → ${code(base)}).`);
}

export { code as inlineCode };
