// Migration day, through the bundle: a repository where actions/stale already ran (issue 37). Its marks are a stale
// label put on by `github-actions[bot]` and an unmarked stale comment by the same bot; maintainers put the label on
// by hand too, and other Apps. A label whose last `labeled` event is by this run's identity is this action's mark,
// dated by that event; a label someone else put on follows actions/stale's rules when its inputs are given (no
// comment; closed after days-before-close without a comment since) and triage's own otherwise (the stale comment
// first). Filters skip an item and leave its label, so several stale steps sharing one label never undo each other.
import { describe, expect, it } from 'vitest';
import type { Emulator, IssueSeed } from '../../../emulator';
import { daysAgo, REPO, scenarioOf, withoutPostToken } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';
import { repoView } from './repo-view';

const h = triageHarness();
let emu: Emulator | undefined;

const BOT = 'github-actions[bot]';
const ACTIONS_STALE_COMMENT = 'This issue is stale because it has been open 30 days with no activity.';
const { issue, labels } = repoView(() => emu);
const commentsOf = (n: number) =>
  [...emu!.state.repo(REPO)!.comments.values()]
    .filter((c) => c.issueNumber === n)
    .map((c) => ({ user: c.user, body: withoutPostToken(c.body) }));

/** An item actions/stale (or someone else) labelled stale `days` ago; `comment`: the unmarked stale comment. */
function labelled(number: number, days: number, actor: string, more: Partial<IssueSeed> = {}): IssueSeed {
  const viaActions = actor === BOT;
  return {
    number,
    title: `Item ${number}`,
    createdAt: daysAgo(200),
    updatedAt: daysAgo(days),
    labels: ['stale'],
    labelEvents: [{ label: 'stale', actor, createdAt: daysAgo(days) }],
    comments: viaActions ? [{ body: ACTIONS_STALE_COMMENT, user: BOT, viaApp: 15368, createdAt: daysAgo(days) }] : [],
    ...more,
  };
}

/** actions/stale's inputs as a migrated workflow gives them (its `uses:` line changed, nothing else). */
const STALE_INPUTS = {
  'stale-issue-message': ACTIONS_STALE_COMMENT,
  'close-issue-message': 'Closed for lack of activity.',
  'days-before-stale': '30',
  'days-before-close': '7',
};

