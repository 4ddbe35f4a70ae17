import { describe, expect, it } from 'vitest';
import type { FileChange } from '../../../../../src/actions/commit-files/plan';
import { ConflictError, rebaseChanges, type OtherChange } from '../../../../../src/actions/commit-files/domain/replay';

const sha = (n: number) => String(n).padStart(40, '0');
const add = (path: string, n: number, mode = '100644'): FileChange => ({
  kind: 'update',
  path,
  mode,
  type: 'blob',
  sha: sha(n),
  source: 'inline',
});
const del = (path: string): FileChange => ({ kind: 'delete', path, mode: '100644', type: 'blob', sha: null });
const other = (entries: [string, OtherChange][]) => ({ changed: new Map(entries) });

describe('rebaseChanges', () => {
  it('keeps every change when the other push touched other files', () => {
    const changes = [add('a', 1), del('b')];
    expect(rebaseChanges(changes, other([['c', { sha: sha(9) }]]), false)).toEqual({ changes, conflicts: [] });
  });

  it('a path changed differently by both is a conflict', () => {
    const r = rebaseChanges(
      [add('a', 1), add('b', 2), del('c')],
      other([
        ['a', { sha: sha(5) }],
        ['c', { sha: sha(6) }],
      ]),
      false,
    );
    expect(r.conflicts).toEqual(['a', 'c']);
  });

  it('the same change on both sides is no conflict; a deletion both made is dropped', () => {
    const r = rebaseChanges(
      [add('a', 1), del('b')],
      other([
        ['a', { sha: sha(1) }],
        ['b', null],
      ]),
      false,
    );
    expect(r.conflicts).toEqual([]);
    expect(r.changes.map((c) => c.path)).toEqual(['a']);
  });

  it('same content but another mode is a conflict', () => {
    expect(
      rebaseChanges([add('a', 1, '100755')], other([['a', { sha: sha(1), mode: '100644' }]]), false).conflicts,
    ).toEqual(['a']);
  });

  it('a file where the other push made a folder (and the reverse) is a conflict', () => {
    expect(rebaseChanges([add('docs', 1)], other([['docs/x.md', { sha: sha(2) }]]), false).conflicts).toEqual(['docs']);
    expect(rebaseChanges([add('a/b/c', 1)], other([['a/b', { sha: sha(2) }]]), false).conflicts).toEqual(['a/b/c']);
  });

  it('force lets this change set win, keeping the deletion drop', () => {
    const r = rebaseChanges(
      [add('a', 1), del('b'), del('c')],
      other([
        ['a', { sha: sha(5) }],
        ['b', null],
        ['c', { sha: sha(3) }],
      ]),
      true,
    );
    expect(r.conflicts).toEqual([]);
    expect(r.changes.map((c) => c.path)).toEqual(['a', 'c']);
  });

  it('the conflict error names the files and says nothing was written', () => {
    const err = new ConflictError(['a.txt', 'b.txt'], 'main');
    expect(err.message).toMatch(/a\.txt, b\.txt/);
    expect(err.message).toMatch(/Nothing was written/);
  });
});
