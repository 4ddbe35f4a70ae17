import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deletedInCheckout } from '../../../../../src/actions/commit-files/domain/local-git';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd });

describe('deletedInCheckout', () => {
  it('lists tracked files removed by rm, git rm and git mv (relative to the folder); skip-worktree files are not deletions', () => {
    const root = mkdtempSync(join(tmpdir(), 'cf-git-'));
    for (const [path, text] of Object.entries({
      'sub/a/x.txt': '1',
      'sub/y.txt': '2',
      'sub/é f.txt': '3',
      'sub/moved.txt': '4',
      'sub/sparse.txt': '5',
      'other/z.txt': '6',
    })) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    git(root, 'init', '-q', '.');
    git(root, 'add', '.');
    git(root, 'commit', '-qm', 'init');
    rmSync(join(root, 'sub/y.txt'));
    git(root, 'rm', '-q', 'sub/é f.txt');
    git(root, 'mv', 'sub/moved.txt', 'sub/renamed.txt');
    git(root, 'update-index', '--skip-worktree', 'sub/sparse.txt');
    rmSync(join(root, 'sub/sparse.txt'));
    rmSync(join(root, 'other/z.txt'));
    return Promise.all([deletedInCheckout(join(root, 'sub'), process.env), deletedInCheckout(root, process.env)]).then(
      ([sub, all]) => {
        expect(sub).toEqual(['moved.txt', 'y.txt', 'é f.txt']);
        expect(all).toEqual(['other/z.txt', 'sub/moved.txt', 'sub/y.txt', 'sub/é f.txt']);
      },
    );
  });

  it('outside a work tree there are none', async () => {
    expect(await deletedInCheckout(mkdtempSync(join(tmpdir(), 'cf-nogit-')), process.env)).toEqual([]);
  });
});
