import { describe, expect, it } from 'vitest';
import { GITHUB_COMMIT_LIMITS } from '../../../../src/actions/commit-files/domain/limits';
import type { LocalFile } from '../../../../src/actions/commit-files/domain/local';
import { parsePathSpecs, PathSelection } from '../../../../src/actions/commit-files/domain/path-spec';
import { batchChanges, changeSetCost, planChanges, type PlanInput } from '../../../../src/actions/commit-files/plan';
import type { RemoteEntry } from '../../../../src/actions/commit-files/domain/remote-tree';

const sha = (n: number | string) => String(n).padStart(40, '0');
const local = (path: string, s: number | string, extra: Partial<LocalFile> = {}): LocalFile => ({
  path,
  absPath: `/w/${path}`,
  mode: '100644',
  size: 10,
  sha: sha(s),
  text: true,
  ...extra,
});
const remote = (
  path: string,
  s: number | string,
  mode = '100644',
  type: 'blob' | 'commit' = 'blob',
): [string, RemoteEntry] => [path, { path, mode, type, sha: sha(s) }];
const sel = (...texts: string[]) => new PathSelection(parsePathSpecs('paths', texts));

function plan(overrides: Partial<PlanInput>) {
  return planChanges({
    local: [],
    remote: new Map(),
    selection: sel('.'),
    deleteMissing: false,
    deletes: sel(),
    limits: GITHUB_COMMIT_LIMITS,
    ...overrides,
  });
}

