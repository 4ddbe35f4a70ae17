// The stale sweep through the bundle: 500 items, 20 to mark, 5 to close, 5 to label, at the minimum of 61 (60 + the repository's label list)
// requests; the same sweep again in the job costs only the list pages; a fresh runner reads no comments either.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RequestLog, type Emulator } from '../../../emulator';
import { newRunnerTemp } from '../../../harness/run-bundle';
import { REPO, STALE_SWEEP_CONFIG, staleSweepScenario, withoutPostToken } from '../../../emulator/scenarios/triage';
import { triageHarness } from './harness';

const h = triageHarness();
let emu: Emulator | undefined;

describe('triage: the stale sweep of 500 items', () => {
  it('61 requests (one the label list), no close comment; the same sweep again: the list pages only; a fresh runner: no comment reads', async () => {
    const s = staleSweepScenario();
    emu = await h.start(s.scenario, { timeScale: 0.01 });
    const runnerTemp = newRunnerTemp();
    const sweep = (temp?: string) =>
      h.run({
        ...(temp ? { runnerTemp: temp } : {}),
        event: { name: 'schedule', payload: {} },
        workspace: { '.github/triage.yml': STALE_SWEEP_CONFIG },
      });
    try {
      const first = await sweep(runnerTemp);
      expect(first.code, first.stdout).toBe(0);
      const a = RequestLog.summarize(first.requests);
      expect(a.writes).toBe(s.minimum.writes);
      expect(a.counted).toBeLessThanOrEqual(s.minimum.requests);
      const repo = emu.state.repo(REPO)!;
      const comments = (n: number) =>
        [...repo.comments.values()].filter((c) => c.issueNumber === n).map((c) => withoutPostToken(c.body));
      for (const n of s.toMark) {
        expect(repo.issues.get(n)!.labels.map((l) => l.name)).toEqual(['stale']);
        expect(comments(n)).toEqual([expect.stringContaining('<!-- repo-actions:triage stale -->')]);
      }
      for (const n of s.toClose) {
        expect(repo.issues.get(n)!).toMatchObject({ state: 'closed', stateReason: 'not_planned' });
        expect(comments(n)).toHaveLength(1); // no close comment: none configured
      }
      for (const n of s.toLabel) expect(repo.issues.get(n)!.labels.map((l) => l.name)).toEqual(['bug']);

      const again = await sweep(runnerTemp);
      expect(again.code, again.stdout).toBe(0);
      const b = RequestLog.summarize(again.requests);
      expect(b.writes).toBe(0);
      expect(b.counted).toBeLessThanOrEqual(5);
      expect(again.requests.filter((e) => e.path.endsWith('/comments'))).toEqual([]);

      // The next job on a fresh runner: the items it marked have one comment, their own: no read either.
      const fresh = await sweep();
      expect(fresh.code, fresh.stdout).toBe(0);
      expect(RequestLog.summarize(fresh.requests).writes).toBe(0);
    } finally {
      rmSync(runnerTemp, { recursive: true, force: true });
    }
  });
});
