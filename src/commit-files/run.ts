// The commit-files run, the only sequencer: inputs → local scan → branch head and tree (two reads) → pure plan →
// budget check → blobs, trees, commit, fast-forward → tag → pull request → outputs and summary.
// With `delete-branch-when-unchanged`, a work branch whose content equals its base is closed and deleted instead.
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../core/inputs';
import { formatCost, formatPlan, planCost, type Operation } from '../core/plan';
import type { ActionContext } from '../core/run';
import { addDetails, addHeading } from '../core/summary';
import { plural } from '../core/words';
import { writeCommit, type CommitResult } from './apply';
import { GitApi, isActionsPullRequestRefusal, isWorkflowRefusal, type CreatedCommit } from './git-api';
import { checkWorkingDirectory, readCommitInputs, type CommitInputs } from './inputs';
import { GITHUB_COMMIT_LIMITS, type CommitLimits } from './limits';
import { scanWorkingDirectory, type ScanResult } from './local';
import { deletedInCheckout } from './local-git';
import { commitMessage } from './message';
import { planCleanup, planExtras, planOperations } from './operations';
import { parsePathSpec, PathSelection } from './path-spec';
import { planChanges, type ChangeSet } from './plan';
import { closePullRequest, extrasCost, isNoCommitsBetween, upsertPullRequest } from './pull-request';
import { readRemoteTree } from './remote-tree';
import {
  initialOutputs,
  inlineCode,
  recordCommit,
  recordPullRequest,
  summarizeCommit,
  summarizeLine,
  summarizePullRequest,
  writeOutputs,
} from './report';
import { createTag, checkTag, type TagState } from './tag';
import { checkLocalBase, describeBase, settleBase } from './change-base';
import { readCheckoutBase } from './checkout-base';
import { conflictRefusal, unmatchedPathsRefusal } from './refusals';
import { isWorkflowPath, workflowTokenProblem } from './workflows';

function logScan(scan: ScanResult, dir: string, log: ActionContext['log']): void {
  for (const spec of scan.unmatched) log.warning(`paths: "${spec}" matches no file in ${dir}`);
  for (const path of scan.skipped) log.warning(`${path} is neither a file nor a symbolic link: skipped`);
  for (const path of scan.nested) log.info(`${path} holds its own .git (a submodule or nested clone): left alone`);
  if (scan.ignored.length) {
    const shown = scan.ignored.slice(0, 10).join(', ');
    log.info(
      `${plural(scan.ignored.length, 'path')} ignored by .gitignore (name them in "paths" to commit them): ${shown}${scan.ignored.length > 10 ? ', …' : ''}`,
    );
  }
  log.info(`${plural(scan.files.length, 'local file')} selected in ${dir}`);
}

/** The unmatched `paths` entries that are not an existing (empty) local folder. */
async function absentEntries(unmatched: string[], selection: PathSelection, root: string): Promise<string[]> {
  const out: string[] = [];
  for (const text of unmatched) {
    const spec = selection.include.find((s) => s.text === text);
    const folder =
      spec?.kind === 'path'
        ? await lstat(join(root, spec.path)).then(
            (s) => s.isDirectory(),
            () => false,
          )
        : false;
    if (!folder) out.push(text);
  }
  return out;
}

/** The selections, with `.github/workflows` left out when `exclude-workflows` asks. */
function selections(config: CommitInputs) {
  const workflows = config.excludeWorkflows ? [parsePathSpec('paths', '!.github/workflows')] : [];
  return {
    selection: new PathSelection([...config.paths, ...workflows]),
    deletes: new PathSelection([...config.deletePaths, ...workflows]),
  };
}

