// The plan as operations (for the log table and the job summary) and the run's outputs.
import type { Cost } from '../../github/client/types';
import type { Operation } from '../../kernel/plan';
import type { ChangeSet, FileChange } from './plan';

const FREE: Cost = { requests: 0, writes: 0 };
const ONE_WRITE: Cost = { requests: 1, writes: 1 };

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function detail(change: FileChange): string {
  if (change.kind === 'delete') return 'deleted';
  if (change.kind === 'mode') return `mode ${change.previous?.mode} → ${change.mode}`;
  const how = change.source === 'inline' ? 'inline text' : change.source === 'upload' ? 'blob upload' : 'existing blob';
  const mode =
    change.previous && change.previous.mode !== change.mode ? `, mode ${change.previous.mode} → ${change.mode}` : '';
  return `${how}, ${size(change.local?.size ?? 0)}${change.mode === '120000' ? ', symlink' : ''}${mode}`;
}

export interface PlanContext {
  branch: string;
  create: boolean;
  base?: string;
  allowEmpty: boolean;
  /** A pull request's work branch, rebuilt on the head of `on`; `checks`: it exists and is read once more first. */
  rebuild?: { on: string; checks: boolean };
}

/** One operation per changed file (a blob upload costs one write), then the trees, the commit and the ref. */
export function planOperations(set: ChangeSet, ctx: PlanContext): Operation<FileChange | null>[] {
  const uploaded = new Set<string>();
  const ops: Operation<FileChange | null>[] = set.changes.map((change) => {
    const upload = change.source === 'upload' && change.sha !== null && !uploaded.has(change.sha);
    if (upload) uploaded.add(change.sha!);
    return {
      kind: change.kind,
      target: 'file',
      subject: change.path,
      detail: detail(change),
      cost: upload ? ONE_WRITE : FREE,
      payload: change,
    };
  });
  if (set.changes.length === 0 && !ctx.allowEmpty) return ops;
  set.batches.forEach((batch, i) =>
    ops.push({
      kind: 'create',
      target: 'tree',
      subject: `${i + 1} of ${set.batches.length}`,
      detail: `${batch.length} entries`,
      cost: ONE_WRITE,
      payload: null,
    }),
  );
  ops.push({ kind: 'create', target: 'commit', subject: ctx.branch, cost: ONE_WRITE, payload: null });
  ops.push(
    ctx.rebuild
      ? {
          kind: ctx.create ? 'create' : 'update',
          target: 'branch',
          subject: ctx.branch,
          detail: `one commit on ${ctx.rebuild.on}${ctx.create ? '' : ', moved after a last read of its head'}`,
          cost: ctx.rebuild.checks ? { requests: 2, writes: 1 } : ONE_WRITE,
          payload: null,
        }
      : ctx.create
        ? {
            kind: 'create',
            target: 'branch',
            subject: ctx.branch,
            detail: `from ${ctx.base}`,
            cost: ONE_WRITE,
            payload: null,
          }
        : {
            kind: 'update',
            target: 'branch',
            subject: ctx.branch,
            detail: 'fast-forward',
            cost: ONE_WRITE,
            payload: null,
          },
  );
  return ops;
}

export interface ExtrasContext {
  branch: string;
  /** The pull request's base (known or to be read). */
  pullRequestBase?: string;
  /** A pull request is wanted; `extras` prices its labels, assignees, milestone and reviewers. */
  pullRequest?: { title: string; extras: Cost; readsDefaultBranch: boolean; with?: string[] };
  /** A tag is wanted on the commit; `annotated` adds the tag object. */
  tag?: { name: string; annotated: boolean };
}

/** The steps after the commit: the tag, then the pull request (each at its most). */
export function planExtras(ctx: ExtrasContext): Operation<null>[] {
  const ops: Operation<null>[] = [];
  if (ctx.tag) {
    ops.push({
      kind: 'create',
      target: 'tag',
      subject: ctx.tag.name,
      detail: ctx.tag.annotated ? 'annotated (tag object + ref)' : 'lightweight',
      cost: ctx.tag.annotated ? { requests: 2, writes: 2 } : ONE_WRITE,
      payload: null,
    });
  }
  if (ctx.pullRequest) {
    const { extras, readsDefaultBranch } = ctx.pullRequest;
    ops.push({
      kind: 'create',
      target: 'pull request',
      subject: `${ctx.branch} → ${ctx.pullRequestBase ?? 'default branch'}`,
      detail: `open or update "${ctx.pullRequest.title}"${ctx.pullRequest.with?.length ? `, with ${ctx.pullRequest.with.join('/')}` : ''}`,
      cost: {
        requests: 2 + (readsDefaultBranch ? 1 : 0) + extras.requests,
        writes: 1 + extras.writes,
      },
      payload: null,
    });
  }
  return ops;
}

/** `delete-branch-when-unchanged`: the work branch equals its base, so its pull request is closed and it is deleted. */
export function planCleanup(branch: string, base: string, withPullRequest: boolean): Operation<null>[] {
  return [
    ...(withPullRequest
      ? [
          {
            kind: 'delete' as const,
            target: 'pull request',
            subject: `${branch} → ${base}`,
            detail: 'close the open one, if any',
            cost: { requests: 2, writes: 1 },
            payload: null,
          },
        ]
      : []),
    {
      kind: 'delete' as const,
      target: 'branch',
      subject: branch,
      detail: `no difference from ${base}`,
      cost: ONE_WRITE,
      payload: null,
    },
  ];
}
