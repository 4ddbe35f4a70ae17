// Pushes racing the action (landing just before its ref update), through the committed bundle: other files →
// both commits kept; the same file → a conflict naming it with the branch unchanged; `force` → ours wins the
// file and the other commit stays an ancestor; the branch deleted meanwhile; several pushes in a row.
import { describe, expect, it } from 'vitest';
import type { ConcurrentPush } from '../../../emulator/faults';
import { withoutLimitProbe } from '../emulator-mode';
import { branchFiles, commitsSince, errorsOf, harness, writesOf } from './helpers';
import { REPO, scenarioOf } from '../../../emulator/scenarios/commit-files';

const h = harness();

const main = { 'a.txt': 'a1\n', 'b.txt': 'b1\n', 'c.txt': 'c1\n', 'gone.txt': 'g\n' };
const local = { 'a.txt': 'a2\n', 'b.txt': 'b1\n', 'c.txt': 'c1\n', 'new.txt': 'n\n' };
const inputs = { message: 'Ours', 'delete-missing': true };

describe('commit-files against concurrent pushes', () => {
  it('the other push touched different files: both commits kept, ours on top, 4 extra requests', async () => {
    const emu = await h.start(scenarioOf({ main }));
    const before = emu.state.branchSha(REPO, 'main')!;
    emu.faults.concurrentPush({
      repo: REPO,
      branch: 'main',
      files: { 'b.txt': 'b-theirs\n', 'theirs.txt': 't\n', 'c.txt': null },
    });
    const r = await h.run(inputs, h.ws(local));
    expect(r.code, r.stdout).toBe(0);
    const [ours, theirs] = commitsSince(emu, 'main', before);
    expect(ours).toBe(r.outputs['commit-sha']);
    expect(emu.state.commit(REPO, theirs)!.message).toBe('Concurrent push');
    // Their edit of b.txt and deletion of c.txt are kept: the change set is replayed, never recomputed.
    expect(branchFiles(emu, 'main')).toEqual({
      'a.txt': '100644 a2\n',
      'b.txt': '100644 b-theirs\n',
      'theirs.txt': '100644 t\n',
      'new.txt': '100644 n\n',
    });
    expect(
      // The free `GET /rate_limit` (the REST budget before the first REST answer) is not part of the sequence.
      withoutLimitProbe(r.requests.filter((e) => e.path !== '/rate_limit')).map(
        (e) =>
          `${e.method} ${e.path
            .replace(`/repos/${REPO}`, '')
            .replace(/^\/api\/graphql$/, '/graphql')
            .replace(/[0-9a-f]{40}/g, 'SHA')} ${e.status}`,
      ),
    ).toEqual([
      // The head and its tree: one GraphQL read. The replay's compare and new head are REST (apply's reads).
      'POST /graphql 200',
      'POST /git/trees 201',
      'POST /git/commits 201',
      'PATCH /git/refs/heads/main 422',
      'GET /compare/SHA...main 200',
      'POST /git/trees 201',
      'POST /git/commits 201',
      'PATCH /git/refs/heads/main 200',
    ]);
  });

  it.each([
    ['changed the same file', { 'a.txt': 'a-theirs\n' }, 'a.txt'],
    ['deleted a file this run updates', { 'a.txt': null }, 'a.txt'],
    ['changed a file this run deletes', { 'gone.txt': 'edited\n' }, 'gone.txt'],
    ['added a file this run adds, with other content', { 'new.txt': 'their new\n' }, 'new.txt'],
  ])('the other push %s: a conflict naming it, nothing written, exit 1', async (_what, files, path) => {
    const emu = await h.start(scenarioOf({ main }));
    const before = emu.state.branchSha(REPO, 'main')!;
    emu.faults.concurrentPush({ repo: REPO, branch: 'main', files });
    const r = await h.run(inputs, h.ws(local));
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(
      new RegExp(`conflict with this change set: ${path.replace('.', '\\.')}\\. Nothing was written`),
    );
    const commits = commitsSince(emu, 'main', before);
    expect(commits).toHaveLength(1);
    expect(emu.state.commit(REPO, commits[0])!.message).toBe('Concurrent push');
    expect(writesOf(r).filter((w) => w.startsWith('PATCH'))).toEqual(['PATCH /git/refs/heads/main 422']);
    expect(r.outputs.committed ?? 'false').toBe('false');
  });

  it('the other push made the same change: not a conflict', async () => {
    const emu = await h.start(scenarioOf({ main }));
    emu.faults.concurrentPush({ repo: REPO, branch: 'main', files: { 'a.txt': 'a2\n', 'gone.txt': null } });
    const r = await h.run(inputs, h.ws(local));
    expect(r.code, r.stdout).toBe(0);
    expect(branchFiles(emu, 'main')).toEqual({
      'a.txt': '100644 a2\n',
      'b.txt': '100644 b1\n',
      'c.txt': '100644 c1\n',
      'new.txt': '100644 n\n',
    });
  });

  it('a twin run got there first (the other push made every change of ours): no second, empty commit', async () => {
    const emu = await h.start(scenarioOf({ main }));
    const before = emu.state.branchSha(REPO, 'main')!;
    emu.faults.concurrentPush({
      repo: REPO,
      branch: 'main',
      files: { 'a.txt': 'a2\n', 'new.txt': 'n\n', 'gone.txt': null },
      message: 'Twin',
    });
    const r = await h.run(inputs, h.ws(local));
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({
      committed: 'false',
      'commit-sha': '',
      'files-added': '0',
      'files-updated': '0',
      'files-deleted': '0',
    });
    expect(commitsSince(emu, 'main', before).map((c) => emu.state.commit(REPO, c)!.message)).toEqual(['Twin']);
    expect(writesOf(r).filter((w) => w.startsWith('PATCH'))).toHaveLength(1);
  });

  it('with force: ours wins the conflicting file, the other commit stays an ancestor, no force-push', async () => {
    const emu = await h.start(scenarioOf({ main }));
    const before = emu.state.branchSha(REPO, 'main')!;
    emu.faults.concurrentPush({ repo: REPO, branch: 'main', files: { 'a.txt': 'a-theirs\n', 'theirs.txt': 't\n' } });
    const r = await h.run({ ...inputs, force: true }, h.ws(local));
    expect(r.code, r.stdout).toBe(0);
    const [ours, theirs] = commitsSince(emu, 'main', before);
    expect(ours).toBe(r.outputs['commit-sha']);
    expect(emu.state.commit(REPO, theirs)!.message).toBe('Concurrent push');
    expect(branchFiles(emu, 'main')).toMatchObject({ 'a.txt': '100644 a2\n', 'theirs.txt': '100644 t\n' });
  });

  it('the branch deleted meanwhile: a clear error, the branch is not recreated', async () => {
    const emu = await h.start(scenarioOf({ main, feature: { 'f.txt': 'f\n' } }));
    emu.faults.takePushes = (repo: string, branch: string): ConcurrentPush[] => {
      if (branch === 'feature') emu.state.repo(repo)!.refs.delete('refs/heads/feature');
      return [];
    };
    const r = await h.run({ ...inputs, branch: 'feature', paths: 'a.txt' }, h.ws(local));
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(/feature was deleted while this commit was made; nothing was written/);
    expect(emu.state.branchSha(REPO, 'feature')).toBeUndefined();
  });

  it('two pushes in a row: replayed twice, every commit kept', async () => {
    const emu = await h.start(scenarioOf({ main }));
    const before = emu.state.branchSha(REPO, 'main')!;
    emu.faults.concurrentPush({ repo: REPO, branch: 'main', files: { 'one.txt': '1\n' } });
    let armed = true;
    const take = emu.faults.takePushes.bind(emu.faults);
    emu.faults.takePushes = (repo, branch) => {
      const pushes = take(repo, branch);
      // After the first push landed, a second one lands before the next ref update.
      if (pushes.length === 0 && armed) {
        armed = false;
        return [{ repo, branch, files: { 'two.txt': '2\n' }, message: 'Second push' }];
      }
      return pushes;
    };
    const r = await h.run(inputs, h.ws(local));
    expect(r.code, r.stdout).toBe(0);
    const commits = commitsSince(emu, 'main', before);
    expect(commits.map((c) => emu.state.commit(REPO, c)!.message)).toEqual(['Ours', 'Second push', 'Concurrent push']);
    expect(branchFiles(emu, 'main')).toMatchObject({
      'one.txt': '100644 1\n',
      'two.txt': '100644 2\n',
      'a.txt': '100644 a2\n',
    });
    expect(r.stdout).toMatch(/after 2 replays/);
  });

  it('a branch that never stops moving: bounded replays, then a clear error and no commit of ours', async () => {
    const emu = await h.start(scenarioOf({ main }));
    const before = emu.state.branchSha(REPO, 'main')!;
    let n = 0;
    emu.faults.takePushes = (repo, branch) => [
      { repo, branch, files: { [`push-${++n}.txt`]: `${n}\n` }, message: `Push ${n}` },
    ];
    const r = await h.run(inputs, h.ws(local));
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(/main kept moving: the commit was replayed 3 times .*Nothing was written/);
    expect(writesOf(r).filter((w) => w.startsWith('PATCH'))).toHaveLength(4);
    const commits = commitsSince(emu, 'main', before);
    expect(commits.map((c) => emu.state.commit(REPO, c)!.message)).toEqual(['Push 4', 'Push 3', 'Push 2', 'Push 1']);
  });
});