export async function run(ctx: ActionContext, limits: CommitLimits = GITHUB_COMMIT_LIMITS): Promise<void> {
  const { client, inputs, context, log } = ctx;
  const config = readCommitInputs(ctx.readInput, context, ctx.workspace);
  const { selection, deletes } = selections(config);

  // Everything local is checked before the first request.
  const workingDirectory = await checkWorkingDirectory(config.workingDirectory, ctx.workspace);
  const scan = await scanWorkingDirectory(workingDirectory, selection, {
    textCheckMax: limits.inlineMaxBytes,
    blobMaxBytes: limits.blobMaxBytes,
    input: 'paths',
  });
  const absent = await absentEntries(scan.unmatched, selection, workingDirectory);
  if (absent.length && !config.allowUnmatchedPaths)
    throw new InputError([{ input: 'paths', message: unmatchedPathsRefusal(absent) }]);
  if (absent.length && config.deleteMissing) {
    // With delete-missing, an entry that matches nothing locally (a failed build, a typo) would delete everything
    // it selects on the branch. A folder that exists and is empty is a deliberate state and is allowed.
    throw new InputError(
      absent.map((spec) => ({
        input: 'paths',
        message: `Input "paths": "${spec}" matches no local file, and with delete-missing it would delete everything it selects on the branch; nothing was sent`,
      })),
    );
  }
  logScan(scan, workingDirectory, log);
  const deletedLocally = new Set(await deletedInCheckout(workingDirectory));
  const deletedSelected = [...deletedLocally].filter((p) => selection.selects(p));
  if (deletedSelected.length)
    log.info(
      `${plural(deletedSelected.length, 'file')} tracked by the local checkout deleted (selected by "paths"): deleted on the branch`,
    );
  const localBase = await readCheckoutBase(workingDirectory, context.runSha);
  checkLocalBase(localBase, config.onUnknownBase);

  const api = new GitApi(client, config.owner, config.repo, ctx.serverUrl);
  let base = config.base;
  let parent = await api.readBranch(config.branch);
  const create = parent === undefined;
  if (create) {
    base ??= await api.defaultBranch();
    parent = await api.readBranch(base);
    if (!parent) {
      throw new Error(
        `The branch "${config.branch}" does not exist in ${config.owner}/${config.repo}, and neither does its base "${base}" to create it from: ` +
          'check the "branch" and "base" inputs (when the base is the default branch, the repository may have no commit yet). Nothing was written.',
      );
    }
    const nesting = await api.nestingBranches(config.branch);
    if (nesting.length)
      throw new Error(
        `The branch "${config.branch}" cannot be created: git cannot hold both ${nesting.map((n) => `"${n}"`).join(', ')} and "${config.branch}" ` +
          '(a branch name cannot be a folder of another). Choose another "branch" name. Nothing was written.',
      );
    log.info(`${config.branch} does not exist: it will be created from ${base} (${parent.slice(0, 7)})`);
  }
  const head = parent!;
  const changeBase = await settleBase(api, localBase, head, create ? base! : config.branch, config.onUnknownBase);
  const baseLine = describeBase(changeBase, create ? base! : config.branch, head);
  log.info(baseLine);
  const mayContain = (dir: string) => selection.mayContain(dir) || deletes.mayContain(dir);
  const remote = await readRemoteTree(api, head, mayContain);
  if (remote.walkedFolders)
    log.info(`GitHub truncated the recursive tree: read ${plural(remote.walkedFolders, 'folder')} one by one`);
  // The tree read by commit id answers with the commit's tree; should a server echo the commit id instead, ask for it.
  const parentTree = remote.sha === head ? await api.commitTree(head) : remote.sha;

  for (const spec of deletes.include) {
    const one = new PathSelection([spec, ...deletes.exclude]);
    if (![...remote.files.keys()].some((path) => one.selects(path)))
      log.info(`delete-paths: "${spec.text}" matches nothing on ${config.branch}: nothing to delete`);
  }
  const planFor = (files: typeof remote.files): ChangeSet =>
    planChanges({
      local: scan.files,
      remote: files,
      selection,
      deleteMissing: config.deleteMissing,
      deletes,
      leftAlone: [...scan.nested, ...scan.ignored],
      deletedLocally,
      limits,
      ...(changeBase.mode === 'three-way' ? { base: changeBase.files } : {}),
    });
  const set = planFor(remote.files);
  if (set.conflicts.length)
    throw new Error(
      conflictRefusal(set.conflicts, changeBase.mode === 'three-way' ? changeBase.sha : head, config.branch, head),
    );
  if (set.kept.length)
    log.info(
      `${plural(set.kept.length, 'file')} changed on ${config.branch} since the checkout and not in the workspace: kept as the branch has ${set.kept.length === 1 ? 'it' : 'them'} (${set.kept.slice(0, 10).join(', ')}${set.kept.length > 10 ? ', …' : ''})`,
    );

  // A work branch whose content equals its base: nothing to keep (read only when asked, and only for a branch that exists).
  if (config.deleteBranchWhenUnchanged && !create) {
    base ??= await api.defaultBranch();
    if (base !== config.branch) {
      const baseHead = await api.readBranch(base);
      const baseFiles = baseHead ? (await readRemoteTree(api, baseHead, mayContain)).files : undefined;
      if (baseFiles && planFor(baseFiles).changes.length === 0 && !config.allowEmpty)
        return cleanUp(ctx, api, config, base, set);
    }
  }

  const workflowChanges = set.changes.filter((c) => isWorkflowPath(c.path)).map((c) => c.path);
  const tokenProblem = workflowTokenProblem(inputs.token, client.budget.state(), workflowChanges);
  if (tokenProblem) throw new Error(tokenProblem);

  const commitNeeded = set.changes.length > 0 || config.allowEmpty;
  const tagState: TagState | undefined = config.tag
    ? await checkTag(api, config.tag.name, head, commitNeeded)
    : undefined;
  const prBase = config.pullRequest?.base ?? base;
  const ops: Operation<unknown>[] = [
    ...planOperations(set, { branch: config.branch, create, base, allowEmpty: config.allowEmpty }),
    ...planExtras({
      branch: config.branch,
      ...(prBase ? { pullRequestBase: prBase } : {}),
      ...(config.tag && tagState === 'missing'
        ? { tag: { name: config.tag.name, annotated: config.tag.message !== undefined } }
        : {}),
      ...(config.pullRequest
        ? {
            pullRequest: {
              title: config.pullRequest.title,
              extras: extrasCost(config.pullRequest),
              readsDefaultBranch: prBase === undefined,
            },
          }
        : {}),
    }),
  ];
  const cost = planCost(ops);
  log.info(formatPlan(ops));
  log.info(
    `${set.counts.added} added, ${set.counts.updated} updated, ${set.counts.deleted} deleted; ` +
      `${plural(set.uploads.length, 'blob upload')}, ${plural(set.batches.length, 'tree request')}`,
  );
  addHeading(`Commit to ${inlineCode(`${config.owner}/${config.repo}@${config.branch}`)}`, 3);
  summarizeLine(baseLine);
  if (ops.length)
    addDetails(`Plan: ${plural(ops.length, 'operation')}, ${formatCost(cost)}`, formatPlan(ops, { markdown: true }));

  const outputs = initialOutputs(set);
  if (inputs.dryRun) {
    const affordable = client.budget.canAfford(cost);
    log.info(`The plan needs at most ${formatCost(cost)}${affordable ? '' : ', more than the budget has left'}.`);
    summarizeLine(
      `Dry run: nothing written. ${commitNeeded ? 'A commit would be made.' : 'Nothing differs: no commit would be made.'}`,
    );
    writeOutputs(outputs);
    return;
  }
  if (cost.requests > 0) await client.budget.ensure(cost, `the commit to ${config.branch}`);

  let result: CommitResult | undefined;
  if (commitNeeded) {
    try {
      result = await writeCommit(api, {
        branch: config.branch,
        parent: head,
        parentTree,
        create,
        remote: remote.files,
        changeSet: set,
        message: commitMessage(config.message, config.coAuthors),
        force: config.force,
        limits,
        log,
      });
    } catch (err) {
      if (isWorkflowRefusal(err))
        throw new Error(
          `GitHub refused to move ${config.branch}: the commit changes workflow files (${workflowChanges.join(', ') || '.github/workflows/…'}) ` +
            'and the token lacks the `workflows` permission. Use a GitHub App token or a fine-grained token with "Workflows: write", ' +
            'or set `exclude-workflows: true` to leave those files out. The uploaded objects are unreferenced; nothing else changed.',
        );
      throw err;
    }
  }
  const commit: CreatedCommit | null | undefined = result?.commit;
  if (result && commit) {
    recordCommit(outputs, commit);
    const replayed = result.replays ? ` after ${plural(result.replays, 'replay')} on a moved branch` : '';
    log.info(
      `Committed ${commit.sha} to ${config.branch}${replayed} (${commit.verified ? 'verified' : 'not verified'}): ${commit.url}`,
    );
    summarizeCommit(config.branch, commit, set, replayed);
  } else if (result) {
    Object.assign(outputs, { 'files-added': 0, 'files-updated': 0, 'files-deleted': 0 });
    summarizeLine(`${inlineCode(config.branch)} moved meanwhile to a commit that already has every change: no commit.`);
  } else {
    log.info(`Nothing differs on ${config.branch}: no commit.${create ? ' The branch was not created.' : ''}`);
    summarizeLine(`Nothing differs on ${inlineCode(config.branch)}: no commit.`);
  }
  // The commit's outputs stand even if a later step fails.
  writeOutputs(outputs);

  const tip = commit?.sha ?? result?.parent ?? (create ? undefined : head);
  if (config.tag && tip) {
    const tag = await createTag(api, config.tag, tip, tagState ?? 'missing', log);
    outputs.tag = config.tag.name;
    summarizeLine(`Tag ${inlineCode(config.tag.name)} ${tag} at ${tip.slice(0, 7)}.`);
  }

  if (config.pullRequest) {
    if (create && !result) {
      log.warning(`No pull request: ${config.branch} does not exist and nothing was committed to create it.`);
    } else {
      const prTarget = prBase ?? (await api.defaultBranch());
      const pr = await upsertPullRequest(client, {
        owner: config.owner,
        repo: config.repo,
        branch: config.branch,
        ...config.pullRequest,
        base: prTarget,
      }).catch((err: unknown) => {
        if (isNoCommitsBetween(err)) {
          log.warning(
            `No pull request: ${config.branch} has no commit that ${prTarget} lacks (its changes were merged already).`,
          );
          return undefined;
        }
        if (isActionsPullRequestRefusal(err))
          throw new Error(
            `The branch ${config.branch} was pushed, but GitHub refused to open the pull request: the repository (or its organisation) ` +
              'does not allow GitHub Actions to create pull requests. Turn on Settings → Actions → General → Workflow permissions → ' +
              '"Allow GitHub Actions to create and approve pull requests", or use a GitHub App token. A re-run opens it.',
          );
        throw err;
      });
      if (pr) {
        recordPullRequest(outputs, pr);
        log.info(`Pull request #${pr.number} ${pr.operation === 'none' ? 'unchanged' : pr.operation}: ${pr.url}`);
        summarizePullRequest(pr, config.branch, prTarget);
      }
    }
  }
  writeOutputs(outputs);
}

