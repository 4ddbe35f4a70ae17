// The stale sweep through the bundle: each default, exemption and filter of the stale settings, the issues /
// pull-requests sections, remove-stale-when-updated (and who), the label lists, a rule's write counting as
// activity, and pull-request rules by head branch and by size.
import { describe, expect, it } from 'vitest';
import { RequestLog, type Emulator } from '../../../emulator';
import { daysAgo, scenarioOf } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';
import { idleItem, repoView, STALE_MARKER } from './repo-view';

const h = triageHarness();
let emu: Emulator | undefined;

const STALE = STALE_MARKER;
const { issue, labels, comments } = repoView(() => emu);
const idle = idleItem;
const sweep = (config: string) =>
  h.run({ event: { name: 'schedule', payload: {} }, workspace: { '.github/triage.yml': config } });

describe('triage: stale settings', () => {
  it('exemptions and label filters keep items out; the rest is marked, with labels-to-remove-when-stale', async () => {
    emu = await h.start(
      scenarioOf({
        issues: [
          idle(1, { labels: ['help', 'needs-review'] }),
          idle(2, { labels: ['help'], milestone: 'v2' }),
          idle(3, { labels: ['help'], milestone: 'v3' }),
          idle(4, { labels: ['help'], assignees: ['mona'] }),
          idle(5, { labels: ['help'], pull: { head: 'wip', draft: true, files: [{ filename: 'a' }] } }),
          idle(6, { labels: ['docs'] }),
          idle(7, { labels: ['help'], pull: { head: 'ready', files: [{ filename: 'a' }] } }),
        ],
      }),
      { timeScale: 0.01 },
    );
    const r = await sweep(`
stale:
  days-before-stale: 30
  exempt-milestones: [v2]
  exempt-assignees: [mona]
  exempt-draft-pr: true
  any-of-labels: [help, bug]
  labels-to-remove-when-stale: [needs-review]
`);
    expect(r.code, r.stdout).toBe(0);
    expect(labels(1)).toEqual(['help', 'stale']);
    expect(comments(1)).toEqual([expect.stringContaining(STALE)]);
    for (const n of [2, 4, 5, 6]) expect(labels(n), `#${n}`).not.toContain('stale');
    expect(labels(3)).toContain('stale');
    expect(labels(7)).toContain('stale');
  });

  it('exempt-all-milestones, exempt-all-assignees and only-labels', async () => {
    emu = await h.start(
      scenarioOf({
        issues: [
          idle(1, { labels: ['a', 'b'] }),
          idle(2, { labels: ['a'] }),
          idle(3, { labels: ['a', 'b'], milestone: 'any' }),
          idle(4, { labels: ['a', 'b'], assignees: ['rita'] }),
        ],
      }),
      { timeScale: 0.01 },
    );
    const r = await sweep(
      'stale: { days-before-stale: 30, only-labels: [a, b], exempt-all-milestones: true, exempt-all-assignees: true }',
    );
    expect(r.code, r.stdout).toBe(0);
    expect(labels(1)).toContain('stale');
    for (const n of [2, 3, 4]) expect(labels(n), `#${n}`).not.toContain('stale');
  });

  it('days-before-close -1 never closes; the pull-requests section overrides the common one', async () => {
    emu = await h.start(
      scenarioOf({
        issues: [
          idle(1, { labels: ['stale'], comments: [{ body: `Stale.\n\n${STALE}`, user: 'github-actions[bot]' }] }),
          idle(2, { pull: { head: 'x', files: [{ filename: 'a' }] }, updatedAt: daysAgo(20) }),
          idle(3, { updatedAt: daysAgo(20) }),
        ],
      }),
      { timeScale: 0.01 },
    );
    const r = await sweep(
      'stale: { days-before-stale: 60, days-before-close: -1, pull-requests: { days-before-stale: 10, stale-label: old } }',
    );
    expect(r.code, r.stdout).toBe(0);
    expect(issue(1).state).toBe('open');
    expect(labels(2)).toEqual(['old']);
    expect(labels(3)).toEqual([]);
  });

  it('activity by someone else removes the label (the log says who) and adds labels-to-add-when-unstale; off keeps it', async () => {
    const seed = () =>
      scenarioOf({
        issues: [
          idle(1, {
            labels: ['stale'],
            updatedAt: daysAgo(1),
            comments: [
              { body: `Stale.\n\n${STALE}`, user: 'github-actions[bot]', createdAt: daysAgo(3) },
              { body: 'Still broken.', user: 'someone', createdAt: daysAgo(1) },
            ],
          }),
        ],
      });
    emu = await h.start(seed(), { timeScale: 0.01 });
    const on = await sweep('stale: { days-before-stale: 30, labels-to-add-when-unstale: [needs-triage] }');
    expect(on.code, on.stdout).toBe(0);
    expect(labels(1)).toEqual(['needs-triage']);
    expect(on.stdout).toContain('by @someone');
    await emu.close();
    emu = await h.start(seed(), { timeScale: 0.01 });
    const off = await sweep('stale: { days-before-stale: 30, remove-stale-when-updated: false }');
    expect(off.code, off.stdout).toBe(0);
    expect(labels(1)).toEqual(['stale']);
    expect(RequestLog.summarize(off.requests).writes).toBe(0);
  });

  it('an item a rule changes is not marked stale in the same run', async () => {
    emu = await h.start(scenarioOf({ issues: [idle(1, { title: 'App crash' })] }), { timeScale: 0.01 });
    const config = `
rules:
  - id: crash
    if: { title: '/crash/i' }
    then: { add-labels: [bug], comment: Thanks. }
stale: { days-before-stale: 30 }
`;
    const r = await sweep(config);
    expect(r.code, r.stdout).toBe(0);
    expect(labels(1)).toEqual(['bug']);
    expect(comments(1)).toEqual(['Thanks.\n\n<!-- repo-actions:triage rule=crash -->']);
    const again = await sweep(config);
    expect(RequestLog.summarize(again.requests).writes).toBe(0);
  });

  it('rules by head branch and by size read each pull request once, issues never', async () => {
    emu = await h.start(
      scenarioOf({
        issues: [
          idle(1, { updatedAt: daysAgo(1), pull: { head: 'release/1.2', files: [{ filename: 'a', additions: 3 }] } }),
          idle(2, {
            updatedAt: daysAgo(1),
            pull: { head: 'topic', files: [{ filename: 'a', additions: 300, deletions: 20 }] },
          }),
          idle(3, { updatedAt: daysAgo(1), title: 'An issue' }),
        ],
      }),
      { timeScale: 0.01 },
    );
    const config = `
rules:
  - id: release
    if: { branch: '/^release\\//' }
    then: { add-labels: [release] }
  - id: xs
    if: { size: { max-lines: 10 } }
    then: { add-labels: [size/XS] }
  - id: large
    if: { size: { min-lines: 101 } }
    then: { add-labels: [size/L] }
`;
    const r = await sweep(config);
    expect(r.code, r.stdout).toBe(0);
    expect(labels(1)).toEqual(['release', 'size/XS']);
    expect(labels(2)).toEqual(['size/L']);
    expect(labels(3)).toEqual([]);
    const pullReads = r.requests.filter((e) => e.method === 'GET' && /\/pulls\/\d+$/.test(e.path));
    expect(pullReads.map((e) => e.path).sort()).toEqual(['/repos/octo/app/pulls/1', '/repos/octo/app/pulls/2']);
    expect(r.summary).toContain('Planning read 2 pull requests (branch, size)');
  });
});
