// Migration day, through the bundle, for the runs around the stale marks (issue 37): a stale-only workflow in a
// repository that also has actions/labeler's file (the workspace's file is read only when a labeler workflow asks for it), a
// labeler workflow's pull request run (its outputs), and a sweep on a small budget (known before the plan, through
// the free `GET /rate_limit`: the sweep stops there, reports what remains and succeeds).
import { describe, expect, it } from 'vitest';
import type { Emulator, IssueSeed } from '../../../emulator';
import { daysAgo, scenarioOf } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';
import { repoView } from './repo-view';

const h = triageHarness();
let emu: Emulator | undefined;
const { issue, labels, comments } = repoView(() => emu);

const LABELER = `documentation:\n  - changed-files:\n      - any-glob-to-any-file: ['docs/**']\n`;
const idle = (number: number, more: Partial<IssueSeed> = {}): IssueSeed => ({
  number,
  title: `Item ${number}`,
  createdAt: daysAgo(200),
  updatedAt: daysAgo(100),
  ...more,
});
const docsPull = (number: number) =>
  idle(number, { pull: { head: `docs-${number}`, files: [{ filename: 'docs/guide.md' }] } });

describe('migration day: the runs around the marks', () => {
  it('a stale-only workflow beside .github/labeler.yml does only what actions/stale does: the file is not read', async () => {
    emu = await h.start(scenarioOf({ issues: [docsPull(1)] }));
    const r = await h.run({
      event: { name: 'schedule', payload: {} },
      inputs: { 'days-before-stale': '30', 'days-before-close': '7', 'stale-pr-message': 'Stale.' },
      workspace: { '.github/labeler.yml': LABELER },
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    // Marked stale (no labelling write counted as activity first), never labelled by the labeler file.
    expect(labels(1)).toEqual(['stale']);
    expect(comments(1)).toEqual([expect.stringContaining('Stale.')]);
    expect(r.requests.filter((e) => e.path.includes('labeler.yml'))).toEqual([]);
    expect(r.stdout).not.toContain('actions/labeler file');
  });

  it("a labeler workflow's pull request run reads the file and sets new-labels and all-labels as labeler does", async () => {
    emu = await h.start(scenarioOf({ issues: [docsPull(2)] }));
    const r = await h.run({
      event: {
        name: 'pull_request',
        payload: {
          action: 'synchronize',
          number: 2,
          pull_request: { number: 2, head: { ref: 'docs-2', sha: 'a'.repeat(40) }, base: { ref: 'main' } },
        },
      },
      workspace: { '.github/labeler.yml': LABELER },
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(labels(2)).toEqual(['documentation']);
    expect(r.outputs).toMatchObject({ 'new-labels': 'documentation', 'all-labels': 'documentation' });
  });

  it('a budget of 70 requests for 250 idle items: the sweep stops at the budget, reports remaining and exits 0', async () => {
    const numbers = Array.from({ length: 250 }, (_, i) => i + 1);
    const issues = numbers.map((n) => idle(n));
    // The list and details come through GraphQL (its own budget): only the REST budget bounds the writes.
    emu = await h.start(scenarioOf({ issues }), { graphql: true, limits: { workflow: 70 } });
    const r = await h.run({
      event: { name: 'schedule', payload: {} },
      inputs: { 'budget-reserve': '10', 'max-operations': '500' },
      workspace: { '.github/triage.yml': 'stale:\n  days-before-stale: 30\n  days-before-close: 7\n' },
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const marked = numbers.filter((n) => labels(n).includes('stale')).length;
    // Each mark is a label and a comment; 60 usable requests (70 less the reserve of 10) at most.
    expect(marked).toBeGreaterThan(20);
    expect(marked * 2).toBeLessThanOrEqual(60);
    expect(Number(r.outputs.remaining)).toBe(250 - marked);
    expect(r.stdout).toContain('Stopped by budget');
    expect(r.stdout).not.toContain('Budget too small');
    for (const n of numbers) expect(issue(n).state).toBe('open');
  });
});
