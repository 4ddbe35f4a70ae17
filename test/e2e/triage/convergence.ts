// The small sweep scenario that the fault-mix and crash tests share, with its exact expected final state.
import type { Emulator, IssueSeed } from '../../../emulator';
import { daysAgo, REPO, withoutPostToken } from '../../../emulator/scenarios/triage';

export const CONVERGENCE_CONFIG = `
rules:
  - id: crash
    if: { type: issue, title: '/crash/i' }
    then:
      add-labels: [bug]
      comment: Thanks for the crash report.
stale:
  days-before-stale: 30
  days-before-close: 7
  stale-comment: Stale.
  close-comment: Closed for inactivity.
`;
const STALE = '<!-- repo-actions:triage stale -->';
const CLOSE = '<!-- repo-actions:triage stale-close -->';
const RULE = '<!-- repo-actions:triage rule=crash -->';

export type Kind = 'crash' | 'idle' | 'due' | 'active';

/** `count` items cycling through the kinds: a crash report, an idle item, a stale item due to close, an active one. */
export function convergenceIssues(count: number): { issues: IssueSeed[]; kinds: Map<number, Kind> } {
  const order: Kind[] = ['crash', 'idle', 'due', 'active'];
  const kinds = new Map<number, Kind>();
  const issues = Array.from({ length: count }, (_, i): IssueSeed => {
    const number = i + 1;
    const kind = order[i % order.length];
    kinds.set(number, kind);
    const at = (days: number) => daysAgo(days, Date.now() - number * 60_000);
    if (kind === 'crash') return { number, title: `App crash ${number}`, updatedAt: at(1), createdAt: at(50) };
    if (kind === 'idle') return { number, title: `Idle ${number}`, updatedAt: at(40), createdAt: at(50) };
    if (kind === 'due')
      return {
        number,
        title: `Due ${number}`,
        labels: ['stale'],
        updatedAt: at(10),
        createdAt: at(50),
        comments: [{ body: `Stale.\n\n${STALE}`, user: 'github-actions[bot]', viaApp: 15368, createdAt: at(10) }],
      };
    return { number, title: `Active ${number}`, updatedAt: at(1), createdAt: at(50) };
  });
  return { issues, kinds };
}

/** Every item's exact state: labels, comments (one each, never twice) and open/closed. */
export function convergedState(emu: Emulator, kinds: Map<number, Kind>): Record<number, unknown> {
  const repo = emu.state.repo(REPO)!;
  const out: Record<number, unknown> = {};
  for (const n of kinds.keys()) {
    const issue = repo.issues.get(n)!;
    out[n] = {
      state: issue.state,
      labels: issue.labels.map((l) => l.name).sort(),
      comments: [...repo.comments.values()].filter((c) => c.issueNumber === n).map((c) => withoutPostToken(c.body)),
    };
  }
  return out;
}

export function expectedState(kinds: Map<number, Kind>): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const [n, kind] of kinds)
    out[n] =
      kind === 'crash'
        ? { state: 'open', labels: ['bug'], comments: [`Thanks for the crash report.\n\n${RULE}`] }
        : kind === 'idle'
          ? { state: 'open', labels: ['stale'], comments: [`Stale.\n\n${STALE}`] }
          : kind === 'due'
            ? {
                state: 'closed',
                labels: ['stale'],
                comments: [`Stale.\n\n${STALE}`, `Closed for inactivity.\n\n${CLOSE}`],
              }
            : { state: 'open', labels: [], comments: [] };
  return out;
}
