// Inputs through the committed bundle: globs and `!` excludes, symbolic links out of the working directory,
// `.git` named, `.gitignore`, deletions of absent paths, a missing base, an empty repository, co-author
// validation, and the outputs of a dry run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RequestLog } from '../../../emulator';
import { branchFiles, commitsSince, errorsOf, harness, isGraphql, REST_ONLY } from './helpers';
import { REPO, scenarioOf } from '../../../emulator/scenarios/commit-files';

const h = harness();

describe('commit-files inputs', () => {
  it('paths with globs and ! excludes commit exactly what they select', async () => {
    const emu = await h.start(scenarioOf({ main: { 'README.md': 'r\n' } }));
    const dir = h.ws({
      'docs/a.md': 'a\n',
      'docs/sub/b.md': 'b\n',
      'docs/draft/x.md': 'x\n',
      'docs/notes.txt': 'n\n',
      'src/a.ts': 'a\n',
      'src/a.test.ts': 't\n',
      'src/lib/c.ts': 'c\n',
      'README.md': 'changed but not selected\n',
    });
    const r = await h.run({ message: 'm', paths: 'docs/**/*.md\n!docs/draft\nsrc/**/*.ts\n!**/*.test.ts' }, dir);
    expect(r.code, r.stdout).toBe(0);
    expect(branchFiles(emu, 'main')).toEqual({
      'README.md': '100644 r\n',
      'docs/a.md': '100644 a\n',
      'docs/sub/b.md': '100644 b\n',
      'src/a.ts': '100644 a\n',
      'src/lib/c.ts': '100644 c\n',
    });
  });

  it('a symbolically linked folder leading out of working-directory is never followed', async () => {
    const emu = await h.start(scenarioOf({ main: { 'README.md': 'r\n' } }));
    const outside = h.track(mkdtempSync(join(tmpdir(), 'commit-files-outside-')));
    writeFileSync(join(outside, 'secret.txt'), 'do not commit\n');
    const dir = h.ws({ 'a.txt': 'a\n' });
    symlinkSync(outside, join(dir, 'linked'));
    for (const paths of ['linked/secret.txt', 'linked/**', 'linked/*.txt']) {
      const refused = await h.run({ message: 'm', paths }, dir);
      expect(refused.code).toBe(1);
      expect(errorsOf(refused)).toMatch(/Input "paths".*passes through the symbolic link "linked"/);
      expect(refused.requests).toEqual([]);
    }
    // Walking `.` or a glob commits the link itself (its target text), never what it points to.
    const r = await h.run({ message: 'm', paths: '.\n**/*.txt' }, dir);
    expect(r.code, r.stdout).toBe(0);
    expect(branchFiles(emu, 'main')).toEqual({
      'README.md': '100644 r\n',
      'a.txt': '100644 a\n',
      linked: `120000 ${outside}`,
    });
  });

  it.each(['.git', '.git/config', 'sub/.git/HEAD', '.GIT/config', '!.git', './.git/'])(
    'refuses paths naming %s before any request',
    async (spec) => {
      await h.start(scenarioOf({ main: { 'README.md': 'r\n' } }));
      const r = await h.run({ message: 'm', paths: `.\n${spec}` }, h.ws({ 'a.txt': 'a\n' }));
      expect(r.code).toBe(1);
      expect(errorsOf(r)).toMatch(/Input "paths".*\.git folder, which is never committed/i);
      expect(r.requests).toEqual([]);
    },
  );

  it('.gitignore is honoured for . (a tracked ignored file stays; named paths are committed anyway)', async () => {
    const emu = await h.start(scenarioOf({ main: { 'README.md': 'r\n', 'vendor.log': 'tracked\n' } }));
    const dir = h.ws({
      '.gitignore': 'node_modules/\n*.log\n/dist\n',
      'README.md': 'r\n',
      'vendor.log': 'tracked\n',
      'app.log': 'noise\n',
      'node_modules/pkg/index.js': 'module\n',
      'dist/bundle.js': 'built\n',
      'src/a.ts': 'a\n',
    });
    const r = await h.run({ message: 'm', paths: '.\ndist', 'delete-missing': true }, dir);
    expect(r.code, r.stdout).toBe(0);
    expect(branchFiles(emu, 'main')).toEqual({
      '.gitignore': '100644 node_modules/\n*.log\n/dist\n',
      'README.md': '100644 r\n',
      'vendor.log': '100644 tracked\n',
      'dist/bundle.js': '100644 built\n',
      'src/a.ts': '100644 a\n',
    });
    expect(r.stdout).toMatch(/3 paths ignored by \.gitignore/);
  });

  it('in a git checkout, files an earlier step deleted or renamed are deleted on the branch (as git add -A would), without delete-missing', async () => {
    const emu = await h.start(
      scenarioOf({
        main: { 'README.md': 'r\n', 'old.txt': 'o\n', 'src/a.ts': 'a\n', 'src/b.ts': 'b\n', 'untouched.txt': 'u\n' },
      }),
    );
    const before = emu.state.branchSha(REPO, 'main');
    const dir = h.ws({ 'README.md': 'r\n', 'old.txt': 'o\n', 'src/a.ts': 'a\n', 'src/b.ts': 'b\n' });
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: dir });
    git('init', '-q', '.');
    git('add', '.');
    git('commit', '-qm', 'checkout');
    rmSync(join(dir, 'old.txt'));
    renameSync(join(dir, 'src/b.ts'), join(dir, 'src/c.ts'));
    const r = await h.run({ message: 'm' }, dir);
    expect(r.code, r.stdout).toBe(0);
    // untouched.txt was never in the checkout: left alone (only delete-missing would remove it).
    expect(branchFiles(emu, 'main')).toEqual({
      'README.md': '100644 r\n',
      'src/a.ts': '100644 a\n',
      'src/c.ts': '100644 b\n',
      'untouched.txt': '100644 u\n',
    });
    expect(r.outputs).toMatchObject({ 'files-added': '1', 'files-deleted': '2' });
    const again = await h.run({ message: 'm' }, dir);
    expect(again.outputs.committed).toBe('false');
    expect(commitsSince(emu, 'main', before)).toHaveLength(1);
  });

  it('a pull request wanted but the work branch has nothing the base lacks (merged already): the branch is deleted, no pull request', async () => {
    const emu = await h.start(scenarioOf({ main: { 'README.md': 'r\n' } }));
    emu.state.repo(REPO)!.refs.set('refs/heads/bot/x', emu.state.branchSha(REPO, 'main')!);
    const r = await h.run({ message: 'm', branch: 'bot/x', 'pull-request-title': 'T' }, h.ws({ 'README.md': 'r\n' }));
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({ committed: 'false', 'pull-request-number': '', 'pull-request-url': '' });
    expect(emu.state.branchSha(REPO, 'bot/x')).toBeUndefined();
    expect([...emu.state.repo(REPO)!.issues.values()].filter((i) => i.pull)).toEqual([]);
  });

  it('delete-paths of a file the branch does not have: a no-op, no commit', async () => {
    const emu = await h.start(scenarioOf({ main: { 'README.md': 'r\n' } }));
    const before = emu.state.branchSha(REPO, 'main');
    const r = await h.run(
      { message: 'm', paths: 'README.md', 'delete-paths': 'not-there.txt\nnor/this/folder' },
      h.ws({ 'README.md': 'r\n' }),
    );
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({ committed: 'false', 'files-deleted': '0' });
    expect(RequestLog.summarize(r.requests).writes).toBe(0);
    expect(emu.state.branchSha(REPO, 'main')).toBe(before);
    expect(r.stdout).toMatch(/delete-paths: "not-there\.txt" matches nothing/);
  });

  it('a base that does not exist: a clear error, nothing written', async () => {
    const emu = await h.start(scenarioOf({ main: { 'README.md': 'r\n' } }));
    const r = await h.run({ message: 'm', branch: 'bot/new', base: 'no-such-base' }, h.ws({ 'a.txt': 'a\n' }));
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(
      /"bot\/new" does not exist .*neither does its base "no-such-base".*Nothing was written/,
    );
    expect(RequestLog.summarize(r.requests).writes).toBe(0);
    expect(emu.state.branchSha(REPO, 'bot/new')).toBeUndefined();
  });

  it('an empty repository (GraphQL: isEmpty): the same clear error, nothing written', async () => {
    const emu = await h.start(scenarioOf({ main: { 'README.md': 'r\n' } }));
    // A seeded repository starts with a commit on its default branch: take the branch away.
    emu.state.repo(REPO)!.refs.delete('refs/heads/main');
    const r = await h.run({ message: 'm' }, h.ws({ 'a.txt': 'a\n' }));
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(/octo\/app is empty .*Push a first commit/);
    expect(r.requests.filter((e) => e.method !== 'GET' && !isGraphql(e))).toEqual([]);
  });

  it('an empty repository (REST reads: 409 on the git database): a clear error, nothing written', async () => {
    const emu = await h.start(scenarioOf({ main: { 'README.md': 'r\n' } }));
    emu.faults.respond({
      method: 'GET',
      path: /\/git\/ref\//,
      status: 409,
      body: { message: 'Git Repository is empty.' },
      times: Infinity,
    });
    const r = await h.run({ message: 'm' }, h.ws({ 'a.txt': 'a\n' }), REST_ONLY);
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(/octo\/app is empty .*Push a first commit/);
    expect(r.requests.filter((e) => e.method !== 'GET' && !isGraphql(e))).toEqual([]);
  });

  it.each(['jane@example.com', 'Jane Doe', 'Jane <jane>', 'Jane <jane@example.com> extra', '<jane@example.com>'])(
    'co-authors "%s" is refused before any request',
    async (author) => {
      await h.start(scenarioOf({ main: { 'README.md': 'r\n' } }));
      const r = await h.run(
        { message: 'm', 'co-authors': `Ann <ann@example.com>\n${author}` },
        h.ws({ 'a.txt': 'a\n' }),
      );
      expect(r.code).toBe(1);
      expect(errorsOf(r)).toMatch(/co-authors.*Name <email>/);
      expect(r.requests).toEqual([]);
    },
  );

  it('several co-authors become trailers after a blank line; a trailer already in the message is not repeated', async () => {
    const emu = await h.start(scenarioOf({ main: { 'README.md': 'r\n' } }));
    const r = await h.run(
      {
        message: 'Update\n\nCo-authored-by: Ann <ann@example.com>',
        'co-authors': 'Ann <ann@example.com>\nBob Ross <bob@example.com>',
      },
      h.ws({ 'a.txt': 'a\n' }),
    );
    expect(r.code, r.stdout).toBe(0);
    expect(emu.state.commit(REPO, r.outputs['commit-sha'])!.message).toBe(
      'Update\n\nCo-authored-by: Ann <ann@example.com>\nCo-authored-by: Bob Ross <bob@example.com>',
    );
  });

  it('dry-run: outputs say what would change, nothing is written, no branch or pull request is created', async () => {
    const emu = await h.start(scenarioOf({ main: { 'README.md': 'r\n', 'old.txt': 'o\n', 'run.sh': 'x\n' } }));
    const before = emu.state.branchSha(REPO, 'main');
    const r = await h.run(
      { message: 'm', 'dry-run': true, branch: 'bot/x', 'delete-missing': true, 'pull-request-title': 'T' },
      h.ws({ 'README.md': 'r2\n', 'new.txt': 'n\n', 'run.sh': { content: 'x\n', executable: true } }),
    );
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs).toEqual({
      committed: 'false',
      'commit-sha': '',
      'commit-url': '',
      verified: 'false',
      'files-added': '1',
      'files-updated': '2',
      'files-deleted': '1',
      'pull-request-number': '',
      'pull-request-url': '',
      'pull-request-operation': 'none',
      tag: '',
      'head-sha': '',
      branch: 'bot/x',
      // The peers' names (create-pull-request, git-auto-commit-action).
      'pull-request-head-sha': '',
      'pull-request-branch': '',
      changes_detected: 'false',
      commit_hash: '',
    });
    expect(RequestLog.summarize(r.requests).writes).toBe(0);
    expect(emu.state.branchSha(REPO, 'bot/x')).toBeUndefined();
    expect(commitsSince(emu, 'main', before)).toEqual([]);
  });
});
