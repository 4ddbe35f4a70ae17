// Faults through the committed bundle: random 5xx over a whole commit, answers lost after the server applied a
// write (tree, commit, branch creation, ref update, pull request), rate limits with retry-after, a permanent 403,
// and re-runs after a failure: the branch always ends with exactly the intended tree and one commit.
import { describe, expect, it } from 'vitest';
import { RequestLog } from '../../../emulator';
import { branchFiles, commitsSince, errorsOf, harness, writesOf } from './helpers';
import { binary, REPO, scenarioOf, WORKFLOW_TOKEN, type LocalSeed } from '../../../emulator/scenarios/commit-files';

const h = harness();

const main = { 'README.md': '# app\n', 'docs/old.md': 'old\n', 'docs/keep.md': 'keep\n', 'bin/run': '#!/bin/sh\n' };
const workspace = (): Record<string, LocalSeed> => ({
  'README.md': '# app v2\n',
  'docs/keep.md': 'keep\n',
  'docs/new.md': 'new\n',
  'bin/run': { content: '#!/bin/sh\n', executable: true },
  'assets/logo.bin': binary(20_000, 9),
});
/** What the branch must hold after the commit (delete-missing on). */
const intended = {
  'README.md': '100644 # app v2\n',
  'docs/keep.md': '100644 keep\n',
  'docs/new.md': '100644 new\n',
  'bin/run': '100755 #!/bin/sh\n',
  'assets/logo.bin': `100644 ${binary(20_000, 9).toString('utf8')}`,
};
const inputs = { message: 'Sync', 'delete-missing': true };