describe('planChanges', () => {
  it('finds adds, updates, mode changes and leaves equal files alone', () => {
    const set = plan({
      local: [local('a.txt', 1), local('b.txt', 22), local('run.sh', 3, { mode: '100755' }), local('same.txt', 4)],
      remote: new Map([remote('b.txt', 2), remote('run.sh', 3), remote('same.txt', 4)]),
    });
    expect(set.changes.map((c) => [c.kind, c.path])).toEqual([
      ['add', 'a.txt'],
      ['update', 'b.txt'],
      ['mode', 'run.sh'],
    ]);
    expect(set.changes.find((c) => c.kind === 'mode')).toMatchObject({
      source: 'existing',
      sha: sha(3),
      mode: '100755',
    });
    expect(set.counts).toEqual({ added: 1, updated: 2, deleted: 0 });
  });

  it('nothing differs → no changes and no cost', () => {
    const set = plan({ local: [local('a', 1)], remote: new Map([remote('a', 1)]) });
    expect(set.changes).toEqual([]);
    expect(set.batches).toEqual([]);
    expect(changeSetCost(set)).toEqual({ requests: 0, writes: 0 });
    expect(changeSetCost(set, { allowEmpty: true })).toEqual({ requests: 2, writes: 2 });
  });

  it('text under the bound goes inline; binary and large text are uploaded; known blobs are reused', () => {
    const set = plan({
      local: [
        local('small.txt', 1),
        local('bin.png', 2, { text: false }),
        local('large.txt', 3, { size: GITHUB_COMMIT_LIMITS.inlineMaxBytes + 1 }),
        local('copy.bin', 9, { text: false }),
        local('copy.txt', 8),
      ],
      remote: new Map([remote('elsewhere.bin', 9), remote('other.txt', 8)]),
    });
    const source = Object.fromEntries(set.changes.map((c) => [c.path, c.source]));
    expect(source).toEqual({
      'small.txt': 'inline',
      'bin.png': 'upload',
      'large.txt': 'upload',
      'copy.bin': 'existing',
      'copy.txt': 'existing',
    });
    expect(set.uploads.map((f) => f.path)).toEqual(['bin.png', 'large.txt']);
  });

  it('uploads one blob for several files with the same content', () => {
    const set = plan({ local: [local('a.bin', 5, { text: false }), local('b.bin', 5, { text: false })] });
    expect(set.uploads).toHaveLength(1);
    expect(set.changes).toHaveLength(2);
  });

  it('symlinks keep mode 120000 and inline link text', () => {
    const set = plan({
      local: [local('link', 7, { mode: '120000', size: 6 })],
      remote: new Map([remote('link', 6, '120000')]),
    });
    expect(set.changes).toEqual([expect.objectContaining({ kind: 'update', mode: '120000', source: 'inline' })]);
  });

  it('delete-missing deletes only branch files that paths selects, never a submodule', () => {
    const set = plan({
      local: [local('docs/a.md', 1)],
      remote: new Map([
        remote('docs/a.md', 1),
        remote('docs/gone.md', 2),
        remote('src/keep.ts', 3),
        remote('docs/sub', 4, '160000', 'commit'),
      ]),
      selection: sel('docs'),
      deleteMissing: true,
    });
    expect(set.changes.map((c) => [c.kind, c.path, c.sha])).toEqual([['delete', 'docs/gone.md', null]]);
  });

  it('delete-paths removes a submodule named explicitly', () => {
    const set = plan({
      local: [],
      remote: new Map([remote('docs/sub', 4, '160000', 'commit')]),
      deletes: sel('docs/sub'),
    });
    expect(set.changes).toEqual([
      expect.objectContaining({ kind: 'delete', path: 'docs/sub', type: 'commit', mode: '160000' }),
    ]);
  });

  it('delete-missing leaves nested repositories alone', () => {
    const set = plan({
      local: [],
      remote: new Map([remote('vendor/lib/x.c', 1), remote('y.c', 2)]),
      selection: sel('.'),
      deleteMissing: true,
      leftAlone: ['vendor/lib'],
    });
    expect(set.changes.map((c) => c.path)).toEqual(['y.c']);
  });

  it('a file that became a folder, and a folder that became a file: the old side is deleted first, in its own tree request', () => {
    const set = plan({
      local: [local('out/report.txt', 1), local('docs', 2)],
      remote: new Map([remote('out', 3), remote('docs/a.md', 4), remote('docs/b/c.md', 5), remote('keep', 6)]),
    });
    expect(set.changes.map((c) => [c.kind, c.path])).toEqual([
      ['add', 'docs'],
      ['delete', 'docs/a.md'],
      ['delete', 'docs/b/c.md'],
      ['delete', 'out'],
      ['add', 'out/report.txt'],
    ]);
    expect(set.counts).toEqual({ added: 2, updated: 0, deleted: 3 });
    expect(set.batches.map((b) => b.map((c) => c.path))).toEqual([
      ['docs/a.md', 'docs/b/c.md', 'out'],
      ['docs', 'out/report.txt'],
    ]);
  });

  it('without delete-missing, missing files stay', () => {
    const set = plan({ local: [], remote: new Map([remote('x', 1)]) });
    expect(set.changes).toEqual([]);
  });

  it('delete-paths deletes named files and folders, and wins over a local file', () => {
    const set = plan({
      local: [local('old/keep-local.txt', 1), local('new.txt', 2)],
      remote: new Map([
        remote('old/a', 3),
        remote('old/keep-local.txt', 1),
        remote('legacy.cfg', 4),
        remote('other', 5),
      ]),
      deletes: sel('old', 'legacy.cfg'),
    });
    expect(set.changes.map((c) => [c.kind, c.path])).toEqual([
      ['delete', 'legacy.cfg'],
      ['add', 'new.txt'],
      ['delete', 'old/a'],
      ['delete', 'old/keep-local.txt'],
    ]);
  });

  it('chains tree requests by entries and by inline bytes', () => {
    const limits = { ...GITHUB_COMMIT_LIMITS, treeMaxEntries: 3, treeMaxInlineBytes: 25 };
    const files = Array.from({ length: 7 }, (_, i) => local(`f${i}`, i + 1, { size: 10 }));
    const set = plan({ local: files, limits });
    expect(set.batches.map((b) => b.length)).toEqual([2, 2, 2, 1]);
    const byEntries = batchChanges(
      files.map((f) => ({
        kind: 'add',
        path: f.path,
        mode: f.mode,
        type: 'blob',
        sha: f.sha,
        source: 'upload',
        local: f,
      })),
      limits,
    );
    expect(byEntries.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(changeSetCost(set)).toEqual({ requests: 4 + 2, writes: 6 });
  });

  it('scenario A costs 5 blobs + 1 tree + commit + ref', () => {
    const texts = Array.from({ length: 200 }, (_, i) => local(`text/${i}.txt`, `t${i}`));
    const bins = Array.from({ length: 5 }, (_, i) => local(`bin/${i}.bin`, `b${i}`, { text: false, size: 50_000 }));
    const exec = local('tool.sh', 'x', { mode: '100755' });
    const remoteFiles = new Map([
      ...texts.map((f) => remote(f.path, `old${f.path}`)),
      remote('tool.sh', 'x'),
      remote('gone/1', 'g1'),
      remote('gone/2', 'g2'),
      remote('gone/3', 'g3'),
    ]);
    const set = plan({ local: [...texts, ...bins, exec], remote: remoteFiles, deletes: sel('gone') });
    expect(set.counts).toEqual({ added: 5, updated: 201, deleted: 3 });
    expect(changeSetCost(set)).toEqual({ requests: 8, writes: 8 });
  });
});
