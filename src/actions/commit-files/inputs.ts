// The action's inputs (zod over the action.yml names → a camelCase object) and their resolution against the
// event: which repository, which branch, which working directory. Everything here is checked before any request.
import { realpath, stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { z } from 'zod';
import type { EventContext } from '../../kernel/context';
import {
  booleanInput,
  enumInput,
  getInputs,
  InputError,
  intInput,
  listInput,
  multilineInput,
  type InputReader,
} from '../../kernel/inputs';
import { labelNameProblem, repositoryNameProblem } from '../../github/names';
import { actionInputsWithPeers, peerReader } from '../../kernel/peer-inputs';
import { insideOf, realWorkspace, underGit } from '../../kernel/workspace-paths';
import { CO_AUTHOR } from './domain/message';
import { parsePathSpec, PathSpecError, type PathSpec } from './domain/path-spec';
import { commitFilesPeers } from './domain/peer-names';

/** A git ref name's last part as `git check-ref-format --branch` would accept it (branches and tags alike). */
export function isValidRefName(name: string): boolean {
  if (
    !name ||
    name.startsWith('-') ||
    name.startsWith('/') ||
    name.endsWith('/') ||
    name.endsWith('.') ||
    name.endsWith('.lock')
  )
    return false;
  if (name.includes('..') || name.includes('//') || name.includes('@{') || name === '@') return false;
  if ([...name].some((ch) => ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f) || /[~^:?*[\\]/.test(name))
    return false;
  return !name.split('/').some((s) => s.startsWith('.') || s.endsWith('.lock'));
}

const optionalText = z.string().optional();

const refInput = (kind: 'branch' | 'tag') =>
  z
    .string()
    .trim()
    // `refs/heads/x` (as `github.ref` gives it) names the branch x; `refs/tags/v1` the tag v1.
    .transform((name) => name.replace(kind === 'branch' ? /^refs\/heads\// : /^refs\/tags\//, ''))
    .refine((name) => !name.startsWith('refs/'), {
      message:
        kind === 'branch'
          ? 'must be a branch (refs/heads/<name> or <name>), not a tag or another ref'
          : 'must be a tag (refs/tags/<name> or <name>)',
    })
    .refine(isValidRefName, {
      message: `must be a valid ${kind} name (no spaces, "..", "~^:?*[\\", leading "-" or trailing ".lock")`,
    })
    .optional();

function pathSpecsInput(input: string, defaults: string[]) {
  return multilineInput(defaults).transform((texts, ctx) => {
    const specs: PathSpec[] = [];
    for (const text of texts) {
      try {
        specs.push(parsePathSpec(input, text));
      } catch (err) {
        if (!(err instanceof PathSpecError)) throw err;
        ctx.issues.push({
          code: 'custom',
          message: `is refused: ${err.message.replace(/^Input "[^"]+": /, '')}`,
          input: text,
        });
        return z.NEVER;
      }
    }
    return specs;
  });
}

const accountList = listInput([]).refine(
  (list) => list.every((login) => /^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,38})$/.test(login.replace(/^@/, ''))),
  { message: 'must list GitHub logins, one per line or comma-separated' },
);

/** `Name <email>`, as git writes a person. */
const identityInput = z
  .string()
  .trim()
  .refine((v) => CO_AUTHOR.test(v), { message: 'must be "Name <email>"' })
  .transform((v): Identity => {
    const at = v.lastIndexOf('<');
    return { name: v.slice(0, at).trim(), email: v.slice(at + 1, -1) };
  })
  .optional();

export interface Identity {
  name: string;
  email: string;
}

const ownInputs = {
  repository: z
    .string()
    .trim()
    .refine((v) => v === '' || repositoryNameProblem(v) === undefined, {
      error: (issue) => `must be owner/name: ${repositoryNameProblem(String(issue.input))}`,
    })
    .optional(),
  branch: refInput('branch'),
  base: refInput('branch'),
  message: z.string({ error: 'is required' }).refine((m) => m.trim() !== '', { message: 'is required' }),
  paths: pathSpecsInput('paths', ['.']),
  'working-directory': optionalText,
  'delete-paths': pathSpecsInput('delete-paths', []),
  'delete-missing': booleanInput(false),
  'exclude-workflows': booleanInput(false),
  force: booleanInput(false),
  'allow-empty': booleanInput(false),
  'co-authors': multilineInput([]).refine((list) => list.every((a) => CO_AUTHOR.test(a)), {
    message: 'must list co-authors as "Name <email>", one per line',
  }),
  tag: refInput('tag'),
  'tag-message': optionalText,
  'pull-request-title': optionalText,
  'pull-request-body': optionalText,
  'pull-request-base': refInput('branch'),
  'pull-request-draft': booleanInput(false),
  'pull-request-labels': multilineInput([]).refine((list) => list.every((l) => labelNameProblem(l) === undefined), {
    error: (issue) =>
      `lists an unusable label: ${(issue.input as string[]).map(labelNameProblem).find(Boolean) ?? 'invalid'}`,
  }),
  'pull-request-assignees': accountList,
  'pull-request-reviewers': accountList,
  'pull-request-team-reviewers': multilineInput([]).refine((list) => list.every((t) => /^[A-Za-z0-9_.-]+$/.test(t)), {
    message: 'must list team slugs (letters, digits, ".", "_", "-"), one per line',
  }),
  'pull-request-milestone': intInput({ min: 1 }).optional(),
  'delete-branch-when-unchanged': booleanInput(false),
  'on-unknown-base': enumInput(['fail', 'overwrite'], 'fail'),
  'force-branch': booleanInput(false),
  'branch-suffix': enumInput(['timestamp', 'random', 'short-commit-hash']).optional(),
  author: identityInput,
  committer: identityInput,
  signoff: booleanInput(false),
  'pull-request-maintainer-can-modify': booleanInput(true),
  'workflow-token': optionalText,
  'allow-unmatched-paths': booleanInput(false),
};

// The peers' names (peer-names.ts) are declared too, and resolved into ours before they are parsed.
export const inputSchema = actionInputsWithPeers(ownInputs, commitFilesPeers());

export type Inputs = z.output<typeof inputSchema>;

export interface PullRequestOptions {
  title: string;
  /** Undefined: an existing body is left alone. */
  body?: string;
  /** Explicit `pull-request-base`; else the commit's base, else the repository's default branch. */
  base?: string;
  draft: boolean;
  labels: string[];
  assignees: string[];
  reviewers: string[];
  teamReviewers: string[];
  milestone?: number;
  /** Lets maintainers of the base repository push to the head branch (GitHub's `maintainer_can_modify`). */
  maintainerCanModify: boolean;
}

export interface CommitInputs {
  owner: string;
  repo: string;
  branch: string;
  /** Given explicitly; otherwise the default branch, read when needed. */
  base?: string;
  message: string;
  paths: PathSpec[];
  deletePaths: PathSpec[];
  /** Resolved with realpath; inside the workspace and outside `.git`. */
  workingDirectory: string;
  deleteMissing: boolean;
  excludeWorkflows: boolean;
  force: boolean;
  allowEmpty: boolean;
  coAuthors: string[];
  tag?: { name: string; message?: string };
  pullRequest?: PullRequestOptions;
  deleteBranchWhenUnchanged: boolean;
  /** When the commit the workspace was checked out at cannot be known: refuse, or commit the workspace as it is. */
  onUnknownBase: 'fail' | 'overwrite';
  allowUnmatchedPaths: boolean;
  /** With a pull request, the work branch is rebuilt even when it carries a commit this action did not make. */
  forceBranch: boolean;
  branchSuffix?: 'timestamp' | 'random' | 'short-commit-hash';
  author?: Identity;
  committer?: Identity;
  signoff: boolean;
  /** The workflow's own token (`github.token`), to recognise it whatever its rate limit. */
  workflowToken?: string;
}

export class ConfigResolutionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigResolutionError';
  }
}

