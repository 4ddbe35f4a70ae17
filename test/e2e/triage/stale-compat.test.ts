// actions/stale's settings through the bundle, each with actions/stale's expected outcome (its README and
// src/classes/issues-processor.ts; the behaviour of its spec cases, written anew). Several settings share one
// emulator scenario: one e2e run checks each item's outcome.
import { describe, expect, it } from 'vitest';
import type { Emulator, Scenario } from '../../../emulator';
import { daysAgo, REPO, scenarioOf, TOKEN } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';
import { idleItem, repoView, STALE_MARKER } from './repo-view';

const h = triageHarness();
let emu: Emulator | undefined;

const STALE = STALE_MARKER;
const { issue, labels, comments } = repoView(() => emu);
const item = idleItem;
const ownStale = (days: number) => ({
  body: `Stale.\n\n${STALE}`,
  user: 'github-actions[bot]',
  viaApp: 15368,
  createdAt: daysAgo(days),
});
const sweep = (inputs: Record<string, string | number>, workspace: Record<string, string> = {}) =>
  h.run({ event: { name: 'schedule', payload: {} }, inputs, workspace });

/** The workflow token with contents write (delete-branch deletes a ref). */
function withContentsWrite(scenario: Scenario): Scenario {
  const token = scenario.tokens![TOKEN] as { permissions: Record<string, string> };
  token.permissions.contents = 'write';
  return scenario;
}

describe('triage as actions/stale: only the uses: line changes', () => {
  it('step inputs alone (no config file): issue/PR-specific days, messages, exempt labels, close label, unstale labels, locked', async () => {
    emu = await h.start(
      scenarioOf({
        issues: [
          item(1, { updatedAt: daysAgo(40) }),
          item(2, { updatedAt: daysAgo(40), labels: ['pinned'] }),
          item(3, { pull: { head: 'topic', files: [{ filename: 'a' }] } }),
          item(4, { labels: ['stale'], updatedAt: daysAgo(10), comments: [ownStale(10)] }),
          // A reply after the mark whose updated_at did not move past it (actions/stale counts the comment).
          item(5, {
            labels: ['stale', 'waiting'],
            updatedAt: daysAgo(5),
            comments: [ownStale(5), { body: 'Still an issue.', user: 'someone', createdAt: daysAgo(5 - 0.01) }],
          }),
          item(6, { locked: true }),
          item(7, { locked: true, labels: ['stale'], updatedAt: daysAgo(30), comments: [ownStale(30)] }),
        ],
      }),
    );
    const r = await sweep({
      'days-before-issue-stale': '30',
      'days-before-pr-stale': '-1',
      'days-before-close': '7',
      'stale-issue-message': 'This issue is stale.',
      'close-issue-message': 'Closed for inactivity.',
      'close-issue-label': 'closed-stale',
      'exempt-issue-labels': 'pinned,security',
      'labels-to-remove-when-unstale': 'waiting',
      'labels-to-add-when-unstale': 'triage',
      'repo-token': TOKEN,
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(labels(1)).toEqual(['stale']);
    expect(comments(1)).toEqual([`This issue is stale.\n\n${STALE}`]);
    expect(labels(2)).toEqual(['pinned']);
    expect(labels(3)).toEqual([]);
    expect(issue(4)).toMatchObject({ state: 'closed', stateReason: 'not_planned' });
    expect(labels(4)).toEqual(['closed-stale', 'stale']);
    expect(comments(4)[1]).toContain('Closed for inactivity.');
    expect(labels(5)).toEqual(['triage']);
    expect(labels(6)).toEqual([]);
    expect(issue(7).state).toBe('open');
  });

  it('the stale section by actions/stale names: days 0 and fractions, include-only-assigned, only-issue-types, start-date, delete-branch', async () => {
    emu = await h.start(
      withContentsWrite(
        scenarioOf({
          branches: { 'old-topic': { 'a.txt': { content: 'a\n' } } },
          issues: [
            item(1, { assignees: ['mona'], type: 'Bug', createdAt: daysAgo(20), updatedAt: daysAgo(1) }),
            item(2, { type: 'Bug', createdAt: daysAgo(20), updatedAt: daysAgo(1) }),
            item(3, { assignees: ['mona'], type: 'Feature', createdAt: daysAgo(20), updatedAt: daysAgo(1) }),
            item(4, {
              assignees: ['mona'],
              createdAt: daysAgo(20),
              updatedAt: daysAgo(1),
              pull: { head: 'old-topic', files: [{ filename: 'a.txt' }] },
            }),
            item(5, { assignees: ['mona'], type: 'Bug', createdAt: daysAgo(200), updatedAt: daysAgo(1) }),
            item(6, { assignees: ['mona'], type: 'Bug', createdAt: daysAgo(20), updatedAt: daysAgo(0.1) }),
          ],
        }),
      ),
    );
    const start = daysAgo(100);
    const config = `
stale:
  days-before-stale: 0.5
  days-before-close: 0
  include-only-assigned: true
  only-issue-types: bug
  start-date: '${start}'
  delete-branch: true
  stale-issue-message: Stale issue.
  stale-pr-message: Stale pull request.
`;
    const r = await sweep({}, { '.github/triage.yml': config });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    // Marked and closed in one run (days-before-close 0), the stale comment first.
    expect(issue(1)).toMatchObject({ state: 'closed' });
    expect(comments(1)).toEqual([`Stale issue.\n\n${STALE}`]);
    expect(issue(2).state).toBe('open'); // not assigned
    expect(issue(3).state).toBe('open'); // type Feature
    expect(issue(4).state).toBe('closed'); // a pull request: only-issue-types does not apply
    expect(emu.state.repo(REPO)!.branch('old-topic')).toBeUndefined();
    expect(issue(5).state).toBe('open'); // created before start-date
    expect(labels(6)).toEqual([]); // idle 0.1 days < 0.5
  });

  it('semantics actions-stale: a maintainer label counts from its labeled event, no stale message means no comment; operations-per-run caps writes in sort-by order', async () => {
    emu = await h.start(
      scenarioOf({
        // The repository's stale label is spelled `Stale` here.
        labels: [{ name: 'Stale', color: 'ededed' }],
        issues: [
          item(1, {
            labels: ['Stale'],
            updatedAt: daysAgo(10),
            labelEvents: [{ label: 'Stale', actor: 'mona', createdAt: daysAgo(10) }],
          }),
          item(2, {
            labels: ['Stale'],
            updatedAt: daysAgo(3),
            labelEvents: [{ label: 'Stale', actor: 'mona', createdAt: daysAgo(3) }],
          }),
          item(3, { createdAt: daysAgo(300), updatedAt: daysAgo(90) }),
          item(4, { createdAt: daysAgo(100), updatedAt: daysAgo(95) }),
          item(5, { createdAt: daysAgo(200), updatedAt: daysAgo(99) }),
        ],
      }),
    );
    const r = await sweep({
      'stale-semantics': 'actions-stale',
      'stale-issue-label': 'Stale',
      'operations-per-run': '2',
      'sort-by': 'created',
      ascending: 'true',
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(issue(1).state).toBe('closed');
    expect(comments(1)).toEqual([]);
    expect(issue(2).state).toBe('open');
    expect(labels(2)).toEqual(['Stale']);
    // 2 operations: the close of #1 and one mark, the oldest created first (#3), label only.
    expect(labels(3)).toEqual(['Stale']);
    expect(comments(3)).toEqual([]);
    expect(labels(4)).toEqual([]);
    expect(labels(5)).toEqual([]);
    expect(r.requests.filter((e) => e.method !== 'GET')).toHaveLength(2);
  });
});
