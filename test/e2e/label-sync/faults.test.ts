// label-sync under faults, through the committed bundle against the emulator: random 5xx over a whole sync, connections
// cut after the server applied a write, rate limits on writes, and a permission refusal. Exit 0 must mean the labels
// are exactly as the file says; a re-run must then write nothing.
import { describe, expect, it } from 'vitest';
import { runBundle } from '../../../harness/run-bundle';
import {
  expectedMap,
  type FileLabel,
  labelFile,
  mixedScenario as mixed,
  USER_TOKEN,
} from '../../../emulator/scenarios/label-sync';
import { messagePattern } from '../emulator-mode';
import { CONFIG, labelSyncHarness, writesOf } from './harness';

const h = labelSyncHarness();
const { start, run, issueLabels } = h;
const state = () => h.labels();

function expectConverged(file: FileLabel[]) {
  expect(state()).toEqual(expectedMap(file));
  expect(issueLabels(1)).toEqual(['bug']);
  expect(issueLabels(2)).toEqual(['bug']);
  expect(issueLabels(3)).toEqual(['feature']);
}

describe('label-sync under faults', () => {
  it.each([7, 11, 23, 42])(
    'converges exactly through random 5xx (rate 0.2, seed %i) over a whole sync, and a re-run writes nothing',
    async (randomSeed) => {
      const { seed, file } = mixed();
      await start([seed]);
      h.emu!.faults.random5xx({ rate: 0.2, seed: randomSeed });
      const r = await run(file, { prune: true });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      // the faults hit writes (and, with most seeds, reads too)
      expect(r.requests.filter((e) => e.status >= 500 && e.method !== 'GET').length).toBeGreaterThan(0);
      expectConverged(file);
      expect(r.outputs).toMatchObject({ created: '3', updated: '3', renamed: '2', deleted: '2' });

      const again = await run(file, { prune: true });
      expect(again.code, again.stdout).toBe(0);
      expect(writesOf(again)).toEqual([]);
      expectConverged(file);
    },
  );

  it('converges when writes of every kind answer 502 after the server applied them', async () => {
    const { seed, file } = mixed();
    await start([seed]);
    h.emu!.faults.respond({ method: 'POST', path: /\/labels$/, status: 502, afterHandler: true, times: 2 })
      .respond({ method: 'PATCH', status: 502, afterHandler: true, times: 3 })
      .respond({ method: 'DELETE', status: 502, afterHandler: true, times: 2 })
      .respond({ method: 'POST', path: /\/issues\/\d+\/labels$/, status: 502, afterHandler: true, times: 1 });
    const r = await run(file, { prune: true });
    expect(r.code, r.stdout).toBe(0);
    expect(h.emu!.faults.pending).toBe(0);
    expectConverged(file);
    const again = await run(file, { prune: true });
    expect(writesOf(again)).toEqual([]);
  });

  it.each([
    { what: 'a create', method: 'POST', path: /\/labels$/, follow: 422 },
    { what: 'an update', method: 'PATCH', path: /\/labels\/docs$/, follow: 200 },
    { what: 'a case change', method: 'PATCH', path: /\/labels\/QUESTION$/, follow: 200 },
    { what: 'a rename', method: 'PATCH', path: /\/labels\/enhancement$/, follow: 404 },
    { what: 'a prune delete', method: 'DELETE', path: /\/labels\/stray$/, follow: 404 },
    { what: 'the delete of a merged alias', method: 'DELETE', path: /\/labels\/defect$/, follow: 404 },
    { what: 'a merge relabelling', method: 'POST', path: /\/issues\/1\/labels$/, follow: 200 },
  ])(
    'a connection cut after the server applied $what: the retry finds it done; exit 0, exact state',
    async ({ method, path, follow }) => {
      const { seed, file } = mixed();
      await start([seed]);
      h.emu!.faults.reset({ method, path, when: 'after-body' });
      const r = await run(file, { prune: true });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(h.emu!.faults.pending).toBe(0);
      // the same request again, answered as after the first one happened
      const same = r.requests.filter((e) => e.method === method && path.test(e.path));
      expect(same.length, JSON.stringify(same)).toBeGreaterThanOrEqual(2);
      expect(same.slice(1).map((e) => e.status)).toContain(follow);
      expectConverged(file);

      const again = await run(file, { prune: true });
      expect(writesOf(again)).toEqual([]);
    },
  );

  it('waits out a 429 with retry-after and a secondary-limit 403 with retry-after on writes, then converges', async () => {
    const { seed, file } = mixed();
    await start([seed]);
    h.emu!.faults.respond({
      method: 'POST',
      path: /\/labels$/,
      status: 429,
      headers: { 'retry-after': '20' },
      body: { message: 'Too many requests' },
    }).respond({
      method: 'PATCH',
      path: /\/labels\/docs$/,
      status: 403,
      headers: { 'retry-after': '30' },
      body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
    });
    const r = await run(file, { prune: true });
    expect(r.code, r.stdout).toBe(0);
    expect(h.emu!.faults.pending).toBe(0);
    expect(r.stdout).toMatch(/429 with retry-after; retrying in 0\.2 s/);
    expect(r.stdout).toMatch(/403 with retry-after; retrying in 0\.3 s/);
    expectConverged(file);
  });

  it('waits for the reset of an exhausted primary limit (403, remaining 0, reset seconds away) on a write', async () => {
    const { seed, file } = mixed();
    await start([seed]);
    const reset = String(Math.floor(Date.now() / 1000) + 5);
    h.emu!.faults.respond({
      method: 'DELETE',
      path: /\/labels\/junk$/,
      status: 403,
      headers: {
        'x-ratelimit-limit': '1000',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-used': '1000',
        'x-ratelimit-reset': reset,
        'x-ratelimit-resource': 'core',
      },
      body: { message: 'API rate limit exceeded for installation.' },
    });
    const r = await run(file, { prune: true });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/primary rate limit exhausted; retrying/);
    expectConverged(file);
  });

  it('fails loudly on a permanent 403 (naming permissions: issues: write) and converges once it is lifted', async () => {
    const { seed, file } = mixed();
    await start([seed]);
    h.emu!.faults.respond({
      method: 'POST',
      path: /\/labels$/,
      status: 403,
      times: Infinity,
      headers: { 'x-accepted-github-permissions': 'issues=write' },
      body: {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/issues/labels#create-a-label',
      },
    });
    const r = await run(file, { prune: true });
    expect(r.code).toBe(1);
    const errors = r.annotations.filter((a) => a.level === 'error').map((a) => a.message);
    expect(errors.join('\n')).toMatch(/Resource not accessible by integration.*permissions: issues: write/);
    expect(r.stdout).toMatch(/::error::.*label operations? failed/);
    const plan = JSON.parse(r.outputs.plan) as { kind: string; status: string }[];
    expect(plan.filter((e) => e.kind === 'create').every((e) => e.status === 'failed')).toBe(true);

    h.emu!.faults.clear();
    const again = await run(file, { prune: true });
    expect(again.code, again.stdout).toBe(0);
    expect(again.outputs).toMatchObject({ created: '3' });
    expectConverged(file);
  });

  it('a primary limit exhausted mid-run with the reset hours away: fails, one error per cause, the next repository untouched', async () => {
    // A primary limit exists only where rate limiting is on: always on github.com; on GHES when its administrator
    // enables it ("Configuring rate limits"), which this test asks for in either mode.
    await start(
      [
        { owner: 'octo', name: 'app', labels: [] },
        { owner: 'octo', name: 'web', labels: [] },
      ],
      { rateLimiting: true },
    );
    const reset = String(Math.floor(Date.now() / 1000) + 36_000);
    h.emu!.faults.respond({
      method: 'POST',
      path: /\/labels$/,
      status: 403,
      headers: {
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-used': '5000',
        'x-ratelimit-reset': reset,
        'x-ratelimit-resource': 'core',
      },
      body: { message: 'API rate limit exceeded for user ID 1.' },
    });
    const file = Array.from({ length: 12 }, (_, i) => ({ name: `l-${i}`, color: 'ededed' }));
    const r = await runBundle('label-sync', {
      emulator: h.emu!,
      token: USER_TOKEN,
      inputs: { repositories: 'octo/app\nocto/web' },
      workspace: { [CONFIG]: labelFile(file) },
    });
    expect(r.code).toBe(1);
    const errors = r.annotations.filter((a) => a.level === 'error').map((a) => a.message);
    // the 403 itself, the writes that could not be sent (one error for all), the stop, and the headline
    expect(errors.length).toBeLessThanOrEqual(4);
    // (how many writes were still to send when the 403 came depends on timing: they fail as one error, not one each)
    expect(errors.filter((m) => /would have to wait/.test(m)).length).toBeLessThanOrEqual(2);
    expect(errors.join('\n')).toMatch(
      messagePattern(
        String.raw`octo\/app: create l-\d+: POST {api}\/repos\/octo\/app\/labels → 403: API rate limit exceeded`,
      ),
    );
    expect(errors.join('\n')).toMatch(
      /Stopped by the budget before octo\/web: it needs \d+ requests?, \d+ remain and \d+ are kept in reserve; the limit resets at \S+\. Done: none; applied with failures: octo\/app; not done: octo\/web\./,
    );
    expect(writesOf(r).filter((e) => e.path.startsWith('/repos/octo/web'))).toEqual([]);
    const plan = JSON.parse(r.outputs.plan) as { repository: string; status: string }[];
    expect(plan.filter((e) => e.repository === 'octo/web').every((e) => e.status === 'skipped')).toBe(true);
    expect(Number(r.outputs.created)).toBe(h.emu!.state.repo('octo/app')!.labels.length);
  });
});
