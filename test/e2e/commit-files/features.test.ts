// The features the peers' users ask for: pull request options that converge on a re-run, a tag on the
// new commit, and a work branch closed and deleted when it no longer differs from its base.
import { describe, expect, it } from 'vitest';
import { branchFiles, errorsOf, harness, writesOf } from './helpers';
import { REPO, scenarioOf } from '../../../emulator/scenarios/commit-files';

const h = harness();

const prInputs = {
  message: 'Update generated files',
  branch: 'bot/update',
  'pull-request-title': 'Update generated files',
  'pull-request-labels': 'bot\nneeds review',
  'pull-request-assignees': 'alice',
  'pull-request-reviewers': 'carol, dave',
  'pull-request-team-reviewers': 'core',
  'pull-request-milestone': '2',
  'pull-request-draft': true,
};

const withPeople = {
  collaborators: { alice: 'write' as const, carol: 'write' as const, dave: 'write' as const },
  labels: [{ name: 'bot' }, { name: 'needs review' }, { name: 'kept' }],
  milestones: [
    { number: 1, title: 'v1' },
    { number: 2, title: 'v2' },
  ],
};

describe('commit-files pull request options', () => {
  it('opens a draft pull request with labels, assignees, milestone and reviewers; a re-run changes nothing', async () => {
    const emu = await h.start(scenarioOf({ main: { 'a.txt': 'a\n' } }, withPeople));
    const first = await h.run(prInputs, h.ws({ 'a.txt': 'b\n' }));
    expect(first.code, first.stdout).toBe(0);
    expect(first.outputs['pull-request-operation']).toBe('created');
    const number = Number(first.outputs['pull-request-number']);
    const pr = emu.state.repo(REPO)!.issues.get(number)!;
    expect(pr.pull).toMatchObject({ draft: true, requestedReviewers: ['carol', 'dave'], requestedTeams: ['core'] });
    expect(pr.labels.map((l) => l.name)).toEqual(['bot', 'needs review']);
    expect(pr.assignees).toEqual(['alice']);
    expect(pr.milestone).toBe(2);
    // POST /pulls, one issue update for labels/assignees/milestone, one review request.
    expect(writesOf(first).filter((w) => /pulls|issues/.test(w))).toEqual([
      'POST /pulls 201',
      `PATCH /issues/${number} 200`,
      `POST /pulls/${number}/requested_reviewers 201`,
    ]);

    const again = await h.run(prInputs, h.ws({ 'a.txt': 'b\n' }));
    expect(again.code, again.stdout).toBe(0);
    expect(again.outputs['pull-request-operation']).toBe('none');
    expect(writesOf(again)).toEqual([]);
  });

  it('adds missing labels without removing others, and never asks a reviewer who already reviewed', async () => {
    const emu = await h.start(
      scenarioOf(
        { main: { 'a.txt': 'a\n' }, 'bot/update': { 'a.txt': 'b\n' } },
        {
          ...withPeople,
          issues: [
            {
              number: 7,
              title: 'Update generated files',
              labels: ['kept'],
              pull: { head: 'bot/update', base: 'main', reviewedBy: ['carol'] },
            },
          ],
        },
      ),
    );
    const r = await h.run(prInputs, h.ws({ 'a.txt': 'b\n' }));
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({ 'pull-request-number': '7', 'pull-request-operation': 'updated' });
    const pr = emu.state.repo(REPO)!.issues.get(7)!;
    expect(pr.labels.map((l) => l.name).sort()).toEqual(['bot', 'kept', 'needs review']);
    expect(pr.pull!.requestedReviewers).toEqual(['dave']);
  });

  it('pull-request-base sends the pull request to another branch than the one the work branch starts from', async () => {
    const emu = await h.start(scenarioOf({ main: { 'a.txt': 'a\n' }, develop: { 'a.txt': 'a\n' } }));
    const r = await h.run(
      { message: 'm', branch: 'bot/x', 'pull-request-title': 'T', 'pull-request-base': 'develop' },
      h.ws({ 'a.txt': 'c\n' }),
    );
    expect(r.code, r.stdout).toBe(0);
    const pr = emu.state.repo(REPO)!.issues.get(Number(r.outputs['pull-request-number']))!;
    expect(pr.pull).toMatchObject({ head: 'bot/x', base: 'develop' });
  });

  it('a milestone that does not exist is GitHub’s 422, named in the error', async () => {
    await h.start(scenarioOf({ main: { 'a.txt': 'a\n' } }, withPeople));
    const r = await h.run({ ...prInputs, 'pull-request-milestone': '9' }, h.ws({ 'a.txt': 'b\n' }));
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(/milestone/);
  });
});

