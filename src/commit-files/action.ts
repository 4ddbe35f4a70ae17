// The commit-files run: inputs → local scan → branch head and tree (two reads) → pure plan → budget check →
// blobs, trees, commit, fast-forward → pull request → outputs and summary.
import { stat } from 'node:fs/promises';
import type { Cost } from '../client/types';
import { getInputs, InputError } from '../core/inputs';
import { setOutputs } from '../core/outputs';
import { formatCost, formatPlan, planCost } from '../core/plan';
import type { ActionContext } from '../core/run';
import { addDetails, addHeading, addMarkdown } from '../core/summary';
import { writeCommit, type CommitResult } from './apply';
import { inputSchema, resolveConfig, type CommitConfig } from './config';
import { GitApi } from './git-api';
import { DEFAULT_LIMITS, type CommitLimits } from './limits';
import { scanWorkingDirectory } from './local';
import { deletedInCheckout } from './local-git';
import { commitMessage } from './message';
import { PathSelection } from './path-spec';
import { planChanges } from './plan';
import { isNoCommitsBetween, upsertPullRequest } from './pull-request';
import { readRemoteTree } from './remote-tree';
import { planOperations } from './report';

async function checkWorkingDirectory(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new InputError([
      { input: 'working-directory', message: `Input "working-directory": ${dir} is not a directory` },
    ]);
  }
}

function addCost(a: Cost, b: Cost): Cost {
  return { requests: a.requests + b.requests, writes: a.writes + b.writes };
}

