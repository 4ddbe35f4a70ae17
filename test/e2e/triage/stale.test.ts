// Stale sweeps through the bundle across two runs, with the emulator's clock moved forward in between.
import { describe, expect, it } from 'vitest';
import { type Emulator } from '../../../emulator';
import { daysAgo, REPO, scenarioOf, withoutPostToken } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();
let emu: Emulator | undefined;

const CONFIG = `
stale:
  days-before-stale: 60
  days-before-close: 14
  stale-label: stale
  exempt-labels: [pinned, security]
  only: issues
  stale-comment: Marked stale after 60 days without activity.
  close-comment: Closed after 14 more days without activity.
  close-reason: not_planned
`;
const DAY = 24 * 60 * 60 * 1000;
const STALE_MARK = '<!-- repo-actions:triage stale -->';

describe('triage stale sweeps', () => {
  it('marks idle issues, closes them 14 days later, and unmarks issues with activity', async () => {
    emu = await h.start(
      scenarioOf({
        issues: [
          { number: 1, title: 'Idle', updatedAt: daysAgo(90), createdAt: daysAgo(200) },
          {
            number: 2,
            title: 'Stale, then a reply',
            labels: ['stale'],
            createdAt: daysAgo(200),
            updatedAt: daysAgo(2),
            comments: [{ body: `Marked stale.\n\n${STALE_MARK}`, user: 'github-actions[bot]', createdAt: daysAgo(10) }],
          },
          { number: 3, title: 'Pinned', labels: ['pinned'], updatedAt: daysAgo(300), createdAt: daysAgo(300) },
          {
            number: 4,
            title: 'Stale, waiting',
            labels: ['stale'],
            createdAt: daysAgo(200),
            updatedAt: daysAgo(3),
            comments: [{ body: `Marked stale.\n\n${STALE_MARK}`, user: 'github-actions[bot]', createdAt: daysAgo(3) }],
          },
          {
            number: 5,
            title: 'Idle pull request',
            updatedAt: daysAgo(90),
            createdAt: daysAgo(90),
            pull: { head: 'x', files: [{ filename: 'a' }] },
          },
          { number: 6, title: 'Active', updatedAt: daysAgo(1), createdAt: daysAgo(1) },
        ],
      }),
      { timeScale: 0.01 },
    );
    const sweep = () =>
      h.run({ event: { name: 'schedule', payload: {} }, workspace: { '.github/triage.yml': CONFIG } });
    const repo = emu.state.repo(REPO)!;
    const labels = (n: number) => repo.issues.get(n)!.labels.map((l) => l.name);
    const comments = (n: number) =>
      [...repo.comments.values()].filter((c) => c.issueNumber === n).map((c) => withoutPostToken(c.body));

    const first = await sweep();
    expect(first.stderr).toBe('');
    expect(first.code, first.stdout).toBe(0);
    expect(labels(1)).toEqual(['stale']);
    expect(comments(1)).toEqual([`Marked stale after 60 days without activity.\n\n${STALE_MARK}`]);
    expect(labels(2)).toEqual([]);
    expect(labels(3)).toEqual(['pinned']);
    expect(labels(4)).toEqual(['stale']);
    expect(labels(5)).toEqual([]);
    expect(labels(6)).toEqual([]);
    expect(first.outputs).toMatchObject({
      operations: '3',
      labeled: '2',
      commented: '1',
      closed: '0',
      remaining: '0',
      'open-issues': '5',
      'open-pull-requests': '1',
    });
    // Only the stale items whose mark time matters had their comments read.
    expect(
      first.requests
        .filter((e) => e.path.endsWith('/comments') && e.method === 'GET')
        .map((e) => e.path)
        .sort(),
    ).toEqual(['/repos/octo/app/issues/2/comments', '/repos/octo/app/issues/4/comments']);

    // Nothing happens within the 14 days...
    emu.clock.advance(7 * DAY);
    const waiting = await sweep();
    expect(waiting.code, waiting.stdout).toBe(0);
    expect(waiting.outputs.operations).toBe('0');

    // ...and after them, the issues still stale are closed with a comment.
    emu.clock.advance(8 * DAY);
    const second = await sweep();
    expect(second.code, second.stdout).toBe(0);
    for (const n of [1, 4]) {
      expect(repo.issues.get(n)!).toMatchObject({ state: 'closed', stateReason: 'not_planned' });
      expect(comments(n).at(-1)).toBe(
        'Closed after 14 more days without activity.\n\n<!-- repo-actions:triage stale-close -->',
      );
    }
    for (const n of [2, 3, 5, 6]) expect(repo.issues.get(n)!.state).toBe('open');
    expect(second.outputs).toMatchObject({ closed: '2', commented: '2', 'open-issues': '5' });
  });
});
