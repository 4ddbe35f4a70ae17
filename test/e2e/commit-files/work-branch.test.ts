// create-pull-request's branch model: with a pull request, every run rebuilds the work branch as ONE commit on the
// base's current head holding the change set; a commit someone else pushed to it is never dropped silently.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffCommits } from '../../../emulator/routes/diff';
import { gitCheckout } from '../../../harness/commit-files-checkout';
import { commitsSince, errorsOf, harness, writesOf } from './helpers';
import { REPO, scenarioOf } from '../../../emulator/scenarios/commit-files';

const h = harness();

const MAIN = { 'README.md': '# app\n', 'gen/out.txt': 'v1\n', 'src/a.ts': 'a\n' };
const PR = { branch: 'bot/regenerate', message: 'Regenerate', paths: 'gen', 'pull-request-title': 'Regenerate' };

/** A fresh job: check out main, let the generator write `files`, run commit-files. */
async function job(files: Record<string, string>, inputs: Record<string, string | boolean> = {}) {
  const dir = h.track(gitCheckout(h.emu(), 'main', { shallow: true }));
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return h.run({ ...PR, 'on-unknown-base': 'fail', ...inputs }, dir);
}

/** The work branch's commits on main's head, and what they change. */
function workBranch() {
  const emu = h.emu();
  const main = emu.state.branchSha(REPO, 'main')!;
  const commits = commitsSince(emu, PR.branch, main);
  const head = emu.state.branchSha(REPO, PR.branch)!;
  const diff = diffCommits(emu.state.repo(REPO)!, main, head).map((f) => `${f.status} ${f.filename}`);
  return { commits, diff, parent: emu.state.commit(REPO, commits[0]!)!.parents };
}

describe('the work branch of a pull request', () => {
  it('is rebuilt across three runs as one commit on the current base head; a run with nothing new writes nothing', async () => {
    await h.start(scenarioOf({ main: MAIN }));
    const first = await job({ 'gen/out.txt': 'v2\n' });
    expect(first.code, errorsOf(first)).toBe(0);
    expect(first.outputs['pull-request-operation']).toBe('created');
    expect(first.outputs.branch).toBe(PR.branch);
    expect(first.outputs['head-sha']).toBe(h.emu().state.branchSha(REPO, PR.branch));
    expect(workBranch().commits).toHaveLength(1);
    expect(workBranch().diff).toEqual(['modified gen/out.txt']);

    // main moves; the next job generates more.
    const moved = h.emu().state.commitFiles(REPO, 'main', { 'src/a.ts': 'a2\n' }, 'Other work', 'mona');
    const second = await job({ 'gen/out.txt': 'v3\n', 'gen/new.txt': 'new\n' });
    expect(second.code, errorsOf(second)).toBe(0);
    expect(workBranch()).toEqual({
      commits: [expect.any(String)],
      parent: [moved],
      diff: ['added gen/new.txt', 'modified gen/out.txt'],
    });
    expect(second.outputs['pull-request-number']).toBe(first.outputs['pull-request-number']);
    expect(h.emu().state.fileAt(REPO, PR.branch, 'src/a.ts')).toBe('a2\n');

    const head = h.emu().state.branchSha(REPO, PR.branch);
    const third = await job({ 'gen/out.txt': 'v3\n', 'gen/new.txt': 'new\n' });
    expect(third.code, errorsOf(third)).toBe(0);
    expect(writesOf(third)).toEqual([]);
    expect(third.outputs).toMatchObject({ committed: 'false', 'head-sha': head });
    expect(h.emu().state.branchSha(REPO, PR.branch)).toBe(head);
  });

  it('is closed with its pull request and deleted when nothing differs from the base any more', async () => {
    await h.start(scenarioOf({ main: MAIN }));
    const first = await job({ 'gen/out.txt': 'v2\n' });
    expect(first.code, errorsOf(first)).toBe(0);
    const number = Number(first.outputs['pull-request-number']);
    const done = await job({});
    expect(done.code, errorsOf(done)).toBe(0);
    expect(done.outputs['pull-request-operation']).toBe('closed');
    expect(h.emu().state.branchSha(REPO, PR.branch)).toBeUndefined();
    expect(h.emu().state.repo(REPO)!.issues.get(number)?.state).toBe('closed');
  });

  it('with a commit someone else pushed to it: refused naming the commit, then rebuilt with force-branch', async () => {
    await h.start(scenarioOf({ main: MAIN }));
    expect((await job({ 'gen/out.txt': 'v2\n' })).code).toBe(0);
    const fix = h.emu().state.commitFiles(REPO, PR.branch, { 'gen/out.txt': 'fixed by hand\n' }, 'Fix', 'mona');
    const refused = await job({ 'gen/out.txt': 'v3\n' });
    expect(refused.code).toBe(1);
    expect(errorsOf(refused)).toContain(fix);
    expect(errorsOf(refused)).toContain('force-branch: true');
    expect(writesOf(refused)).toEqual([]);
    expect(h.emu().state.branchSha(REPO, PR.branch)).toBe(fix);

    const forced = await job({ 'gen/out.txt': 'v3\n' }, { 'force-branch': true });
    expect(forced.code, errorsOf(forced)).toBe(0);
    expect(workBranch().commits).toHaveLength(1);
    expect(h.emu().state.fileAt(REPO, PR.branch, 'gen/out.txt')).toBe('v3\n');
  });

  it('branch-suffix, author and committer (then not verified), signoff', async () => {
    await h.start(scenarioOf({ main: MAIN }));
    const r = await job(
      { 'gen/out.txt': 'v2\n' },
      {
        'branch-suffix': 'short-commit-hash',
        author: 'Ann Author <ann@example.com>',
        committer: 'Cid Committer <cid@example.com>',
        signoff: true,
      },
    );
    expect(r.code, errorsOf(r)).toBe(0);
    const main = h.emu().state.branchSha(REPO, 'main')!;
    const branch = `${PR.branch}-${main.slice(0, 7)}`;
    expect(r.outputs.branch).toBe(branch);
    expect(r.outputs.verified).toBe('false');
    const commit = h.emu().state.commit(REPO, h.emu().state.branchSha(REPO, branch)!)!;
    expect(commit.author).toMatchObject({ name: 'Ann Author', email: 'ann@example.com' });
    expect(commit.committer).toMatchObject({ name: 'Cid Committer', email: 'cid@example.com' });
    expect(commit.message).toBe('Regenerate\n\nSigned-off-by: Cid Committer <cid@example.com>');
  });
});

describe('the work branch after a runner dies', () => {
  it.each([1, 2, 3, 4])(
    'killed after write %i, a re-run converges: one commit on main, one pull request',
    async (k) => {
      await h.start(scenarioOf({ main: MAIN }));
      const dir = h.track(gitCheckout(h.emu(), 'main', { shallow: true }));
      writeFileSync(join(dir, 'gen/out.txt'), 'v2\n');
      const inputs = { ...PR, 'on-unknown-base': 'fail' };
      const killed = await h.run(inputs, dir, { killAfterWrites: k });
      expect(killed.killed).toBe(true);
      const again = await h.run(inputs, dir);
      expect(again.code, errorsOf(again)).toBe(0);
      expect(workBranch().commits).toHaveLength(1);
      expect(workBranch().diff).toEqual(['modified gen/out.txt']);
      const pulls = [...h.emu().state.repo(REPO)!.issues.values()].filter((i) => i.pull);
      expect(pulls).toHaveLength(1);
      const last = await h.run(inputs, dir);
      expect(writesOf(last)).toEqual([]);
    },
  );
});
