// max-operations stopping and the next run resuming, dry-run, and a bad config.
import { describe, expect, it } from 'vitest';
import { RequestLog, type Emulator } from '../../../emulator';
import { daysAgo, REPO, scenarioOf, SWEEP_CONFIG, sweepScenario } from '../../../emulator/scenarios/triage';
import { NO_PRIMARY_LIMIT, NO_PRIMARY_LIMIT_SAID } from '../emulator-mode';
import { triageHarness } from './harness';

const h = triageHarness();
let emu: Emulator | undefined;

describe('triage limits', () => {
  it('stops at max-operations, reports what remains, and the next runs continue where it stopped', async () => {
    const issues = Array.from({ length: 12 }, (_, i) => ({
      number: i + 1,
      title: i % 6 === 5 ? `Question ${i + 1}` : `Crash ${i + 1}`,
      updatedAt: daysAgo(30 - i),
      createdAt: daysAgo(40),
    }));
    emu = await h.start(scenarioOf({ issues }), { timeScale: 0.01 });
    const sweep = () =>
      h.run({
        inputs: { 'max-operations': 4 },
        event: { name: 'workflow_dispatch', payload: {} },
        workspace: { '.github/triage.yml': SWEEP_CONFIG },
      });
    const labelled = () =>
      [...emu!.state.repo(REPO)!.issues.values()].filter((i) => i.labels.length > 0).map((i) => i.number);
    const expectedRemaining = ['6', '2', '0'];
    const expectedLabelled = [
      [1, 2, 3, 4],
      [1, 2, 3, 4, 5, 7, 8, 9],
      [1, 2, 3, 4, 5, 7, 8, 9, 10, 11],
    ];
    for (let run = 0; run < 3; run++) {
      const r = await sweep();
      expect(r.code, r.stdout).toBe(0);
      expect(RequestLog.summarize(r.requests).writes).toBe(run < 2 ? 4 : 2);
      expect(r.outputs).toMatchObject({ operations: String(run < 2 ? 4 : 2), remaining: expectedRemaining[run] });
      expect(labelled().sort((a, b) => a - b)).toEqual(expectedLabelled[run]);
      if (run < 2) expect(r.stdout).toMatch(/max-operations \(4\)/);
    }
  });

  it('resuming rules that comment: items handled by an earlier run are not counted as remaining', async () => {
    const issues = Array.from({ length: 8 }, (_, i) => ({
      number: i + 1,
      title: `Crash ${i + 1}`,
      updatedAt: daysAgo(30 - i),
      createdAt: daysAgo(40),
    }));
    emu = await h.start(scenarioOf({ issues }), { timeScale: 0.01 });
    const config =
      "rules:\n  - id: crash\n    if: { title: '/crash/i' }\n    then: { add-labels: [bug], comment: Thanks. }\n";
    const sweep = () =>
      h.run({
        inputs: { 'max-operations': 4 },
        event: { name: 'schedule', payload: {} },
        workspace: { '.github/triage.yml': config },
      });
    for (const remaining of ['6', '4', '2', '0']) {
      const r = await sweep();
      expect(r.code, r.stdout).toBe(0);
      expect(r.outputs).toMatchObject({ operations: '4', remaining });
    }
    const done = await sweep();
    expect(done.outputs).toMatchObject({ operations: '0', remaining: '0' });
    const comments = [...emu.state.repo(REPO)!.comments.values()];
    expect(comments.map((c) => c.issueNumber).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('stops when the budget (minus budget-reserve) would be exceeded, and says what remains (no primary limit: nothing stops)', async () => {
    const a = sweepScenario();
    // Time-scaled windows: the client's budget follows the emulator's reset as it moves.
    emu = await h.start(a.scenario, { timeScale: 0.01 });
    // 1000 requests an hour; the 5 list pages leave 995, of which 990 are kept back: 5 writes fit.
    const r = await h.run({
      inputs: { 'budget-reserve': 990 },
      event: { name: 'schedule', payload: {} },
      workspace: { '.github/triage.yml': SWEEP_CONFIG },
    });
    expect(r.code, r.stdout).toBe(0);
    if (NO_PRIMARY_LIMIT) {
      // No primary limit: the reserve holds nothing back; every item is done in this run and the run says why.
      expect(r.stdout).toMatch(NO_PRIMARY_LIMIT_SAID);
      expect(r.outputs).toMatchObject({ remaining: '0' });
      expect(r.stdout).not.toContain('Stopped by budget');
      return;
    }
    // The labels the 5 planned writes add are seen on listed items: the repository's label list is not read.
    expect(RequestLog.summarize(r.requests)).toMatchObject({ counted: 10, writes: 5 });
    expect(r.outputs).toMatchObject({ operations: '5', remaining: '25' });
    expect(r.stdout).toContain('Stopped by budget: 25 items left for the next run.');
  });

  it('a failing write fails the run with every failure listed; the other items are still done', async () => {
    const issues = [1, 2, 3].map((n) => ({
      number: n,
      title: `Crash ${n}`,
      updatedAt: daysAgo(10 - n),
      createdAt: daysAgo(20),
    }));
    emu = await h.start(scenarioOf({ issues }), { timeScale: 0.01 });
    emu.faults.respond({
      method: 'POST',
      path: /\/issues\/2\/labels$/,
      status: 403,
      body: { message: 'Resource not accessible by integration' },
    });
    const r = await h.run({
      event: { name: 'schedule', payload: {} },
      workspace: { '.github/triage.yml': SWEEP_CONFIG },
    });
    expect(r.code).toBe(1);
    expect(r.annotations).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: expect.stringMatching(/add-label #2 bug: POST .*issues\/2\/labels → 403.*permissions: issues: write/),
      }),
    );
    expect(r.outputs).toMatchObject({ operations: '2', labeled: '2' });
    const labels = (n: number) =>
      emu!.state
        .repo(REPO)!
        .issues.get(n)!
        .labels.map((l) => l.name);
    expect([labels(1), labels(2), labels(3)]).toEqual([['bug'], [], ['bug']]);
  });

  it('dry-run prints the plan and writes nothing', async () => {
    const a = sweepScenario();
    emu = await h.start(a.scenario, { timeScale: 0.01 });
    const r = await h.run({
      inputs: { 'dry-run': true },
      event: { name: 'schedule', payload: {} },
      workspace: { '.github/triage.yml': SWEEP_CONFIG },
    });
    expect(r.code, r.stdout).toBe(0);
    // The 5 list pages and the repository's label list.
    expect(RequestLog.summarize(r.requests)).toMatchObject({ writes: 0, counted: 6 });
    expect(r.outputs).toMatchObject({
      operations: '30',
      labeled: '30',
      remaining: '0',
      'open-issues': '400',
      'open-pull-requests': '100',
    });
    expect(r.stdout).toContain('Plan (dry run, nothing written)');
    expect(r.stdout).toMatch(/add-label\s+#20\s+bug\s+rule crash/);
    expect(r.summary).toContain('Triage (dry run)');
    expect(
      [...emu.state.repo(REPO)!.issues.values()].filter((i) => i.labels.some((l) => l.name === 'documentation')),
    ).toHaveLength(0);
  });

  it('a bad config fails with its file and line, before any request', async () => {
    const a = sweepScenario();
    emu = await h.start(a.scenario, { timeScale: 0.01 });
    const bad = "rules:\n  - id: crash\n    if:\n      title: '/(crash/i'\n    then: { add-labels: [bug] }\n";
    const r = await h.run({
      event: { name: 'schedule', payload: {} },
      workspace: { '.github/triage.yml': bad },
    });
    expect(r.code).toBe(1);
    expect(r.annotations).toContainEqual(
      expect.objectContaining({
        level: 'error',
        file: '.github/triage.yml',
        line: 4,
        message: expect.stringContaining('regular expression /(crash/i cannot be used'),
      }),
    );
    expect(RequestLog.summarize(r.requests)).toMatchObject({ counted: 0, writes: 0 });
  });

  it('reads the config from the default branch through the contents API when the workspace has none', async () => {
    emu = await h.start(
      scenarioOf({
        branches: { main: { '.github/triage.yml': SWEEP_CONFIG } },
        issues: [{ number: 1, title: 'Crash' }],
      }),
      { timeScale: 0.01 },
    );
    const r = await h.run({
      event: { name: 'issues', payload: { action: 'opened', issue: { number: 1 } } },
    });
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.filter((e) => e.counted).map((e) => `${e.method} ${decodeURIComponent(e.path)}`)).toEqual([
      'GET /repos/octo/app/contents/.github/triage.yml',
      'GET /repos/octo/app/issues/1',
      'GET /repos/octo/app/labels',
      'POST /repos/octo/app/issues/1/labels',
    ]);
    expect(
      emu.state
        .repo(REPO)!
        .issues.get(1)!
        .labels.map((l) => l.name),
    ).toEqual(['bug']);

    const missing = await h.run({
      inputs: { config: '.github/nope.yml' },
      event: { name: 'schedule', payload: {} },
    });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(/\.github\/nope\.yml.*not found in the workspace/);
  });
});
