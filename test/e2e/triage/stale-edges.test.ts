// Stale edge cases through the bundle: more than 100 candidates resumed over many runs with a small
// max-operations (no state file, no double work), `only: pull-requests`, days-before-close 0 and negative,
// locked conversations (GitHub refuses comments on them).
import { describe, expect, it } from 'vitest';
import { RequestLog, type Emulator } from '../../../emulator';
import { newRunnerTemp } from '../../../harness/run-bundle';
import { daysAgo, REPO, scenarioOf } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();
let emu: Emulator | undefined;

const STALE = '<!-- repo-actions:triage stale -->';
const LOCKED = {
  status: 403,
  body: {
    message: 'Unable to create comment because issue is locked.',
    documentation_url: 'https://docs.github.com/articles/locking-conversations/',
  },
};

const comments = (n: number) =>
  [...emu!.state.repo(REPO)!.comments.values()]
    .filter((c) => c.issueNumber === n)
    .map((c) => c.body.replace(/\n<!-- repo-actions:triage post=[0-9a-f]+ -->$/, ''));
const issue = (n: number) => emu!.state.repo(REPO)!.issues.get(n)!;
const labels = (n: number) => issue(n).labels.map((l) => l.name);

function sweep(config: string, inputs: Record<string, string | number> = {}, runnerTemp?: string) {
  return h.run({
    inputs,
    runnerTemp,
    event: { name: 'schedule', payload: {} },
    workspace: { '.github/triage.yml': config },
  });
}

