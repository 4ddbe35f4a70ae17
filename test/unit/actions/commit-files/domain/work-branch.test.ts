import { describe, expect, it } from 'vitest';
import { branchSuffix } from '../../../../../src/actions/commit-files/domain/branch-suffix';
import type { ChangeSet, FileChange } from '../../../../../src/actions/commit-files/plan';
import {
  foreignCommits,
  isUpToDate,
  type WorkBranch,
} from '../../../../../src/actions/commit-files/domain/work-branch';

const sha = (c: string) => c.repeat(40);
const BASE = sha('b');
const change = (path: string, kind: FileChange['kind'], blob: string | null, mode = '100644'): FileChange => ({
  kind,
  path,
  mode,
  type: 'blob',
  sha: blob,
});
const set = (...changes: FileChange[]) => ({ changes }) as ChangeSet;
const work = (over: Partial<WorkBranch> = {}): WorkBranch => ({
  head: sha('w'),
  commits: [{ sha: sha('w'), parents: [BASE] }],
  total: 1,
  files: [
    { path: 'a.txt', status: 'modified', sha: sha('1') },
    { path: 'gone.txt', status: 'removed', sha: null },
  ],
  filesComplete: true,
  ...over,
});

describe('the work branch', () => {
  it.each([
    { what: 'one commit on the base head with exactly the change set', w: work(), expected: true },
    {
      what: 'its commit sits on an older base head',
      w: work({ commits: [{ sha: sha('w'), parents: [sha('o')] }] }),
      expected: false,
    },
    { what: 'two commits', w: work({ total: 2 }), expected: false },
    { what: 'a file list GitHub cut at 300', w: work({ filesComplete: false }), expected: false },
    {
      what: 'another content',
      w: work({
        files: [
          { path: 'a.txt', status: 'modified', sha: sha('2') },
          { path: 'gone.txt', status: 'removed', sha: null },
        ],
      }),
      expected: false,
    },
    {
      what: 'a file more',
      w: work({ files: [...work().files, { path: 'x', status: 'added', sha: sha('3') }] }),
      expected: false,
    },
    { what: 'absent', w: work({ head: undefined, commits: [], total: 0 }), expected: false },
  ])('up to date when $what: $expected', ({ w, expected }) => {
    expect(isUpToDate(w, BASE, set(change('a.txt', 'update', sha('1')), change('gone.txt', 'delete', null)))).toBe(
      expected,
    );
  });

  it('an executable file is confirmed in the tree only (the compare lists no modes)', () => {
    const w = work({ files: [{ path: 'run.sh', status: 'added', sha: sha('1') }] });
    const s = set(change('run.sh', 'add', sha('1'), '100755'));
    expect(isUpToDate(w, BASE, s)).toBe(false);
    const tree = new Map([['run.sh', { path: 'run.sh', mode: '100755', type: 'blob' as const, sha: sha('1') }]]);
    expect(isUpToDate(w, BASE, s, tree)).toBe(true);
  });

  it('names every commit after the one this action keeps as foreign', () => {
    expect(foreignCommits(work())).toEqual([]);
    const pushed = work({
      total: 3,
      commits: [
        { sha: sha('w'), parents: [BASE] },
        { sha: sha('x'), parents: [sha('w')] },
        { sha: sha('y'), parents: [sha('x')] },
      ],
    });
    expect(foreignCommits(pushed)).toEqual([sha('x'), sha('y')]);
  });
});

describe('branch-suffix', () => {
  it('timestamp, short-commit-hash and random as create-pull-request names them', () => {
    expect(branchSuffix('timestamp', 1_764_000_000_999, sha('c'))).toBe('1764000000');
    expect(branchSuffix('short-commit-hash', 0, '0123456789abcdef')).toBe('0123456');
    expect(branchSuffix('random', 0, '', (max) => max - 1)).toBe('9999999');
    expect(branchSuffix('random', 0, '', () => 0)).toMatch(/^[a-z0-9]{7}$/);
  });
});
