// The texts of commit-files' refusals: each says what was found, that nothing was written, and what to do.
import { plural } from '../../../kernel/words';

const short = (sha: string) => sha.slice(0, 7);

export function unknownBaseRefusal(reason: string): string {
  return (
    `The base of the change set is unknown: ${reason}. Without it, a file someone else changed on the branch since ` +
    "the checkout would be put back to the workspace's copy. Check out the branch with actions/checkout (a shallow " +
    'clone holds its head), or set `on-unknown-base: overwrite` to commit the workspace as it is. Nothing was written.'
  );
}

export function conflictRefusal(paths: readonly string[], base: string, branch: string, head: string): string {
  const shown = paths.slice(0, 20).join(', ') + (paths.length > 20 ? `, … (${paths.length - 20} more)` : '');
  return (
    `${plural(paths.length, 'file')} changed both in the workspace (since ${short(base)}, the commit it was checked out ` +
    `at) and on ${branch} (now at ${short(head)}), differently: ${shown}. Nothing was written. Check out ${branch} ` +
    'again (or merge it) and re-run the step that changes these files.'
  );
}

export function unmatchedPathsRefusal(entries: readonly string[]): string {
  return (
    `paths: ${entries.map((e) => `"${e}"`).join(', ')} ${entries.length === 1 ? 'matches' : 'match'} no local file ` +
    '(a typo, or a step that produced nothing?). Nothing was sent. Set `allow-unmatched-paths: true` to only warn.'
  );
}

export function deleteMissingUnmatchedRefusal(entry: string): string {
  return `Input "paths": "${entry}" matches no local file, and with delete-missing it would delete everything it selects on the branch; nothing was sent`;
}

export function missingBaseBranchRefusal(branch: string, base: string, repository: string): string {
  return (
    `The branch "${branch}" does not exist in ${repository}, and neither does its base "${base}" to create it from: ` +
    'check the "branch" and "base" inputs (when the base is the default branch, the repository may have no commit yet). Nothing was written.'
  );
}

export function nestingRefusal(branch: string, nesting: readonly string[]): string {
  return (
    `The branch "${branch}" cannot be created: git cannot hold both ${nesting.map((n) => `"${n}"`).join(', ')} and "${branch}" ` +
    '(a branch name cannot be a folder of another). Choose another "branch" name. Nothing was written.'
  );
}

export function foreignCommitsRefusal(branch: string, commits: readonly string[]): string {
  return (
    `${branch} carries ${plural(commits.length, 'commit')} this action did not make (${commits.join(', ')}): someone ` +
    'pushed to the pull request. Rebuilding the branch would drop them. Nothing was written. Merge or close the pull ' +
    'request, or set `force-branch: true` to rebuild it anyway.'
  );
}

export function workflowRefusal(branch: string, paths: readonly string[]): string {
  return (
    `GitHub refused to move ${branch}: the commit changes workflow files (${paths.join(', ') || '.github/workflows/…'}) ` +
    'and the token lacks the `workflows` permission. Use a GitHub App token or a fine-grained token with "Workflows: write", ' +
    'or set `exclude-workflows: true` to leave those files out. The uploaded objects are unreferenced; nothing else changed.'
  );
}

export function actionsPullRequestRefusal(branch: string): string {
  return (
    `The branch ${branch} was pushed, but GitHub refused to open the pull request: the repository (or its organisation) ` +
    'does not allow GitHub Actions to create pull requests. Turn on Settings → Actions → General → Workflow permissions → ' +
    '"Allow GitHub Actions to create and approve pull requests", or use a GitHub App token. A re-run opens it.'
  );
}