describe('triage stale edges', () => {
  it('101 stale candidates with max-operations 10: 5 items a run, resumed without a state file, each marked once', async () => {
    const issues = Array.from({ length: 101 }, (_, i) => ({
      number: i + 1,
      title: `Old ${i + 1}`,
      updatedAt: daysAgo(100, Date.now() + i * 60_000),
      createdAt: daysAgo(200),
    }));
    emu = await h.start(scenarioOf({ issues }), { timeScale: 0.01 });
    const config = 'stale: { days-before-stale: 60, days-before-close: 14, stale-comment: Stale. }';
    const temp = newRunnerTemp();
    let marked = 0;
    for (let run = 1; marked < 101; run++) {
      expect(run).toBeLessThanOrEqual(21);
      const r = await sweep(config, { 'max-operations': 10 }, temp);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const writes = r.requests.filter((e) => e.method !== 'GET');
      const expected = Math.min(5, 101 - marked);
      expect(writes).toHaveLength(expected * 2);
      // The oldest unmarked items first: exactly the next five by number.
      const numbers = [...new Set(writes.map((e) => Number(/issues\/(\d+)\//.exec(e.path)![1])))].sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: expected }, (_, i) => marked + i + 1));
      marked += expected;
      expect(r.outputs).toMatchObject({ remaining: String(101 - marked), 'open-issues': '101' });
    }
    const done = await sweep(config, { 'max-operations': 10 }, temp);
    expect(RequestLog.summarize(done.requests).writes).toBe(0);
    for (let n = 1; n <= 101; n++) {
      expect(labels(n)).toEqual(['stale']);
      expect(comments(n)).toEqual([`Stale.\n\n${STALE}`]);
    }
    // 22 runs of the bundle one after another: a generous bound for a loaded 2-core machine (a run takes 5-8 s there).
  }, 600_000);

  it('only: pull-requests leaves issues alone; exempt labels keep items out', async () => {
    emu = await h.start(
      scenarioOf({
        issues: [
          { number: 1, title: 'Old issue', updatedAt: daysAgo(100), createdAt: daysAgo(100) },
          {
            number: 2,
            title: 'Old pull request',
            updatedAt: daysAgo(100),
            createdAt: daysAgo(100),
            pull: { head: 'a', files: [{ filename: 'a' }] },
          },
          {
            number: 3,
            title: 'Old pinned pull request',
            labels: ['pinned'],
            updatedAt: daysAgo(100),
            createdAt: daysAgo(100),
            pull: { head: 'b', files: [{ filename: 'b' }] },
          },
        ],
      }),
      { timeScale: 0.01 },
    );
    const r = await sweep('stale: { days-before-stale: 30, only: pull-requests, exempt-labels: [pinned] }');
    expect(r.code, r.stdout).toBe(0);
    expect(labels(1)).toEqual([]);
    expect(labels(2)).toEqual(['stale']);
    expect(labels(3)).toEqual(['pinned']);
    expect(r.outputs).toMatchObject({ 'open-issues': '1', 'open-pull-requests': '2', labeled: '1', commented: '1' });
  });

  it('days-before-close 0 closes in the run that marks; a value below -1 is refused with file and line, nothing written', async () => {
    emu = await h.start(
      scenarioOf({ issues: [{ number: 1, title: 'Old', updatedAt: daysAgo(100), createdAt: daysAgo(100) }] }),
      { timeScale: 0.01 },
    );
    const bad = await sweep('stale:\n  days-before-stale: 30\n  days-before-close: -2\n');
    expect(bad.code).toBe(1);
    expect(bad.annotations).toContainEqual(
      expect.objectContaining({
        level: 'error',
        file: '.github/triage.yml',
        line: 3,
        message: expect.stringMatching(/days-before-close.*must be -1 \(never close\)/),
      }),
    );
    expect(bad.requests.filter((e) => e.method !== 'GET')).toHaveLength(0);

    const config = 'stale: { days-before-stale: 30, days-before-close: 0 }';
    // As actions/stale: marked and closed in the same run (the stale comment first).
    const mark = await sweep(config);
    expect(mark.code, mark.stdout).toBe(0);
    expect(labels(1)).toEqual(['stale']);
    expect(issue(1)).toMatchObject({ state: 'closed', stateReason: 'not_planned' });
    // The stale comment only: no close comment unless `close-comment` is configured.
    expect(comments(1)).toHaveLength(1);
  });

  it('locked conversations: never marked, never closed (as actions/stale, which skips them); rules skip their comment', async () => {
    emu = await h.start(
      scenarioOf({
        issues: [
          { number: 1, title: 'Old locked', locked: true, updatedAt: daysAgo(100), createdAt: daysAgo(100) },
          {
            number: 2,
            title: 'Stale then locked',
            locked: true,
            labels: ['stale'],
            updatedAt: daysAgo(20),
            createdAt: daysAgo(100),
            comments: [{ body: `Stale.\n\n${STALE}`, user: 'github-actions[bot]', createdAt: daysAgo(20) }],
          },
          { number: 3, title: 'Locked crash', locked: true, updatedAt: daysAgo(1), createdAt: daysAgo(2) },
        ],
      }),
      { timeScale: 0.01 },
    );
    // GitHub refuses comments on locked conversations to the workflow token.
    emu.faults.respond({ method: 'POST', path: /\/issues\/[123]\/comments$/, ...LOCKED, times: 10 });
    const config = `
rules:
  - id: crash
    if: { title: '/crash/i' }
    then: { add-labels: [bug], comment: Thanks. }
stale: { days-before-stale: 30, days-before-close: 14 }
`;
    const r = await sweep(config);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.requests.filter((e) => e.method === 'POST' && e.path.endsWith('/comments'))).toHaveLength(0);
    expect(labels(1)).toEqual([]);
    expect(issue(2)).toMatchObject({ state: 'open' });
    expect(labels(3)).toEqual(['bug']);
    expect(r.outputs).toMatchObject({ closed: '0', commented: '0', labeled: '1' });
  });

  it('a mark interrupted after the label: the next run posts the stale comment, and the close comes after it', async () => {
    emu = await h.start(
      scenarioOf({ issues: [{ number: 1, title: 'Old', updatedAt: daysAgo(100), createdAt: daysAgo(100) }] }),
      { timeScale: 0.01 },
    );
    const config =
      'stale: { days-before-stale: 30, days-before-close: 7, stale-comment: Stale., close-comment: Closed. }';
    emu.faults.respond({ method: 'POST', path: /\/issues\/1\/comments$/, status: 500, times: 5 });
    const broken = await sweep(config);
    expect(broken.code).toBe(1);
    expect(labels(1)).toEqual(['stale']);
    expect(comments(1)).toEqual([]);

    const rerun = await sweep(config);
    expect(rerun.code, rerun.stdout + rerun.stderr).toBe(0);
    expect(rerun.requests.filter((e) => e.method !== 'GET').map((e) => `${e.method} ${e.path}`)).toEqual([
      'POST /repos/octo/app/issues/1/comments',
    ]);
    expect(comments(1)).toEqual([`Stale.\n\n${STALE}`]);

    const quiet = await sweep(config);
    expect(RequestLog.summarize(quiet.requests).writes).toBe(0);
    emu.clock.advance(8 * 24 * 60 * 60 * 1000);
    const close = await sweep(config);
    expect(close.code, close.stdout).toBe(0);
    expect(issue(1)).toMatchObject({ state: 'closed', stateReason: 'not_planned' });
    expect(comments(1)).toEqual([`Stale.\n\n${STALE}`, 'Closed.\n\n<!-- repo-actions:triage stale-close -->']);
  });

  it('a reply after the mark unmarks even when the close would be due by then', async () => {
    emu = await h.start(
      scenarioOf({
        issues: [
          {
            number: 1,
            title: 'Marked, replied, then quiet',
            labels: ['stale'],
            createdAt: daysAgo(200),
            updatedAt: daysAgo(20),
            comments: [
              { body: `Stale.\n\n${STALE}`, user: 'github-actions[bot]', createdAt: daysAgo(30) },
              { body: 'Still happens on 2.0!', user: 'someone', createdAt: daysAgo(20) },
            ],
          },
        ],
      }),
      { timeScale: 0.01 },
    );
    const r = await sweep('stale: { days-before-stale: 60, days-before-close: 14 }');
    expect(r.code, r.stdout).toBe(0);
    expect(issue(1).state).toBe('open');
    expect(labels(1)).toEqual([]);
    expect(comments(1)).toHaveLength(2);
  });
});
