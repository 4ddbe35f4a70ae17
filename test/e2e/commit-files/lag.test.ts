// Through the bundle: GitHub's read-after-write lag after the work branch is pushed (emulator/faults.ts
// readAfterWriteLag, with its evidence) and its body limit. The create of the pull request is retried on the lag
// answers; "merged already" is said only when the compare agrees; a body over 65,536 characters is shortened.
import { describe, expect, it } from 'vitest';
import { errorsOf, harness } from './helpers';
import { REPO, scenarioOf } from '../../../emulator/scenarios/commit-files';

const h = harness();
const main = { 'README.md': '# app\n' };
const inputs = { message: 'Sync', branch: 'bot/sync', 'pull-request-title': 'Sync files' };
const pullsOf = (emu: Awaited<ReturnType<typeof h.start>>) =>
  [...emu.state.repo(REPO)!.issues.values()].filter((i) => i.pull);

describe('commit-files: read-after-write lag and body limits', () => {
  it.each(['pulls', 'head-invalid'] as const)(
    'a create answered with the lag (%s) twice is retried: one pull request',
    async (on) => {
      const emu = await h.start(scenarioOf({ main }));
      emu.faults.readAfterWriteLag({ on, times: 2, base: 'main', head: 'bot/sync' });
      const r = await h.run(inputs, h.ws({ 'README.md': '# app v2\n' }));
      expect(r.code, r.stdout).toBe(0);
      expect(pullsOf(emu)).toHaveLength(1);
      expect(r.requests.filter((e) => e.method === 'POST' && e.path.endsWith('/pulls')).map((e) => e.status)).toEqual([
        422, 422, 201,
      ]);
    },
  );

  it('a lag that outlasts the tries: the run fails saying the commit is pushed, never "merged already"', async () => {
    const emu = await h.start(scenarioOf({ main }));
    emu.faults.readAfterWriteLag({ on: 'pulls', times: 10, base: 'main', head: 'bot/sync' });
    const r = await h.run(inputs, h.ws({ 'README.md': '# app v2\n' }));
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(/kept answering "No commits between main and bot\/sync" though bot\/sync has 1 commit/);
    expect(r.stdout).not.toMatch(/merged already/);
    expect(emu.state.branchSha(REPO, 'bot/sync')).toBe(r.outputs['commit-sha']);
  });

  it('a pull-request body over 65,536 characters is shortened with a note; a re-run changes nothing', async () => {
    const emu = await h.start(scenarioOf({ main }));
    const body = `${'line of the report\n'.repeat(5000)}`;
    const dir = h.ws({ 'README.md': '# app v2\n' });
    const r = await h.run({ ...inputs, 'pull-request-body': body }, dir);
    expect(r.code, r.stdout).toBe(0);
    const [pull] = pullsOf(emu);
    expect([...(pull.body ?? '')].length).toBeLessThanOrEqual(65_536);
    expect(pull.body).toMatch(/\*\[Shortened to fit GitHub's limit of 65536 characters\]\*$/);
    const again = await h.run({ ...inputs, 'pull-request-body': body }, dir);
    expect(again.code, again.stdout).toBe(0);
    expect(again.requests.filter((e) => e.method === 'PATCH' && e.path.includes('/pulls/'))).toEqual([]);
  });

  it.each([
    ['a new work branch', inputs],
    ['the base branch itself', { message: 'Sync' }],
  ])(
    'a ref write answered "Reference update failed" twice (%s) is read, then sent again: one commit',
    async (_what, run) => {
      const emu = await h.start(scenarioOf({ main }));
      emu.faults.readAfterWriteLag({ on: 'refs', times: 2 });
      const r = await h.run(run, h.ws({ 'README.md': '# app v2\n' }));
      expect(r.code, r.stdout).toBe(0);
      const branch = 'branch' in run ? run.branch : 'main';
      expect(emu.state.branchSha(REPO, branch)).toBe(r.outputs['commit-sha']);
      const refWrites = r.requests.filter((e) => e.method !== 'GET' && /\/git\/refs/.test(e.path));
      expect(refWrites.map((e) => e.status)).toEqual([422, 422, expect.any(Number)]);
    },
  );
});
