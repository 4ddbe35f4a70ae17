// What the triage end-to-end tests read back from the emulator's octo/app after a run: an item, its labels (sorted),
// its comments (without the post token the action appends), and the marker of the sweep's stale comment.
import type { Emulator, IssueSeed } from '../../../emulator';
import { daysAgo, REPO, withoutPostToken } from '../../../emulator/scenarios/triage';

/** The hidden marker the sweep puts in its stale comment. */
export const STALE_MARKER = '<!-- repo-actions:triage stale -->';

/** Readers of octo/app in the emulator `current()` returns (the one the running test started). */
export function repoView(current: () => Emulator | undefined) {
  const repo = () => current()!.state.repo(REPO)!;
  const issue = (n: number) => repo().issues.get(n)!;
  const labels = (n: number) =>
    issue(n)
      .labels.map((l) => l.name)
      .sort();
  const comments = (n: number) =>
    [...repo().comments.values()].filter((c) => c.issueNumber === n).map((c) => withoutPostToken(c.body));
  return { issue, labels, comments };
}

/** An item created 200 days ago and idle for 100: past every stale threshold the tests set. */
export const idleItem = (number: number, more: Partial<IssueSeed> = {}): IssueSeed => ({
  number,
  title: `Item ${number}`,
  createdAt: daysAgo(200),
  updatedAt: daysAgo(100),
  ...more,
});