/** The work branch equals its base: close its pull request, then delete it (a re-run finds nothing to do). */
async function cleanUp(ctx: ActionContext, api: GitApi, config: CommitInputs, base: string, set: ChangeSet) {
  const { client, inputs, log } = ctx;
  const prBase = config.pullRequest?.base ?? base;
  const ops = planCleanup(config.branch, prBase, config.pullRequest !== undefined);
  const cost = planCost(ops);
  log.info(`${config.branch} has no difference from ${base}: delete-branch-when-unchanged closes and deletes it.`);
  log.info(formatPlan(ops));
  addHeading(`Commit to ${inlineCode(`${config.owner}/${config.repo}@${config.branch}`)}`, 3);
  addDetails(`Plan: ${plural(ops.length, 'operation')}, ${formatCost(cost)}`, formatPlan(ops, { markdown: true }));
  const outputs = { ...initialOutputs(set), 'files-added': 0, 'files-updated': 0, 'files-deleted': 0 };
  if (inputs.dryRun) {
    summarizeLine(`${inlineCode(config.branch)} equals ${inlineCode(base)}: it would be closed and deleted.`);
    writeOutputs(outputs);
    return;
  }
  await client.budget.ensure(cost, `the clean-up of ${config.branch}`);
  if (config.pullRequest) {
    const closed = await closePullRequest(client, {
      owner: config.owner,
      repo: config.repo,
      branch: config.branch,
      base: prBase,
    });
    if (closed) {
      recordPullRequest(outputs, closed);
      log.info(`Closed pull request #${closed.number}: ${closed.url}`);
    }
  }
  await api.deleteBranch(config.branch);
  log.info(`Deleted ${config.branch}: its content equals ${base}.`);
  summarizeLine(`${inlineCode(config.branch)} equals ${inlineCode(base)}: closed and deleted.`);
  writeOutputs(outputs);
}
