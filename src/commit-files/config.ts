// The action's inputs (zod, keyed as in action.yml) and their resolution against the event: which repository,
// which branch, which working directory. Everything here is checked before any request.
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import type { EventContext } from '../core/context';
import { booleanInput, multilineInput } from '../core/inputs';
import { CO_AUTHOR } from './message';
import { parsePathSpec, PathSpecError, type PathSpec } from './path-spec';

/** A git branch name as `git check-ref-format --branch` would accept it (the common rules). */
export function isValidBranch(name: string): boolean {
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
  return !name.split('/').some((s) => s.startsWith('.'));
}

const optionalText = z.string().optional();
const branchInput = z
  .string()
  .trim()
  // `refs/heads/x` (as `github.ref` gives it) names the branch x; other refs are not branches.
  .transform((name) => name.replace(/^refs\/heads\//, ''))
  .refine((name) => !name.startsWith('refs/'), {
    message: 'must be a branch (refs/heads/<name> or <name>), not a tag or another ref',
  })
  .refine(isValidBranch, {
    message: 'must be a valid branch name (no spaces, "..", "~^:?*[\\", leading "-" or trailing ".lock")',
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

export const inputSchema = z.object({
  repository: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, { message: 'must be owner/name' })
    .optional(),
  branch: branchInput,
  base: branchInput,
  message: z.string({ error: 'is required' }).refine((m) => m.trim() !== '', { message: 'is required' }),
  paths: pathSpecsInput('paths', ['.']),
  'working-directory': optionalText,
  'delete-paths': pathSpecsInput('delete-paths', []),
  'delete-missing': booleanInput(false),
  force: booleanInput(false),
  'allow-empty': booleanInput(false),
  'co-authors': multilineInput([]).refine((list) => list.every((a) => CO_AUTHOR.test(a)), {
    message: 'must list co-authors as "Name <email>", one per line',
  }),
  'pull-request-title': optionalText,
  'pull-request-body': optionalText,
});

export type RawInputs = z.output<typeof inputSchema>;

export interface CommitConfig {
  owner: string;
  repo: string;
  branch: string;
  /** Given explicitly; otherwise the default branch, read when needed. */
  base?: string;
  message: string;
  paths: PathSpec[];
  deletePaths: PathSpec[];
  workingDirectory: string;
  deleteMissing: boolean;
  force: boolean;
  allowEmpty: boolean;
  coAuthors: string[];
  pullRequest?: { title: string; body?: string };
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

export function resolveConfig(
  raw: RawInputs,
  context: EventContext,
  env: NodeJS.ProcessEnv = process.env,
): CommitConfig {
  const repository = raw.repository ?? context.repository;
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
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const dir = raw['working-directory'];
  const workingDirectory = dir ? (isAbsolute(dir) ? resolve(dir) : resolve(workspace, dir)) : resolve(workspace);
  const base = raw.base ?? (sameRepo ? context.defaultBranch : undefined);
  const title = raw['pull-request-title']?.trim();
  if (!title && raw['pull-request-body'])
    throw new ConfigResolutionError('Input "pull-request-body" needs "pull-request-title"');
  if (title && base === branch)
    throw new ConfigResolutionError(`A pull request needs two branches: "branch" and "base" are both "${branch}"`);
  return {
    owner,
    repo,
    branch,
    ...(base ? { base } : {}),
    message: raw.message,
    paths: raw.paths,
    deletePaths: raw['delete-paths'],
    workingDirectory,
    deleteMissing: raw['delete-missing'],
    force: raw.force,
    allowEmpty: raw['allow-empty'],
    coAuthors: raw['co-authors'],
    ...(title
      ? {
          pullRequest: { title, ...(raw['pull-request-body'] !== undefined ? { body: raw['pull-request-body'] } : {}) },
        }
      : {}),
  };
}
