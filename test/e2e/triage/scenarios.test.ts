// Scenarios A–C of the issue through the committed bundle, with request counts from the emulator's log.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RequestLog, type Emulator } from '../../../emulator';
import { newRunnerTemp } from '../../../harness/run-bundle';
import {
  EVENT_CONFIG,
  eventScenario,
  REPO,
  SWEEP_CONFIG,
  sweepScenario,
  withoutPostToken,
} from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();
let emu: Emulator | undefined;

const labelsOf = (n: number) =>
  emu!.state
    .repo(REPO)!
    .issues.get(n)!
    .labels.map((l) => l.name);

describe('triage scenarios', () => {
  it('A + B: a sweep over 500 items makes the 30 writes with 5 list requests; the same sweep again answers 304 and writes nothing', async () => {
    const a = sweepScenario();
    emu = await h.start(a.scenario, { timeScale: 0.01 });
    const runnerTemp = newRunnerTemp();
    try {
      const run = () =>
        h.run({
          runnerTemp,
          event: { name: 'schedule', payload: { schedule: '0 3 * * *' } },
          workspace: { '.github/triage.yml': SWEEP_CONFIG },
        });
      const first = await run();
      expect(first.stderr).toBe('');
      expect(first.code, first.stdout).toBe(0);
      const s = RequestLog.summarize(first.requests);
      expect(s.writes).toBe(a.minimum.writes);
      expect(s.counted).toBeLessThanOrEqual(Math.floor(a.minimum.requests * 1.1));
      const lists = first.requests.filter((e) => e.method === 'GET' && e.path === '/repos/octo/app/issues');
      expect(lists).toHaveLength(5);
      expect(
        lists.every(
          (e) => /per_page=100/.test(e.query) && /sort=updated/.test(e.query) && /direction=asc/.test(e.query),
        ),
      ).toBe(true);
      expect(first.outputs).toMatchObject({
        processed: '500',
        operations: '30',
        labeled: '30',
        commented: '0',
        closed: '0',
        remaining: '0',
        'open-issues': '400',
        'open-pull-requests': '100',
      });
      for (const n of a.needing) expect(labelsOf(n)).toEqual([n <= 400 ? 'bug' : 'documentation']);
      expect(first.summary).toContain('400 issues, 100 pull requests');

      // The writes moved the handled items to the back of the list: the next run reads the new pages once...
      const second = await run();
      expect(second.code, second.stdout).toBe(0);
      expect(RequestLog.summarize(second.requests).writes).toBe(0);
      // ...and B, the same sweep again in the same job, is answered from the ETag cache.
      const b = await run();
      expect(b.code, b.stdout).toBe(0);
      const sb = RequestLog.summarize(b.requests);
      expect(sb).toMatchObject({ counted: 0, writes: 0, notModified: 5 });
      expect(b.outputs).toMatchObject({ operations: '0', remaining: '0', 'open-issues': '400' });
    } finally {
      rmSync(runnerTemp, { recursive: true, force: true });
    }
  });

  it('C: an issues.opened event matching 2 rules → 1 fresh read + the label list + the 3 writes', async () => {
    const c = eventScenario();
    emu = await h.start(c.scenario, { timeScale: 0.01 });
    const r = await h.run({
      event: { name: 'issues', payload: c.payload },
      workspace: { '.github/triage.yml': EVENT_CONFIG },
    });
    expect(r.stderr).toBe('');
    expect(r.code, r.stdout).toBe(0);
    const s = RequestLog.summarize(r.requests);
    expect(s).toMatchObject({ counted: c.minimum.requests, writes: c.minimum.writes });
    expect(r.requests.filter((e) => !e.contentCreating && e.counted).map((e) => `${e.method} ${e.path}`)).toEqual([
      'GET /repos/octo/app/issues/1',
      'GET /repos/octo/app/labels',
    ]);
    expect(labelsOf(1).sort()).toEqual(['area: api', 'bug']);
    const comments = [...emu.state.repo(REPO)!.comments.values()].filter((cm) => cm.issueNumber === 1);
    expect(comments.map((cm) => withoutPostToken(cm.body))).toEqual([
      'Thanks! The API team will look at this.\n\n<!-- repo-actions:triage rule=api -->',
    ]);
    expect(r.outputs).toMatchObject({ processed: '1', operations: '3', labeled: '2', commented: '1', remaining: '0' });

    // A redelivery of the same event: the fresh read shows everything done; the comment is not posted twice.
    const again = await h.run({
      event: { name: 'issues', payload: c.payload },
      workspace: { '.github/triage.yml': EVENT_CONFIG },
    });
    expect(again.code, again.stdout).toBe(0);
    expect(RequestLog.summarize(again.requests).writes).toBe(0);
    expect([...emu.state.repo(REPO)!.comments.values()].filter((cm) => cm.issueNumber === 1)).toHaveLength(1);
  });
});