describe('commit-files tag', () => {
  it('a lightweight tag on the new commit; a re-run finds it in place', async () => {
    const emu = await h.start(scenarioOf({ main: { 'a.txt': 'a\n' } }));
    const r = await h.run({ message: 'm', tag: 'v1.0.0' }, h.ws({ 'a.txt': 'b\n' }));
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs.tag).toBe('v1.0.0');
    const head = emu.state.branchSha(REPO, 'main');
    expect(emu.state.repo(REPO)!.refs.get('refs/tags/v1.0.0')).toBe(head);
    const again = await h.run({ message: 'm', tag: 'v1.0.0' }, h.ws({ 'a.txt': 'b\n' }));
    expect(again.code, again.stdout).toBe(0);
    expect(writesOf(again)).toEqual([]);
  });

  it('an annotated tag: a tag object pointing at the commit, then the ref', async () => {
    const emu = await h.start(scenarioOf({ main: { 'a.txt': 'a\n' } }));
    const r = await h.run({ message: 'm', tag: 'v2', 'tag-message': 'Version 2' }, h.ws({ 'a.txt': 'b\n' }));
    expect(r.code, r.stdout).toBe(0);
    expect(writesOf(r).slice(-2)).toEqual(['POST /git/tags 201', 'POST /git/refs 201']);
    const repo = emu.state.repo(REPO)!;
    const object = repo.refs.get('refs/tags/v2')!;
    const text = repo.objects.get(object)!.body.toString('utf8');
    expect(text).toContain(`object ${emu.state.branchSha(REPO, 'main')}`);
    expect(text).toContain('Version 2');
  });

  it('a tag that exists on another commit is refused before any write', async () => {
    const emu = await h.start(scenarioOf({ main: { 'a.txt': 'a\n' } }));
    const repo = emu.state.repo(REPO)!;
    repo.refs.set('refs/tags/v1', emu.state.branchSha(REPO, 'main')!);
    const r = await h.run({ message: 'm', tag: 'v1' }, h.ws({ 'a.txt': 'b\n' }));
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(/tag "v1" already exists.*Nothing was written/);
    expect(writesOf(r)).toEqual([]);
  });
});

describe('commit-files delete-branch-when-unchanged', () => {
  const inputs = {
    message: 'm',
    branch: 'bot/update',
    'pull-request-title': 'Update',
    'delete-branch-when-unchanged': true,
  };

  it('a work branch equal to its base: its pull request closed, the branch deleted; then nothing to do', async () => {
    const emu = await h.start(
      scenarioOf(
        { main: { 'a.txt': 'same\n' }, 'bot/update': { 'a.txt': 'old\n' } },
        { issues: [{ number: 3, title: 'Update', pull: { head: 'bot/update', base: 'main' } }] },
      ),
    );
    const r = await h.run(inputs, h.ws({ 'a.txt': 'same\n' }));
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({
      'pull-request-operation': 'closed',
      'pull-request-number': '3',
      committed: 'false',
    });
    expect(emu.state.repo(REPO)!.issues.get(3)!.state).toBe('closed');
    expect(emu.state.branchSha(REPO, 'bot/update')).toBeUndefined();
    expect(writesOf(r)).toEqual(['PATCH /pulls/3 200', 'DELETE /git/refs/heads/bot/update 204']);

    const again = await h.run(inputs, h.ws({ 'a.txt': 'same\n' }));
    expect(again.code, again.stdout).toBe(0);
    expect(writesOf(again)).toEqual([]);
    expect(again.outputs['pull-request-operation']).toBe('none');
  });

  it('a work branch that still differs from its base is committed to as usual', async () => {
    const emu = await h.start(scenarioOf({ main: { 'a.txt': 'a\n' }, 'bot/update': { 'a.txt': 'old\n' } }));
    const r = await h.run(inputs, h.ws({ 'a.txt': 'new\n' }));
    expect(r.code, r.stdout).toBe(0);
    expect(branchFiles(emu, 'bot/update')).toEqual({ 'a.txt': '100644 new\n' });
    expect(r.outputs['pull-request-operation']).toBe('created');
  });
});