/** The branch the workflow runs on: the head branch of a pull request, the triggering run's branch for `workflow_run`. */
export function defaultBranchFromEvent(context: EventContext): string | undefined {
  if (context.pullRequest) {
    if (
      context.pullRequest.headRepo &&
      context.pullRequest.headRepo.toLowerCase() !== context.repository.toLowerCase()
    ) {
      throw new ConfigResolutionError(
        `The pull request's head branch "${context.pullRequest.headRef}" lives in the fork ${context.pullRequest.headRepo}, not in ${context.repository}: set the "branch" input.`,
      );
    }
    return context.pullRequest.headRef;
  }
  if (context.workflowRun) {
    const run = context.workflowRun;
    if (run.headRepo && run.headBranch && run.headRepo.toLowerCase() !== context.repository.toLowerCase()) {
      throw new ConfigResolutionError(
        `The triggering run's branch "${run.headBranch}" lives in the fork ${run.headRepo}, not in ${context.repository}: set the "branch" input.`,
      );
    }
    return run.headBranch && !context.tag ? run.headBranch : undefined;
  }
  return context.branch;
}

const logins = (list: string[]) => list.map((l) => l.replace(/^@/, ''));

/** Resolves the inputs against the event (pure; the working directory is checked by `checkWorkingDirectory`). */
export function resolveInputs(raw: Inputs, context: EventContext, workspace: string): CommitInputs {
  const repository = raw.repository || context.repository;
  const [owner, repo] = repository.split('/');
  if (!owner || !repo)
    throw new ConfigResolutionError('Input "repository" is required when the run has no GITHUB_REPOSITORY');
  const sameRepo = repository.toLowerCase() === context.repository.toLowerCase();
  const branch = raw.branch ?? (sameRepo ? defaultBranchFromEvent(context) : undefined);
  if (!branch) {
    throw new ConfigResolutionError(
      sameRepo
        ? `Input "branch" is required: the ${context.eventName || 'current'} event names no branch (ref "${context.ref}")`
        : 'Input "branch" is required when "repository" names another repository',
    );
  }
  const dir = raw.workingDirectory;
  const workingDirectory = dir ? resolve(workspace, dir) : resolve(workspace);
  const base = raw.base ?? (sameRepo ? context.defaultBranch : undefined);
  const title = raw.pullRequestTitle?.trim();
  const prOnly: [string, unknown][] = [
    ['pull-request-body', raw.pullRequestBody],
    ['pull-request-base', raw.pullRequestBase],
    ['pull-request-labels', raw.pullRequestLabels],
    ['pull-request-assignees', raw.pullRequestAssignees],
    ['pull-request-reviewers', raw.pullRequestReviewers],
    ['pull-request-team-reviewers', raw.pullRequestTeamReviewers],
    ['pull-request-milestone', raw.pullRequestMilestone],
  ];
  if (!title) {
    const given = prOnly.find(([, v]) => (Array.isArray(v) ? v.length > 0 : v !== undefined))?.[0];
    if (given) throw new ConfigResolutionError(`Input "${given}" needs "pull-request-title"`);
    if (raw.pullRequestDraft) throw new ConfigResolutionError('Input "pull-request-draft" needs "pull-request-title"');
  }
  const prBase = raw.pullRequestBase ?? base;
  if (title && prBase === branch)
    throw new ConfigResolutionError(`A pull request needs two branches: "branch" and its base are both "${branch}"`);
  if (raw.tagMessage && !raw.tag) throw new ConfigResolutionError('Input "tag-message" needs "tag"');
  return {
    owner,
    repo,
    branch,
    ...(base ? { base } : {}),
    message: raw.message,
    paths: raw.paths,
    deletePaths: raw.deletePaths,
    workingDirectory,
    deleteMissing: raw.deleteMissing,
    excludeWorkflows: raw.excludeWorkflows,
    force: raw.force,
    allowEmpty: raw.allowEmpty,
    coAuthors: raw.coAuthors,
    ...(raw.tag ? { tag: { name: raw.tag, ...(raw.tagMessage ? { message: raw.tagMessage } : {}) } } : {}),
    ...(title
      ? {
          pullRequest: {
            title,
            ...(raw.pullRequestBody !== undefined ? { body: raw.pullRequestBody } : {}),
            ...(raw.pullRequestBase ? { base: raw.pullRequestBase } : {}),
            draft: raw.pullRequestDraft,
            labels: raw.pullRequestLabels,
            assignees: logins(raw.pullRequestAssignees),
            reviewers: logins(raw.pullRequestReviewers),
            teamReviewers: raw.pullRequestTeamReviewers,
            ...(raw.pullRequestMilestone !== undefined ? { milestone: raw.pullRequestMilestone } : {}),
            maintainerCanModify: raw.pullRequestMaintainerCanModify,
          },
        }
      : {}),
    deleteBranchWhenUnchanged: raw.deleteBranchWhenUnchanged,
    onUnknownBase: raw.onUnknownBase,
    allowUnmatchedPaths: raw.allowUnmatchedPaths,
    forceBranch: raw.forceBranch,
    ...(raw.branchSuffix ? { branchSuffix: raw.branchSuffix } : {}),
    ...(raw.author ? { author: raw.author } : {}),
    ...(raw.committer ? { committer: raw.committer } : {}),
    signoff: raw.signoff,
    ...(raw.workflowToken ? { workflowToken: raw.workflowToken } : {}),
  };
}

