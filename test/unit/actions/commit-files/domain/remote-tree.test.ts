import { describe, expect, it } from 'vitest';
import {
  readRemoteTree,
  type TreeEntry,
  type TreeReader,
} from '../../../../../src/actions/commit-files/domain/remote-tree';

/** A fake reader over nested trees; the recursive listing is truncated when `truncate` is set. */
function reader(trees: Record<string, TreeEntry[]>, truncate: boolean) {
  const reads: string[] = [];
  const r: TreeReader = {
    async read(sha, recursive) {
      reads.push(`${sha}${recursive ? ' recursive' : ''}`);
      const root = sha === 'commit1' ? 'root' : sha;
      if (!recursive) return { sha: root, truncated: false, tree: trees[root] };
      const all: TreeEntry[] = [];
      const walk = (t: string, prefix: string) => {
        for (const e of trees[t]) {
          all.push({ ...e, path: prefix + e.path });
          if (e.type === 'tree') walk(e.sha, `${prefix}${e.path}/`);
        }
      };
      walk(root, '');
      return { sha: root, truncated: truncate, tree: truncate ? all.slice(0, 2) : all };
    },
  };
  return { r, reads };
}

const trees: Record<string, TreeEntry[]> = {
  root: [
    { path: 'README.md', mode: '100644', type: 'blob', sha: 'r' },
    { path: 'docs', mode: '040000', type: 'tree', sha: 'docs' },
    { path: 'vendor', mode: '040000', type: 'tree', sha: 'vendor' },
    { path: 'sub', mode: '160000', type: 'commit', sha: 's' },
  ],
  docs: [
    { path: 'a.md', mode: '100644', type: 'blob', sha: 'a' },
    { path: 'api', mode: '040000', type: 'tree', sha: 'api' },
  ],
  api: [{ path: 'x.md', mode: '100755', type: 'blob', sha: 'x' }],
  vendor: [{ path: 'lib.js', mode: '100644', type: 'blob', sha: 'l' }],
};

describe('readRemoteTree', () => {
  it('one recursive read: files and submodules, no folders', async () => {
    const { r, reads } = reader(trees, false);
    const tree = await readRemoteTree(r, 'commit1', () => true);
    expect(reads).toEqual(['commit1 recursive']);
    expect(tree.sha).toBe('root');
    expect([...tree.files.keys()].sort()).toEqual(['README.md', 'docs/a.md', 'docs/api/x.md', 'sub', 'vendor/lib.js']);
    expect(tree.files.get('docs/api/x.md')).toEqual({ path: 'docs/api/x.md', mode: '100755', type: 'blob', sha: 'x' });
  });

  it('truncated: walks only the folders that may hold selected paths', async () => {
    const { r, reads } = reader(trees, true);
    const tree = await readRemoteTree(r, 'commit1', (dir) => dir === 'docs' || dir.startsWith('docs/'));
    expect(reads).toEqual(['commit1 recursive', 'root', 'docs', 'api']);
    expect([...tree.files.keys()].sort()).toEqual(['README.md', 'docs/a.md', 'docs/api/x.md', 'sub']);
    expect(tree.walkedFolders).toBe(3);
  });
});