export async function commitFiles(
  { client, inputs, context, log }: ActionContext,
  limits: CommitLimits = DEFAULT_LIMITS,
): Promise<void> {
  const config: CommitConfig = resolveConfig(getInputs(inputSchema), context);
  const selection = new PathSelection(config.paths);
  const deletes = new PathSelection(config.deletePaths);

  // Everything local is checked before the first request.
  await checkWorkingDirectory(config.workingDirectory);
  const scan = await scanWorkingDirectory(config.workingDirectory, selection, {
    textCheckMax: limits.inlineMaxBytes,
    blobMaxBytes: limits.blobMaxBytes,
    input: 'paths',
  });
  for (const spec of scan.unmatched) log.warning(`paths: "${spec}" matches no file in ${config.workingDirectory}`);
  for (const path of scan.skipped) log.warning(`${path} is neither a file nor a symbolic link: skipped`);
  for (const path of scan.nested) log.info(`${path} holds its own .git (a submodule or nested clone): left alone`);
  if (scan.ignored.length) {
    const shown = scan.ignored.slice(0, 10).join(', ');
    log.info(
      `${scan.ignored.length} paths ignored by .gitignore (name them in "paths" to commit them): ${shown}${scan.ignored.length > 10 ? ', …' : ''}`,
    );
  }
  log.info(`${scan.files.length} local files selected in ${config.workingDirectory}`);
  const deletedLocally = new Set(await deletedInCheckout(config.workingDirectory));
  if (deletedLocally.size)
    log.info(
      `${deletedLocally.size} files tracked by the local checkout were deleted: they are deleted on the branch when "paths" selects them`,
    );

  const api = new GitApi(client, config.owner, config.repo);
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
    log.info(`${config.branch} does not exist: it will be created from ${base} (${parent.slice(0, 7)})`);
  }
  const remote = await readRemoteTree(api, parent!, (dir) => selection.mayContain(dir) || deletes.mayContain(dir));
  if (remote.walkedFolders)
    log.info(`GitHub truncated the recursive tree: read ${remote.walkedFolders} folders one by one`);
  // The tree read by commit id answers with the commit's tree; should a server echo the commit id instead, ask for it.
  const parentTree = remote.sha === parent ? await api.commitTree(parent!) : remote.sha;

  for (const spec of deletes.include) {
    const one = new PathSelection([spec, ...deletes.exclude]);
    if (![...remote.files.keys()].some((path) => one.selects(path)))
      log.info(`delete-paths: "${spec.text}" matches nothing on ${config.branch}: nothing to delete`);
  }
  const set = planChanges({
    local: scan.files,
    remote: remote.files,
    selection,
    deleteMissing: config.deleteMissing,
    deletes,
    leftAlone: [...scan.nested, ...scan.ignored],
    deletedLocally,
    limits,
  });
  const commitNeeded = set.changes.length > 0 || config.allowEmpty;
  const ops = planOperations(set, { branch: config.branch, create, base, allowEmpty: config.allowEmpty });
  const commitCost = planCost(ops);
  const prCost: Cost = config.pullRequest ? { requests: (base ? 0 : 1) + 2, writes: 1 } : { requests: 0, writes: 0 };
  const cost = addCost(commitCost, prCost);
  log.info(formatPlan(ops));
  log.info(
    `${set.counts.added} added, ${set.counts.updated} updated, ${set.counts.deleted} deleted; ${set.uploads.length} blob uploads, ${set.batches.length} tree requests`,
  );
  addHeading(`commit-files → ${config.owner}/${config.repo}@${config.branch}`, 2);
  if (ops.length)
    addDetails(`Plan: ${ops.length} operations, ${formatCost(commitCost)}`, formatPlan(ops, { markdown: true }));

  const outputs = {
    committed: false,
    'commit-sha': '',
    'commit-url': '',
    verified: false,
    'files-added': set.counts.added,
    'files-updated': set.counts.updated,
    'files-deleted': set.counts.deleted,
    'pull-request-number': '',
    'pull-request-url': '',
  };

  if (inputs.dryRun) {
    const affordable = client.budget.canAfford(cost);
    const parts = config.pullRequest
      ? ` (the commit ${formatCost(commitCost)}, the pull request ${formatCost(prCost)})`
      : '';
    log.info(
      `Dry run: nothing written. The plan needs ${formatCost(cost)}${parts}${affordable ? '' : ', more than the budget has left'}.`,
    );
    addMarkdown(
      `Dry run: nothing written. ${commitNeeded ? 'A commit would be made.' : 'Nothing differs: no commit would be made.'}`,
    );
    setOutputs(outputs);
    return;
  }

  if (commitNeeded || config.pullRequest) await client.budget.ensure(cost, `the commit to ${config.branch}`);

  let result: CommitResult | undefined;
  if (commitNeeded) {
    result = await writeCommit(api, {
      branch: config.branch,
      parent: parent!,
      parentTree,
      create,
      remote: remote.files,
      changeSet: set,
      message: commitMessage(config.message, config.coAuthors),
      force: config.force,
      limits,
      log,
    });
  }
  const commit = result?.commit;
  if (result && commit) {
    Object.assign(outputs, {
      committed: true,
      'commit-sha': commit.sha,
      'commit-url': commit.url,
      verified: commit.verified,
    });
    const replayed = result.replays
      ? ` after ${result.replays} replay${result.replays === 1 ? '' : 's'} on a moved branch`
      : '';
    log.info(
      `Committed ${commit.sha} to ${config.branch}${replayed} (${commit.verified ? 'verified' : 'not verified'}): ${commit.url}`,
    );
    addMarkdown(
      `Committed [${commit.sha.slice(0, 7)}](${commit.url}) to \`${config.branch}\`${replayed}: ${set.counts.added} added, ${set.counts.updated} updated, ${set.counts.deleted} deleted${commit.verified ? ' (verified)' : ''}.`,
    );
  } else if (result) {
    Object.assign(outputs, { 'files-added': 0, 'files-updated': 0, 'files-deleted': 0 });
    addMarkdown(`\`${config.branch}\` moved meanwhile to a commit that already has every change: no commit.`);
  } else {
    log.info(`Nothing differs on ${config.branch}: no commit.${create ? ' The branch was not created.' : ''}`);
    addMarkdown(`Nothing differs on \`${config.branch}\`: no commit.`);
  }

  if (config.pullRequest) {
    // The commit's outputs stand even if the pull request step fails.
    setOutputs(outputs);
    if (create && !result) {
      log.warning(`No pull request: ${config.branch} does not exist and nothing was committed to create it.`);
    } else {
      base ??= await api.defaultBranch();
      const pr = await upsertPullRequest(client, {
        owner: config.owner,
        repo: config.repo,
        branch: config.branch,
        base,
        ...config.pullRequest,
      }).catch((err: unknown) => {
        if (!isNoCommitsBetween(err)) throw err;
        log.warning(
          `No pull request: ${config.branch} has no commit that ${base} lacks (its changes were merged already).`,
        );
        return undefined;
      });
      if (pr) {
        Object.assign(outputs, { 'pull-request-number': pr.number, 'pull-request-url': pr.url });
        log.info(`Pull request #${pr.number} ${pr.action}: ${pr.url}`);
        addMarkdown(`Pull request [#${pr.number}](${pr.url}) ${pr.action} (${config.branch} → ${base}).`);
      }
    }
  }
  setOutputs(outputs);
}