describe('commit-files under faults', () => {
  it.each([1, 2, 3, 4, 5])(
    'random 5xx at rate 0.2 (seed %i) over a whole commit: the intended tree, one commit, exit 0',
    async (seed) => {
      const emu = await h.start(scenarioOf({ main }));
      const before = emu.state.branchSha(REPO, 'main');
      emu.faults.random5xx({ rate: 0.2, seed });
      const dir = h.ws(workspace());
      const r = await h.run(inputs, dir);
      expect(r.code, r.stdout).toBe(0);
      expect(branchFiles(emu, 'main')).toEqual(intended);
      expect(commitsSince(emu, 'main', before)).toEqual([r.outputs['commit-sha']]);
      expect(r.outputs).toMatchObject({
        committed: 'true',
        'files-added': '2',
        'files-updated': '2',
        'files-deleted': '1',
      });
      // A re-run under the same faults converges: no second commit.
      const again = await h.run(inputs, dir);
      expect(again.code, again.stdout).toBe(0);
      expect(again.outputs.committed).toBe('false');
      expect(commitsSince(emu, 'main', before)).toHaveLength(1);
    },
  );

  it('the seeded random faults did hit the run', async () => {
    const emu = await h.start(scenarioOf({ main }));
    emu.faults.random5xx({ rate: 0.2, seed: 3 });
    const r = await h.run(inputs, h.ws(workspace()));
    expect(r.code, r.stdout).toBe(0);
    expect(r.requests.filter((e) => e.injected === 'random5xx').length).toBeGreaterThan(0);
  });

  it.each([
    ['the tree POST', /\/git\/trees$/],
    ['the commit POST', /\/git\/commits$/],
    ['the blob POST', /\/git\/blobs$/],
  ])('a connection reset after %s was applied: retried, one commit on the branch', async (_what, path) => {
    const emu = await h.start(scenarioOf({ main }));
    const before = emu.state.branchSha(REPO, 'main');
    emu.faults.reset({ method: 'POST', path, when: 'after-body' });
    const r = await h.run(inputs, h.ws(workspace()));
    expect(r.code, r.stdout).toBe(0);
    expect(emu.faults.pending).toBe(0);
    expect(branchFiles(emu, 'main')).toEqual(intended);
    expect(commitsSince(emu, 'main', before)).toEqual([r.outputs['commit-sha']]);
  });

  it('a connection reset after the ref update was applied: the retry finds the ref at our commit, done', async () => {
    const emu = await h.start(scenarioOf({ main }));
    const before = emu.state.branchSha(REPO, 'main');
    emu.faults.reset({ method: 'PATCH', path: /\/git\/refs\//, when: 'after-body' });
    const r = await h.run(inputs, h.ws(workspace()));
    expect(r.code, r.stdout).toBe(0);
    expect(emu.faults.pending).toBe(0);
    expect(commitsSince(emu, 'main', before)).toEqual([r.outputs['commit-sha']]);
    expect(branchFiles(emu, 'main')).toEqual(intended);
    expect(writesOf(r).filter((w) => w.startsWith('POST /git/commits'))).toHaveLength(1);
  });

  it('the ref update applied but answered 422 "not a fast forward" (the retry saw it moved): recognised as done, no second commit', async () => {
    const emu = await h.start(scenarioOf({ main }));
    const before = emu.state.branchSha(REPO, 'main');
    emu.faults.respond({
      method: 'PATCH',
      path: /\/git\/refs\//,
      status: 422,
      body: { message: 'Update is not a fast forward' },
      afterHandler: true,
    });
    const r = await h.run(inputs, h.ws(workspace()));
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({ committed: 'true', 'commit-sha': emu.state.branchSha(REPO, 'main') });
    expect(commitsSince(emu, 'main', before)).toEqual([r.outputs['commit-sha']]);
    expect(writesOf(r).filter((w) => w.startsWith('POST /git/commits'))).toHaveLength(1);
    expect(r.stdout).toMatch(/already at .*earlier attempt/);
  });

  it('a 502 after the ref update was applied: the retried update is a no-op, one commit', async () => {
    const emu = await h.start(scenarioOf({ main }));
    const before = emu.state.branchSha(REPO, 'main');
    emu.faults.respond({ method: 'PATCH', path: /\/git\/refs\//, status: 502, afterHandler: true });
    const r = await h.run(inputs, h.ws(workspace()));
    expect(r.code, r.stdout).toBe(0);
    expect(commitsSince(emu, 'main', before)).toEqual([r.outputs['commit-sha']]);
  });

  it('a reset after the branch was created: the retry gets "Reference already exists" and recognises its own commit', async () => {
    const emu = await h.start(scenarioOf({ main }));
    const base = emu.state.branchSha(REPO, 'main');
    emu.faults.reset({ method: 'POST', path: /\/git\/refs$/, when: 'after-body' });
    const r = await h.run({ ...inputs, branch: 'bot/sync' }, h.ws(workspace()));
    expect(r.code, r.stdout).toBe(0);
    // The first attempt created the branch (its answer lost); the retry was refused.
    expect(writesOf(r).filter((w) => w.startsWith('POST /git/refs'))).toEqual([
      'POST /git/refs 201',
      'POST /git/refs 422',
    ]);
    expect(commitsSince(emu, 'bot/sync', base)).toEqual([r.outputs['commit-sha']]);
    expect(branchFiles(emu, 'bot/sync')).toEqual(intended);
    expect(emu.state.branchSha(REPO, 'main')).toBe(base);
  });

  it('a reset after the pull request was opened: the retry gets "already exists", finds it and updates it', async () => {
    const emu = await h.start(scenarioOf({ main }));
    emu.faults.reset({ method: 'POST', path: /\/pulls$/, when: 'after-body' });
    const pr = { branch: 'bot/sync', 'pull-request-title': 'Sync files', 'pull-request-body': 'Body' };
    const r = await h.run({ ...inputs, ...pr }, h.ws(workspace()));
    expect(r.code, r.stdout).toBe(0);
    const pulls = [...emu.state.repo(REPO)!.issues.values()].filter((i) => i.pull);
    expect(pulls).toHaveLength(1);
    expect(pulls[0]).toMatchObject({ title: 'Sync files', body: 'Body', state: 'open' });
    expect(r.outputs['pull-request-number']).toMatch(/^\d+$/);
    expect(emu.state.repo(REPO)!.issues.get(Number(r.outputs['pull-request-number']))?.pull).toBeDefined();
  });

  it('a pull request opened meanwhile with another title: the create answers "already exists", ours updates it', async () => {
    const emu = await h.start(scenarioOf({ main }));
    const dir = h.ws(workspace());
    const pr = { branch: 'bot/sync', 'pull-request-title': 'Ours', 'pull-request-body': 'Our body' };
    const first = await h.run(
      { ...inputs, ...pr, 'pull-request-title': 'Theirs', 'pull-request-body': 'Their body' },
      dir,
    );
    expect(first.code, first.stdout).toBe(0);
    // Our list finds nothing (as if read just before the other run opened its pull request).
    emu.faults.respond({ method: 'GET', path: /\/pulls$/, status: 200, body: [] });
    const r = await h.run({ ...inputs, ...pr }, dir);
    expect(r.code, r.stdout).toBe(0);
    const pulls = [...emu.state.repo(REPO)!.issues.values()].filter((i) => i.pull);
    expect(pulls).toHaveLength(1);
    expect(pulls[0]).toMatchObject({ title: 'Ours', body: 'Our body' });
    expect(r.requests.filter((e) => e.path.includes('/pulls')).map((e) => `${e.method} ${e.status}`)).toEqual([
      'GET 200',
      'POST 422',
      'GET 200',
      'PATCH 200',
    ]);
  });

  it('429 and a secondary-limit 403 with retry-after are waited out', async () => {
    const emu = await h.start(scenarioOf({ main }));
    const before = emu.state.branchSha(REPO, 'main');
    emu.faults.respond({
      method: 'POST',
      path: /\/git\/trees$/,
      status: 429,
      headers: { 'retry-after': '2' },
      body: { message: 'Too many requests' },
    });
    emu.faults.respond({
      method: 'POST',
      path: /\/git\/commits$/,
      status: 403,
      headers: { 'retry-after': '3' },
      body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
    });
    const r = await h.run(inputs, h.ws(workspace()));
    expect(r.code, r.stdout).toBe(0);
    expect(writesOf(r)).toEqual([
      'POST /git/blobs 201',
      'POST /git/trees 429',
      'POST /git/trees 201',
      'POST /git/commits 403',
      'POST /git/commits 201',
      'PATCH /git/refs/heads/main 200',
    ]);
    expect(commitsSince(emu, 'main', before)).toHaveLength(1);
  });

  it('a permanent 403 fails loudly naming contents: write, nothing written', async () => {
    const scenario = scenarioOf({ main });
    scenario.tokens![WORKFLOW_TOKEN] = { kind: 'workflow', repositories: [REPO], permissions: { contents: 'read' } };
    const emu = await h.start(scenario);
    const before = emu.state.branchSha(REPO, 'main');
    const r = await h.run(inputs, h.ws(workspace()));
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(/403.*Resource not accessible by integration.*permissions: contents: write/);
    expect(emu.state.branchSha(REPO, 'main')).toBe(before);
    // Not retried: one refused write.
    expect(RequestLog.summarize(r.requests).byStatus['403']).toBe(1);
  });

  it('no pull-requests permission: the commit lands with its outputs, the run fails naming pull-requests: write', async () => {
    const scenario = scenarioOf({ main });
    scenario.tokens![WORKFLOW_TOKEN] = { kind: 'workflow', repositories: [REPO], permissions: { contents: 'write' } };
    const emu = await h.start(scenario);
    const r = await h.run({ ...inputs, branch: 'bot/sync', 'pull-request-title': 'Sync' }, h.ws(workspace()));
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(/403.*permissions: pull-requests: write/);
    expect(r.outputs).toMatchObject({ committed: 'true', 'commit-sha': emu.state.branchSha(REPO, 'bot/sync') });
  });

  it('a run that failed on the ref update, then a re-run: one commit; a third run: none', async () => {
    const emu = await h.start(scenarioOf({ main }));
    const before = emu.state.branchSha(REPO, 'main');
    emu.faults.respond({ method: 'PATCH', path: /\/git\/refs\//, status: 502, times: Infinity });
    const dir = h.ws(workspace());
    const failed = await h.run(inputs, dir);
    expect(failed.code).toBe(1);
    expect(emu.state.branchSha(REPO, 'main')).toBe(before);
    emu.faults.clear();
    const second = await h.run(inputs, dir);
    expect(second.code, second.stdout).toBe(0);
    const third = await h.run(inputs, dir);
    expect(third.outputs.committed).toBe('false');
    expect(commitsSince(emu, 'main', before)).toEqual([second.outputs['commit-sha']]);
    expect(branchFiles(emu, 'main')).toEqual(intended);
  });
});
