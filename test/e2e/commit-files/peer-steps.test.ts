// Workflow steps written for peter-evans/create-pull-request and stefanzweifel/git-auto-commit-action, with only
// `uses:` changed: the bundle leaves the branch, commit and pull request those actions document — labels, reviewers
// and add-paths as comma lists, create-pull-request's defaults for what the step leaves out, git-auto-commit's
// file_pattern and committer, the peers' outputs, and an input not offered failing before any write.
import { describe, expect, it } from 'vitest';
import { branchFiles, errorsOf, harness, writesOf } from './helpers';
import { REPO, scenarioOf } from '../../../emulator/scenarios/commit-files';

const h = harness();

const people = {
  collaborators: { alice: 'write' as const, carol: 'write' as const, dave: 'write' as const },
  labels: [{ name: 'contribution/core' }, { name: 'dependencies' }, { name: 'auto-approve' }],
  milestones: [{ number: 3, title: 'v3' }],
};

describe('peter-evans/create-pull-request steps', () => {
  it('labels, add-paths and reviewers as comma lists; its defaults for branch, message, title and body', async () => {
    const emu = await h.start(scenarioOf({ main: { 'a.txt': 'a\n', 'docs/x.md': 'x\n' } }, people));
    const step = {
      'add-paths': 'a.txt,docs/*.md',
      labels: 'contribution/core,dependencies,auto-approve',
      assignees: 'alice',
      reviewers: 'carol,dave',
      'team-reviewers': 'octo/core',
      milestone: '3',
      draft: 'always-true',
      'delete-branch': 'true',
      'maintainer-can-modify': 'false',
    };
    const r = await h.run(step, h.ws({ 'a.txt': 'b\n', 'docs/x.md': 'y\n', 'other.txt': 'not added\n' }));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(branchFiles(emu, 'create-pull-request/patch')).toEqual({
      'a.txt': '100644 b\n',
      'docs/x.md': '100644 y\n',
    });
    const number = Number(r.outputs['pull-request-number']);
    const pr = emu.state.repo(REPO)!.issues.get(number)!;
    expect(pr.title).toBe('Changes by create-pull-request action');
    expect(pr.body).toMatch(/^Automated changes by \[create-pull-request\]/);
    // Three labels, not one named "contribution/core,dependencies,auto-approve".
    expect(pr.labels.map((l) => l.name)).toEqual(['contribution/core', 'dependencies', 'auto-approve']);
    expect(emu.state.repo(REPO)!.labels).toHaveLength(3);
    expect(pr.assignees).toEqual(['alice']);
    expect(pr.milestone).toBe(3);
    expect(pr.pull).toMatchObject({ draft: true, requestedReviewers: ['carol', 'dave'], requestedTeams: ['core'] });
    const head = emu.state.branchSha(REPO, 'create-pull-request/patch');
    expect(r.outputs).toMatchObject({
      'pull-request-operation': 'created',
      'pull-request-branch': 'create-pull-request/patch',
      'pull-request-head-sha': head,
    });
    expect(emu.state.repo(REPO)!.objects.commit(head!)?.message).toMatch(/^\[create-pull-request\] automated change/);
  });

  it('commit-message, title and body under its names; a name given twice fails before any write', async () => {
    const emu = await h.start(scenarioOf({ main: { 'a.txt': 'a\n' } }));
    const r = await h.run(
      { 'commit-message': 'chore: regenerate', branch: 'bot/gen', title: 'Regenerate', body: 'By the bot.' },
      h.ws({ 'a.txt': 'b\n' }),
    );
    expect(r.code, r.stdout).toBe(0);
    const pr = emu.state.repo(REPO)!.issues.get(Number(r.outputs['pull-request-number']))!;
    expect(pr).toMatchObject({ title: 'Regenerate', body: 'By the bot.' });

    const twice = await h.run({ message: 'a', 'commit-message': 'b', branch: 'bot/gen' }, h.ws({ 'a.txt': 'c\n' }));
    expect(twice.code).toBe(1);
    expect(writesOf(twice)).toEqual([]);
    expect(errorsOf(twice)).toMatch(/"message" is given twice: as "message" and as "commit-message"/);
  });
});

describe('stefanzweifel/git-auto-commit-action steps', () => {
  it('file_pattern words, the committer from commit_user_*, tag_name; its outputs set', async () => {
    const emu = await h.start(scenarioOf({ main: { 'a.php': '<?php\n', 'src/b.js': 'b\n', 'c.txt': 'c\n' } }));
    const step = {
      branch: 'main',
      commit_message: 'Apply php-cs-fixer changes',
      file_pattern: '*.php src/*.js',
      commit_user_name: 'Fixer Bot',
      commit_user_email: 'fixer@example.com',
      commit_author: 'Jane Doe <jane@example.com>',
      tag_name: 'v1.2.3',
      tagging_message: 'Release 1.2.3',
      skip_fetch: 'true',
      skip_checkout: 'true',
      create_branch: 'true',
      disable_pull_request_target_trigger_warning: 'true',
      internal_git_binary: 'git',
    };
    const r = await h.run(step, h.ws({ 'a.php': '<?php echo 1;\n', 'src/b.js': 'B\n', 'c.txt': 'changed\n' }));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(branchFiles(emu, 'main')).toEqual({
      'a.php': '100644 <?php echo 1;\n',
      'src/b.js': '100644 B\n',
      'c.txt': '100644 c\n',
    });
    const sha = emu.state.branchSha(REPO, 'main')!;
    const commit = emu.state.repo(REPO)!.objects.commit(sha)!;
    expect(commit.message).toMatch(/^Apply php-cs-fixer changes/);
    expect(commit.committer).toMatchObject({ name: 'Fixer Bot', email: 'fixer@example.com' });
    expect(commit.author).toMatchObject({ name: 'Jane Doe', email: 'jane@example.com' });
    expect(r.outputs).toMatchObject({ changes_detected: 'true', commit_hash: sha, tag: 'v1.2.3' });
  });

  it('a hook or an option for a git command fails before any write, saying why', async () => {
    await h.start(scenarioOf({ main: { 'a.txt': 'a\n' } }));
    const r = await h.run(
      { branch: 'main', before_commit_hook: 'npm run fmt', commit_options: '--no-verify' },
      h.ws({ 'a.txt': 'b\n' }),
    );
    expect(r.code).toBe(1);
    expect(writesOf(r)).toEqual([]);
    const errors = errorsOf(r);
    expect(errors).toMatch(/"before_commit_hook" \(stefanzweifel\/git-auto-commit-action\) is not offered/);
    expect(errors).toMatch(/"commit_options" .* not offered: no local git command runs/);
  });
});
