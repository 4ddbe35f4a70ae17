// The shared client against the loopback emulator: the budget numbers, free 304s, pacing under the
// secondary limits and convergence under injected faults, measured from the emulator's request log.
import { afterEach, describe, expect, it } from 'vitest';
import { BudgetError, createClient } from '../../../src/github/client';
import { createEmulator, type Emulator, type Scenario } from '../../../emulator';

const TOKEN = 'ghs_workflowtoken';
const scenario = (): Scenario => ({
  tokens: {
    [TOKEN]: { kind: 'workflow', repositories: ['octo/app'], permissions: { issues: 'write', contents: 'write' } },
  },
  repositories: [{ owner: 'octo', name: 'app', labels: [{ name: 'bug', color: 'd73a4a' }] }],
});

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

function client(e: Emulator, extra: Partial<Parameters<typeof createClient>[0]> = {}) {
  return createClient({
    token: TOKEN,
    action: 'e2e',
    baseUrl: e.apiUrl,
    cacheDir: null,
    timeScale: e.options.timeScale ?? 1,
    ...extra,
  });
}

describe('client against the emulator', () => {
  it('spends 60 requests of a 1000 budget, answers a 304 for free, and refuses an unaffordable plan before any write', async () => {
    emu = await createEmulator(scenario());
    const c = client(emu, { reserve: 100 });
    for (let i = 0; i < 60; i++)
      await c.octokit.request('GET /repos/{owner}/{repo}/labels/{name}', {
        owner: 'octo',
        repo: 'app',
        name: 'bug',
        request: { noCache: true },
      });
    expect(c.budget.state()).toMatchObject({ known: true, limit: 1000, remaining: 940 });

    const mark = emu.log.mark();
    await c.paginate('GET /repos/{owner}/{repo}/labels', { owner: 'octo', repo: 'app' });
    const remainingAfter200 = c.budget.state().remaining;
    await c.paginate('GET /repos/{owner}/{repo}/labels', { owner: 'octo', repo: 'app' });
    const entries = emu.log.since(mark);
    expect(entries.map((e) => [e.status, e.counted])).toEqual([
      [200, true],
      [304, false],
    ]);
    expect(c.budget.state().remaining).toBe(remainingAfter200);
    expect(c.telemetry.snapshot().notModified).toBe(1);

    const writesBefore = emu.log.summary().writes;
    // (400 writes: more than 500 would meet the hour's write limit first, test/unit/github/client/write-pacing.test.ts)
    const refused = await c.budget.ensure({ requests: 900, writes: 400 }, 'the plan').catch((e) => e);
    expect(refused).toBeInstanceOf(BudgetError);
    expect(refused.message).toMatch(/needs 900 requests, 939 remain and 100 are kept in reserve \(839 usable\)/);
    expect(emu.log.summary().writes).toBe(writesBefore);
  });

  it('sends 120 content-creating requests without a single secondary-limit rejection', async () => {
    emu = await createEmulator(scenario(), { timeScale: 0.02 });
    const c = client(emu);
    await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        c.octokit.rest.issues.createLabel({ owner: 'octo', repo: 'app', name: `l-${i}`, color: 'ededed' }),
      ),
    );
    expect(emu.log.entries.filter((e) => e.limited)).toEqual([]);
    expect(emu.state.repo('octo/app')!.labels).toHaveLength(121);
    // One at a time; past the first 5 a (scaled) second apart, so the run waited (src/github/client/pacer.ts).
    expect(c.telemetry.snapshot().waitedMs).toBeGreaterThan(0);
  });

  it('converges under random 5xx and connection resets', async () => {
    emu = await createEmulator(scenario(), { timeScale: 0.001 });
    emu.faults.random5xx({ rate: 0.25, seed: 7 });
    emu.faults.reset({ method: 'POST', times: 2 });
    const c = client(emu);
    const names = Array.from({ length: 20 }, (_, i) => `f-${i}`);
    for (const name of names) {
      // The write declares its rule, as the actions' calls do: a lost answer is repeated.
      const rule = { request: { afterLostAnswer: 'repeat' as const } };
      await c.octokit.rest.issues
        .createLabel({ owner: 'octo', repo: 'app', name, color: '000000', ...rule })
        .catch((err) => {
          // A reset after the write means the retry finds the label created: already_exists is success here.
          if (err.status !== 422) throw err;
        });
    }
    expect(emu.state.repo('octo/app')!.labels.map((l) => l.name)).toEqual(expect.arrayContaining(names));
    expect(c.telemetry.snapshot().retries).toBeGreaterThan(0);
  });
});
