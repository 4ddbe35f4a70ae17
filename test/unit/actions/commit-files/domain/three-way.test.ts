import { describe, expect, it } from 'vitest';
import type { FileChange } from '../../../../../src/actions/commit-files/plan';
import { classify, mergeOntoHead, type Side } from '../../../../../src/actions/commit-files/domain/three-way';

const sha = (c: string) => c.repeat(40);
/** X: the base's content; Y, Z: other contents; `+x` the executable mode. */
const e = (content: 'X' | 'Y' | 'Z', mode = '100644'): Side => ({ sha: sha(content.toLowerCase()), mode });
const X = e('X');
const Xx = e('X', '100755');
const Y = e('Y');
const Yx = e('Y', '100755');
const Z = e('Z');
const gone = undefined;

describe('classify: base, ours (workspace), theirs (head now)', () => {
  it.each([
    // what                                          base    ours   theirs  verdict
    ['nobody changed it', X, X, X, 'unchanged'],
    ['absent everywhere', gone, gone, gone, 'unchanged'],
    ['only we changed the content', X, Y, X, 'ours'],
    ['only we changed the mode', X, Xx, X, 'ours'],
    ['only we deleted it', X, gone, X, 'ours'],
    ['only we added it', gone, Y, gone, 'ours'],
    ['only they changed the content', X, X, Y, 'theirs'],
    ['only they changed the mode', X, X, Xx, 'theirs'],
    ['only they deleted it', X, X, gone, 'theirs'],
    ['only they added it', gone, gone, Y, 'theirs'],
    ['both changed the content alike', X, Y, Y, 'same'],
    ['both changed the mode alike', X, Xx, Xx, 'same'],
    ['both deleted it', X, gone, gone, 'same'],
    ['both added it alike', gone, Y, Y, 'same'],
    ['both changed the content differently', X, Y, Z, 'conflict'],
    ['we changed the mode, they the content', X, Xx, Y, 'conflict'],
    ['we changed the content, they the mode', X, Y, Xx, 'conflict'],
    ['same content, different modes', X, Y, Yx, 'conflict'],
    ['we changed it, they deleted it', X, Y, gone, 'conflict'],
    ['we changed its mode, they deleted it', X, Xx, gone, 'conflict'],
    ['we deleted it, they changed it', X, gone, Y, 'conflict'],
    ['we deleted it, they changed its mode', X, gone, Xx, 'conflict'],
    ['both added it differently', gone, Y, Z, 'conflict'],
    ['both added it, modes differ', gone, Y, Yx, 'conflict'],
  ] as const)('%s', (_what, base, ours, theirs, verdict) => {
    expect(classify(base, ours, theirs)).toBe(verdict);
  });
});

const change = (path: string, kind: FileChange['kind'], side: Side): FileChange => ({
  kind,
  path,
  mode: side?.mode ?? '100644',
  type: 'blob',
  sha: side?.sha ?? null,
});
const tree = (entries: Record<string, Side>) => new Map(Object.entries(entries));

describe('mergeOntoHead', () => {
  it('keeps our changes, drops what would undo theirs, and lists the conflicts', () => {
    const base = tree({ 'a.txt': X, 'b.txt': X, 'c.txt': X, 'd.txt': X });
    const head = tree({ 'a.txt': X, 'b.txt': Y, 'c.txt': Z, 'new.txt': Y });
    // The change set against the head: the workspace has a=Y, b=X (untouched), c=Y, d deleted locally, no new.txt.
    const changes = [
      change('a.txt', 'update', Y),
      change('b.txt', 'update', X),
      change('c.txt', 'update', Y),
      change('new.txt', 'delete', gone),
    ];
    const merged = mergeOntoHead(changes, base, head);
    expect(merged.changes.map((c) => c.path)).toEqual(['a.txt']);
    expect(merged.kept).toEqual(['b.txt', 'new.txt']);
    expect(merged.conflicts).toEqual(['c.txt']);
  });

  it('refuses a file of ours where they made a folder, and a folder of ours where they made a file', () => {
    const base = tree({ 'a.txt': X });
    const head = tree({ 'a.txt': X, 'docs/x.md': Y, notes: Y });
    const merged = mergeOntoHead([change('docs', 'add', Z), change('notes/one.md', 'add', Z)], base, head);
    expect(merged.changes).toEqual([]);
    expect(merged.conflicts).toEqual(['docs', 'notes/one.md']);
  });

  it('without remote changes, everything is ours', () => {
    const base = tree({ 'a.txt': X, 'b.txt': X });
    const changes = [change('a.txt', 'update', Y), change('b.txt', 'delete', gone), change('c.txt', 'add', Z)];
    const merged = mergeOntoHead(changes, base, base);
    expect(merged).toEqual({ changes, kept: [], conflicts: [] });
  });
});
