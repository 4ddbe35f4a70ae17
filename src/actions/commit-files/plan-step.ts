// The plan step: the change set (three-way onto the head when the base is known), the refusals that need no write
// (conflicts, a foreign commit on the work branch, workflow files with the workflow token), what the run will do,
// and the operations with their cost.
import type { Operation } from '../../kernel/plan';
import type { ActionContext } from '../../kernel/action';
import { plural } from '../../kernel/words';
import type { CommitInputs } from './inputs';
import type { CommitLimits } from './domain/limits';
import { planExtras, planOperations } from './operations';
import { PathSelection } from './domain/path-spec';
import type { ChangeSet } from './plan';
import { extrasCost, extrasNamed } from './domain/pull-request';
import { conflictRefusal, foreignCommitsRefusal } from './domain/refusals';
import type { RemoteEntry } from './domain/remote-tree';
import { planLocalChanges, type RemoteState } from './remote-step';
import type { LocalState } from './scan-step';
import { foreignCommits } from './domain/work-branch';

/** commit: write a commit; close: the branch equals its base, close and delete it; none: nothing to write. */
export type Outcome = 'commit' | 'close' | 'none';

function changeSet(
  config: CommitInputs,
  local: LocalState,
  remote: RemoteState,
  files: Map<string, RemoteEntry>,
  limits: CommitLimits,
) {
  return planLocalChanges(
    config,
    local,
    files,
    limits,
    remote.changeBase.mode === 'three-way' ? remote.changeBase.files : undefined,
  );
}

function outcomeOf(
  config: CommitInputs,
  remote: RemoteState,
  set: ChangeSet,
  limits: CommitLimits,
  local: LocalState,
): Outcome {
  const empty = set.changes.length === 0 && !config.allowEmpty;
  if (remote.work) return empty ? (remote.work.head ? 'close' : 'none') : 'commit';
  if (
    remote.baseFiles &&
    !config.allowEmpty &&
    changeSet(config, local, remote, remote.baseFiles, limits).changes.length === 0
  )
    return 'close';
  return empty ? 'none' : 'commit';
}

/** The change set and what the run does with it (conflicts and foreign commits refused here, before any write). */
export function planChangeSet(
  ctx: ActionContext,
  config: CommitInputs,
  local: LocalState,
  remote: RemoteState,
  limits: CommitLimits,
): { set: ChangeSet; outcome: Outcome } {
  for (const spec of local.deletes.include) {
    const one = new PathSelection([spec, ...local.deletes.exclude]);
    if (![...remote.files.keys()].some((path) => one.selects(path)))
      ctx.log.info(`delete-paths: "${spec.text}" matches nothing on ${remote.from}: nothing to delete`);
  }
  const set = changeSet(config, local, remote, remote.files, limits);
  if (set.conflicts.length) {
    const base = remote.changeBase.mode === 'three-way' ? remote.changeBase.sha : remote.head;
    throw new Error(conflictRefusal(set.conflicts, base, remote.from, remote.head));
  }
  if (set.kept.length)
    ctx.log.info(
      `${plural(set.kept.length, 'file')} changed on ${remote.from} since the checkout, not in the workspace: kept as ${remote.from} has them (${set.kept.slice(0, 10).join(', ')}${set.kept.length > 10 ? ', …' : ''})`,
    );
  const foreign = remote.work ? foreignCommits(remote.work) : [];
  if (foreign.length && !config.forceBranch) throw new Error(foreignCommitsRefusal(config.branch, foreign));
  if (foreign.length)
    ctx.log.warning(
      `force-branch: ${config.branch} is rebuilt, dropping ${plural(foreign.length, 'commit')}: ${foreign.join(', ')}`,
    );
  return { set, outcome: outcomeOf(config, remote, set, limits, local) };
}

/** The operations of the plan, each with its cost. */
export function planOps(
  config: CommitInputs,
  remote: RemoteState,
  set: ChangeSet,
  outcome: Outcome,
  tagMissing: boolean,
): Operation<unknown>[] {
  const pr = config.pullRequest;
  const prBase = pr?.base ?? remote.base;
  const ops: Operation<unknown>[] =
    outcome === 'commit'
      ? planOperations(set, {
          branch: config.branch,
          create: remote.create,
          ...(remote.base ? { base: remote.base } : {}),
          allowEmpty: config.allowEmpty,
          ...(remote.work ? { rebuild: { on: remote.from, checks: remote.work.head !== undefined } } : {}),
        })
      : [];
  if (outcome === 'close') return ops;
  return [
    ...ops,
    ...planExtras({
      branch: config.branch,
      ...(prBase ? { pullRequestBase: prBase } : {}),
      ...(config.tag && tagMissing
        ? { tag: { name: config.tag.name, annotated: config.tag.message !== undefined } }
        : {}),
      ...(pr
        ? {
            pullRequest: {
              title: pr.title,
              extras: extrasCost(pr),
              with: extrasNamed(pr),
              readsDefaultBranch: prBase === undefined,
            },
          }
        : {}),
    }),
  ];
}
