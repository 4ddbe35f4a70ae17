// The event that started the run, resolved into the few fields the actions use.
// The payload (GITHUB_EVENT_PATH) is parsed with zod; every part is optional and loose, so an unknown
// or malformed field is ignored rather than crashing the action.
import { valueText } from './words';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export interface PullRequestRef {
  number: number;
  headRef: string;
  headSha: string;
  baseRef: string;
}

export interface PullRequestInfo extends PullRequestRef {
  /** `owner/name` of the repository the head branch lives in (a fork for cross-repository PRs); null when deleted. */
  headRepo: string | null;
}

export interface WorkflowRunInfo {
  id: number;
  name: string;
  conclusion: string | null;
  /** The event that triggered the run (push, pull_request, release, ...). */
  event: string;
  /** As GitHub sends it: a branch name, or a tag name for a tag-triggered run; null when unknown. */
  headBranch: string | null;
  headSha: string;
  /** `owner/name` of the repository the head commit lives in. */
  headRepo: string | null;
  pullRequests: PullRequestRef[];
}

export interface EventContext {
  eventName: string;
  /** The payload's `action` (opened, created, completed, ...). */
  action?: string;
  owner: string;
  repo: string;
  /** `owner/name`. */
  repository: string;
  /**
   * The ref the event is about: the pushed ref; for a pull request `refs/heads/<head branch>` (`refs/pull/N/head`
   * when the head is in a fork); for workflow_run the triggering run's branch or tag ('' when its head is in a
   * fork or unknown). `runRef` is the raw GITHUB_REF.
   */
  ref: string;
  /** The commit the event is about (pull request head, triggering run's head); `runSha` is the raw GITHUB_SHA. */
  sha: string;
  /** A branch of this repository (never a fork's branch: see `pullRequest.headRef`, `workflowRun.headBranch`). */
  branch?: string;
  tag?: string;
  runRef: string;
  runSha: string;
  defaultBranch?: string;
  /** The issue or pull request number the event concerns. */
  number?: number;
  pullRequest?: PullRequestInfo;
  issue?: { number: number; isPullRequest: boolean };
  comment?: { id: number; body: string; user: string };
  workflowRun?: WorkflowRunInfo;
  /** workflow_dispatch inputs, as strings. */
  inputs: Record<string, string>;
  actor: string;
  payload: Record<string, unknown>;
}

// ---- payload schemas: only the fields used, all loose; a malformed part becomes undefined ----

const optionalString = z.string().nullish().catch(undefined);
const Login = z.looseObject({ login: optionalString }).nullish().catch(undefined);
const RepoRef = z
  .looseObject({ full_name: optionalString, name: optionalString, owner: Login })
  .nullish()
  .catch(undefined);

const Repository = z.looseObject({
  full_name: optionalString,
  name: optionalString,
  owner: Login,
  default_branch: optionalString,
});

const BranchRef = z.looseObject({ ref: z.string(), sha: z.string(), repo: RepoRef });

const PullRequest = z.looseObject({ number: z.number(), head: BranchRef, base: BranchRef });

const WorkflowRunPullRequest = z.looseObject({
  number: z.number(),
  head: z.looseObject({ ref: z.string(), sha: z.string() }),
  base: z.looseObject({ ref: z.string() }),
});

const WorkflowRun = z.looseObject({
  id: z.number(),
  name: optionalString,
  conclusion: optionalString,
  event: z.string(),
  head_branch: optionalString,
  head_sha: z.string(),
  head_repository: RepoRef,
  repository: RepoRef,
  pull_requests: z.array(z.unknown()).nullish().catch(undefined),
});

const Issue = z.looseObject({ number: z.number(), pull_request: z.unknown().optional() });

const Comment = z.looseObject({ id: z.number(), body: optionalString, user: Login });

const Payload = z.looseObject({
  action: optionalString,
  ref: optionalString,
  after: optionalString,
  repository: Repository.nullish().catch(undefined),
  pull_request: PullRequest.nullish().catch(undefined),
  issue: Issue.nullish().catch(undefined),
  comment: Comment.nullish().catch(undefined),
  workflow_run: WorkflowRun.nullish().catch(undefined),
  release: z.looseObject({ tag_name: optionalString }).nullish().catch(undefined),
  inputs: z.record(z.string(), z.unknown()).nullish().catch(undefined),
  sender: Login,
});

type ParsedPayload = z.infer<typeof Payload>;

/** The event payload as an object; `{}` when the file is unset, unreadable, or not a JSON object. */
export function readEventPayload(path: string | undefined): Record<string, unknown> {
  if (!path) return {};
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const ZERO_SHA = /^0{40}$/;

/** Branch or tag name of a full ref (`refs/heads/x` → branch x, `refs/tags/v1` → tag v1). */
export function splitRef(ref: string): { branch?: string; tag?: string } {
  if (ref.startsWith('refs/heads/')) return { branch: ref.slice('refs/heads/'.length) };
  if (ref.startsWith('refs/tags/')) return { tag: ref.slice('refs/tags/'.length) };
  return {};
}

function stringifyInputs(inputs: Record<string, unknown> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(inputs ?? {})) {
    out[key] = valueText(value);
  }
  return out;
}

function pullRequestInfo(pr: NonNullable<ParsedPayload['pull_request']>): PullRequestInfo {
  return {
    number: pr.number,
    headRef: pr.head.ref,
    headSha: pr.head.sha,
    baseRef: pr.base.ref,
    headRepo: pr.head.repo?.full_name ?? null,
  };
}

