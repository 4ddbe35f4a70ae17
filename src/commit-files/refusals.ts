// The texts of commit-files' refusals: each says what was found, that nothing was written, and what to do.
import { plural } from '../core/words';

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