/** Reads and resolves the inputs. */
export function readCommitInputs(readInput: InputReader, context: EventContext, workspace: string): CommitInputs {
  const read = peerReader(inputSchema, commitFilesPeers(), readInput);
  return resolveInputs(getInputs(inputSchema, read), context, workspace);
}

function refuse(message: string): InputError {
  return new InputError([{ input: 'working-directory', message: `Input "working-directory": ${message}` }]);
}

/** Inside the workspace, the workspace itself included (kernel/workspace-paths.ts, the one rule). */
const inside = (root: string, path: string) => insideOf(root, path) !== undefined;

/**
 * The working directory, resolved with realpath: it must be a folder inside the workspace (no `..`, no absolute
 * path elsewhere, no symlink out) and outside any `.git` folder. Returns the real path.
 */
export async function checkWorkingDirectory(dir: string, workspace: string): Promise<string> {
  const root = await realWorkspace(workspace);
  if (!inside(resolve(workspace), dir) && !inside(root, dir))
    throw refuse(`${dir} is outside the workspace (${workspace}); nothing was sent`);
  const real = await realpath(dir).catch(() => undefined);
  const info = real ? await stat(real).catch(() => undefined) : undefined;
  if (!real || !info?.isDirectory()) throw refuse(`${dir} is not a directory`);
  if (!inside(root, real)) throw refuse(`${dir} leads outside the workspace (to ${real}); nothing was sent`);
  if (underGit(relative(root, real))) throw refuse(`${dir} is inside a .git folder; nothing was sent`);
  return real;
}