describe('migration day: a repository where actions/stale already ran', () => {
  it("actions/stale's marks are this action's: closed on time, no second stale comment; a person's or an App's label follows actions/stale's rules", async () => {
    emu = await h.start(
      scenarioOf({
        issues: [
          labelled(1, 10, BOT),
          labelled(2, 3, BOT),
          labelled(3, 10, 'mona'),
          labelled(4, 5, 'mona'),
          labelled(5, 10, 'other-app[bot]'),
          // A reply after actions/stale's mark: activity, the label comes off.
          labelled(6, 10, BOT, {
            updatedAt: daysAgo(2),
            comments: [
              { body: ACTIONS_STALE_COMMENT, user: BOT, viaApp: 15368, createdAt: daysAgo(10) },
              { body: 'Still happening on 2.1.', user: 'rita', createdAt: daysAgo(2) },
            ],
          }),
        ],
      }),
    );
    const before = (n: number) => commentsOf(n).length;
    const counts = [1, 2, 3, 4, 5, 6].map(before);
    const r = await h.run({ event: { name: 'schedule', payload: {} }, inputs: STALE_INPUTS });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    // 1: marked by actions/stale 10 days ago → closed now, with the close comment and no stale comment.
    expect(issue(1).state).toBe('closed');
    expect(
      commentsOf(1)
        .slice(counts[0])
        .map((c) => c.body),
    ).toEqual([expect.stringContaining('Closed for lack of activity.')]);
    // 2: marked 3 days ago → waits, untouched.
    expect(issue(2).state).toBe('open');
    expect(commentsOf(2)).toHaveLength(counts[1]);
    // 3, 5: a person's and an App's label 10 days ago → closed after days-before-close, no stale comment first.
    for (const n of [3, 5]) {
      expect(issue(n).state).toBe('closed');
      expect(commentsOf(n).map((c) => c.body)).toEqual([expect.stringContaining('Closed for lack of activity.')]);
    }
    // 4: a person's label 5 days ago → waits, and gets no default comment.
    expect(issue(4).state).toBe('open');
    expect(commentsOf(4)).toEqual([]);
    expect(labels(4)).toEqual(['stale']);
    // 6: replied to since the mark → unmarked, open.
    expect(issue(6).state).toBe('open');
    expect(labels(6)).toEqual([]);
    expect(commentsOf(6)).toHaveLength(counts[5]);
    // The event lists are read only for the labelled items without a marker (one request each).
    expect(r.requests.filter((e) => e.path.endsWith('/events')).length).toBeLessThanOrEqual(6);
  });

  it("triage's own config: a person's label gets the stale comment first; actions/stale's bot mark is still the action's own", async () => {
    emu = await h.start(scenarioOf({ issues: [labelled(1, 10, BOT), labelled(3, 10, 'mona')] }));
    const config = 'stale:\n  days-before-stale: 30\n  days-before-close: 7\n  close-comment: Closed.\n';
    const r = await h.run({ event: { name: 'schedule', payload: {} }, workspace: { '.github/triage.yml': config } });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(issue(1).state).toBe('closed');
    expect(commentsOf(1).filter((c) => c.body.includes('repo-actions:triage stale -->'))).toEqual([]);
    expect(issue(3).state).toBe('open');
    expect(commentsOf(3).map((c) => c.body)).toEqual([expect.stringContaining('<!-- repo-actions:triage stale -->')]);
  });

  it('three stale steps sharing one label (Home Assistant style): each skips what its filters leave out, the label stays, and items close', async () => {
    emu = await h.start(
      scenarioOf({
        issues: [
          labelled(1, 10, BOT),
          { ...labelled(2, 10, BOT), labels: ['stale', 'integration: hue'] },
          { ...labelled(3, 10, BOT), labels: ['stale', 'pinned'] },
        ],
      }),
    );
    const steps = [
      { ...STALE_INPUTS, 'exempt-issue-labels': 'integration: hue,pinned' },
      { ...STALE_INPUTS, 'only-labels': 'integration: hue' },
      { ...STALE_INPUTS, 'only-labels': 'pinned', 'days-before-close': '-1' },
    ];
    for (const inputs of steps) {
      const r = await h.run({ event: { name: 'schedule', payload: {} }, inputs });
      expect(r.code, r.stdout + r.stderr).toBe(0);
    }
    expect(issue(1).state).toBe('closed');
    expect(issue(2).state).toBe('closed');
    // The third step never closes: its item keeps the label the other steps left alone.
    expect(issue(3).state).toBe('open');
    expect(labels(3)).toEqual(['pinned', 'stale']);
  });

  it('an App token given as repo-token alone is the token; its identity is learnt (GraphQL viewer), so its unmarked marks count', async () => {
    const APP_TOKEN = 'ghs_tidy_bot_installation';
    const scenario = scenarioOf({
      issues: [
        {
          ...labelled(1, 10, 'tidy-bot[bot]'),
          comments: [{ body: ACTIONS_STALE_COMMENT, user: 'tidy-bot[bot]', viaApp: 4242, createdAt: daysAgo(10) }],
        },
        labelled(2, 10, BOT),
      ],
    });
    scenario.tokens![APP_TOKEN] = {
      kind: 'installation',
      login: 'tidy-bot[bot]',
      appId: 4242,
      installationId: 77,
      repositories: [REPO],
      permissions: { issues: 'write', 'pull-requests': 'write', contents: 'read' },
    };
    emu = await h.start(scenario, { graphql: true });
    const r = await h.run({
      event: { name: 'schedule', payload: {} },
      inputs: { ...STALE_INPUTS, 'repo-token': APP_TOKEN, 'stale-semantics': 'actions-stale' },
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('Writing as tidy-bot[bot]');
    // Its own mark closes with no new stale comment; the writes are the App's.
    expect(issue(1).state).toBe('closed');
    expect(commentsOf(1).map((c) => c.user)).toEqual(['tidy-bot[bot]', 'tidy-bot[bot]']);
    // The workflow bot's label is someone else's for this App: actions/stale's rules close it, without a comment first.
    expect(issue(2).state).toBe('closed');
    expect(
      commentsOf(2)
        .slice(1)
        .map((c) => c.user),
    ).toEqual(['tidy-bot[bot]']);
  });

  it('own-login is a check: a login the token does not write as fails the run before any write', async () => {
    emu = await h.start(scenarioOf({ issues: [labelled(1, 10, BOT)] }), { graphql: true });
    const r = await h.run({
      event: { name: 'schedule', payload: {} },
      inputs: { ...STALE_INPUTS, 'own-login': 'someone-else' },
    });
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toContain('the token writes as github-actions[bot], not as someone-else');
    expect(issue(1).state).toBe('open');
  });
});