function workflowRunInfo(run: NonNullable<ParsedPayload['workflow_run']>): WorkflowRunInfo {
  const pullRequests: PullRequestRef[] = [];
  for (const item of run.pull_requests ?? []) {
    const parsed = WorkflowRunPullRequest.safeParse(item);
    if (parsed.success) {
      const { number, head, base } = parsed.data;
      pullRequests.push({ number, headRef: head.ref, headSha: head.sha, baseRef: base.ref });
    }
  }
  return {
    id: run.id,
    name: run.name ?? '',
    conclusion: run.conclusion ?? null,
    event: run.event,
    headBranch: run.head_branch ?? null,
    headSha: run.head_sha,
    headRepo: run.head_repository?.full_name ?? null,
    pullRequests,
  };
}

/**
 * Events whose triggering run's `head_branch` is a tag name rather than a branch. A tag push also
 * reports the tag in `head_branch` but the payload cannot tell it from a branch: see `resolveWorkflowRunRef`.
 */
const TAG_TRIGGERED_EVENTS = new Set(['release', 'create']);

interface Resolved {
  ref: string;
  sha: string;
  branch?: string;
  tag?: string;
}

function sameRepository(a: string | null | undefined, b: string): boolean {
  return Boolean(a && b && a.toLowerCase() === b.toLowerCase());
}

/**
 * The ref and commit the event is about. A head branch that lives in another repository (a fork) is never
 * reported as `branch`, since a branch of that name in this repository is a different branch.
 */
function resolveRef(eventName: string, p: ParsedPayload, repository: string, runRef: string, runSha: string): Resolved {
  if (eventName === 'workflow_run') {
    // Never the default-branch GITHUB_REF/GITHUB_SHA of the workflow_run job itself.
    const run = p.workflow_run;
    if (!run) return { ref: '', sha: '' };
    const name = run.head_branch ?? undefined;
    const headRepo = run.head_repository?.full_name;
    const runRepo = run.repository?.full_name ?? repository;
    if (!name || (headRepo && !sameRepository(headRepo, runRepo))) return { ref: '', sha: run.head_sha };
    if (TAG_TRIGGERED_EVENTS.has(run.event)) return { ref: `refs/tags/${name}`, sha: run.head_sha, tag: name };
    return { ref: `refs/heads/${name}`, sha: run.head_sha, branch: name };
  }
  if (p.pull_request) {
    const pr = p.pull_request;
    const baseRepo = pr.base.repo?.full_name ?? repository;
    if (sameRepository(pr.head.repo?.full_name, baseRepo)) {
      return { ref: `refs/heads/${pr.head.ref}`, sha: pr.head.sha, branch: pr.head.ref };
    }
    // A fork (or a deleted head repository): this repository holds the head as refs/pull/N/head.
    return { ref: `refs/pull/${pr.number}/head`, sha: pr.head.sha };
  }
  const ref = runRef || p.ref || '';
  const pushed = eventName === 'push' && p.after && !ZERO_SHA.test(p.after) ? p.after : '';
  const sha = runSha || pushed;
  const parts = splitRef(ref);
  if (!parts.tag && eventName === 'release' && p.release?.tag_name) {
    const tag = p.release.tag_name;
    return { ref: ref || `refs/tags/${tag}`, sha, tag };
  }
  return { ref, sha, ...parts };
}

/** Reads the run's event from the Actions runner environment. Never throws. */
export function readEventContext(env: NodeJS.ProcessEnv): EventContext {
  const payload = readEventPayload(env.GITHUB_EVENT_PATH);
  const parsed = Payload.safeParse(payload);
  // Every field catches its own errors, so this only fails on a non-object, which readEventPayload excludes.
  const p: ParsedPayload = parsed.success ? parsed.data : {};
  const eventName = env.GITHUB_EVENT_NAME ?? '';
  const repository = env.GITHUB_REPOSITORY || p.repository?.full_name || '';
  const slash = repository.indexOf('/');
  const owner = slash > 0 ? repository.slice(0, slash) : (p.repository?.owner?.login ?? '');
  const repo = slash > 0 ? repository.slice(slash + 1) : (p.repository?.name ?? '');
  const runRef = env.GITHUB_REF ?? '';
  const runSha = env.GITHUB_SHA ?? '';
  const resolved = resolveRef(eventName, p, owner && repo ? `${owner}/${repo}` : repository, runRef, runSha);

  const pullRequest = p.pull_request ? pullRequestInfo(p.pull_request) : undefined;
  const issue = p.issue ? { number: p.issue.number, isPullRequest: p.issue.pull_request != null } : undefined;
  const comment = p.comment
    ? { id: p.comment.id, body: p.comment.body ?? '', user: p.comment.user?.login ?? '' }
    : undefined;
  const workflowRun = p.workflow_run ? workflowRunInfo(p.workflow_run) : undefined;

  const context: EventContext = {
    eventName,
    owner,
    repo,
    repository: owner && repo ? `${owner}/${repo}` : repository,
    ref: resolved.ref,
    sha: resolved.sha,
    runRef,
    runSha,
    inputs: stringifyInputs(p.inputs),
    actor: env.GITHUB_ACTOR || p.sender?.login || '',
    payload,
  };
  if (p.action) context.action = p.action;
  if (resolved.branch !== undefined) context.branch = resolved.branch;
  if (resolved.tag !== undefined) context.tag = resolved.tag;
  if (p.repository?.default_branch) context.defaultBranch = p.repository.default_branch;
  const number = pullRequest?.number ?? issue?.number;
  if (number !== undefined) context.number = number;
  if (pullRequest) context.pullRequest = pullRequest;
  if (issue) context.issue = issue;
  if (comment) context.comment = comment;
  if (workflowRun) context.workflowRun = workflowRun;
  return context;
}
