// label-sync creating many labels against the emulator's strict secondary limits (emulator/limits.ts: one write in
// flight per identity, a second apart past a burst of 5, fewer than 80 a minute): the client's writes go one at a
// time a second apart (src/github/client/pacer.ts), so GitHub refuses none and the labels are exactly the file's; with an
// even lower undisclosed limit the spacing backs off and the run still ends exact.
import { describe, expect, it } from 'vitest';
import { expectedMap, labelMap, scenarioC } from '../../../emulator/scenarios/label-sync';
import { labelSyncHarness } from './harness';

const h = labelSyncHarness();

describe('label-sync against strict secondary limits', () => {
  it('creates 250 labels with no refused write, one at a time and a (scaled) second apart', async () => {
    const c = scenarioC();
    // A minute lasts 0.6 s and a second 10 ms (the client scales its spacing the same way).
    const emu = await h.start([{ owner: 'octo', name: 'app', labels: [] }], { strictSecondary: true });
    const r = await h.run(c.file);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const refused = r.requests.filter((e) => e.limited);
    expect(refused).toEqual([]);
    const writes = r.requests.filter((e) => e.contentCreating);
    expect(writes).toHaveLength(250);
    // Never two writes at once: each starts after the previous one ended.
    const sorted = writes.slice().sort((a, b) => a.startedAt - b.startedAt);
    for (let i = 1; i < sorted.length; i++)
      expect(sorted[i].startedAt).toBeGreaterThanOrEqual(sorted[i - 1].startedAt + sorted[i - 1].durationMs);
    expect(JSON.stringify(labelMap(emu.state.repo('octo/app')!.labels))).toBe(JSON.stringify(expectedMap(c.file)));
    expect(r.stdout).toMatch(
      /250 writes go one at a time, at least 1 s apart \(GitHub allows 80 a minute and 500 an hour; 0 in the last hour\)/,
    );
    // 250 writes 10 ms apart at least: 2.5 s; far from the 120 s wait bound.
    expect(r.wallMs).toBeGreaterThan(2_490);
  });

  it('backs off under a lower undisclosed limit (30 a minute, 429 without retry-after) and still ends exact', async () => {
    const c = scenarioC();
    const file = c.file.slice(0, 120);
    const emu = await h.start([{ owner: 'octo', name: 'app', labels: [] }], {
      strictSecondary: { writesPerMinute: 30 },
      secondaryLimit: { status: 429, retryAfter: false },
    });
    const r = await h.run(file);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const refused = r.requests.filter((e) => e.limited);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((e) => e.limitReason === 'writes-minute')).toBe(true);
    // Each refusal doubles the spacing (and holds the writes a minute): a few per minute of writes at most.
    expect(refused.length).toBeLessThanOrEqual(12);
    expect(JSON.stringify(labelMap(emu.state.repo('octo/app')!.labels))).toBe(JSON.stringify(expectedMap(file)));
  });
});
