import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/github/client/errors';
import { writeCommit, type CommitRequest } from '../../../../src/actions/commit-files/apply';
import type { Comparison, GitApi, TreeWriteEntry } from '../../../../src/actions/commit-files/domain/git-api';
import { GITHUB_COMMIT_LIMITS } from '../../../../src/actions/commit-files/domain/limits';
import type { LocalFile } from '../../../../src/actions/commit-files/domain/local';
import { parsePathSpecs, PathSelection } from '../../../../src/actions/commit-files/domain/path-spec';
import { planChanges } from '../../../../src/actions/commit-files/plan';
import type { RemoteEntry } from '../../../../src/actions/commit-files/domain/remote-tree';

const sha = (s: string) => s.padEnd(40, '0');
const log = { debug() {}, info() {}, warning() {} };
const notFastForward = () =>
  new ApiError({
    status: 422,
    method: 'PATCH',
    url: 'http://x/git/refs/heads/main',
    message: 'Update is not a fast forward',
  });

/** A fake git API: records calls; the branch "moves" for the first `moves` ref updates. */
class FakeApi {
  calls: string[] = [];
  trees: { base: string; entries: TreeWriteEntry[] }[] = [];
  commits: { tree: string; parents: string[] }[] = [];
  head = sha('head0');
  constructor(
    private moves: number,
    private comparison: (since: string) => Comparison,
  ) {}
  async createBlob(file: LocalFile) {
    this.calls.push(`blob ${file.path}`);
    return file.sha;
  }
  async createTree(base: string, entries: TreeWriteEntry[]) {
    this.calls.push(`tree on ${base.slice(0, 6)}`);
    this.trees.push({ base, entries });
    return sha(`tree${this.trees.length}`);
  }
  async createCommit(_message: string, tree: string, parents: string[]) {
    this.calls.push(`commit on ${parents[0].slice(0, 6)}`);
    this.commits.push({ tree, parents });
    return { sha: sha(`c${this.commits.length}`), url: 'u', verified: true };
  }
  async updateBranch(_branch: string, to: string, force: boolean) {
    this.calls.push(`ref${force ? ' force' : ''}`);
    if (this.moves > 0) {
      this.moves--;
      this.head = sha(`other${this.moves}`);
      throw notFastForward();
    }
    this.head = to;
  }
  async createBranch() {
    this.calls.push('create ref');
  }
  async compare(since: string) {
    this.calls.push('compare');
    return this.comparison(since);
  }
  async readBranch() {
    this.calls.push('read ref');
    return this.head;
  }
  async read() {
    this.calls.push('read tree');
    return { sha: sha('newtree'), truncated: false, tree: [] };
  }
}

const local = (path: string, s: string, text = false): LocalFile => ({
  path,
  absPath: `/nonexistent/${path}`,
  mode: '100644',
  size: 3,
  sha: sha(s),
  text,
});

function request(api: FakeApi, remote: Map<string, RemoteEntry>, files: LocalFile[], force = false): CommitRequest {
  const sel = new PathSelection(parsePathSpecs('paths', ['.']));
  const changeSet = planChanges({
    local: files,
    remote,
    selection: sel,
    deleteMissing: true,
    deletes: new PathSelection([]),
    limits: GITHUB_COMMIT_LIMITS,
  });
  return {
    branch: 'main',
    parent: api.head,
    parentTree: sha('tree0'),
    create: false,
    remote,
    changeSet,
    message: 'm',
    force,
    limits: GITHUB_COMMIT_LIMITS,
    log,
  };
}

const remoteOf = (...entries: [string, string][]) =>
  new Map(entries.map(([p, s]) => [p, { path: p, mode: '100644', type: 'blob' as const, sha: sha(s) }]));
const ahead = (files: Comparison['files'], head = 'other0'): Comparison => ({
  status: 'ahead',
  totalCommits: 1,
  head: { sha: sha(head), tree: sha('othertree') },
  commits: [sha(head)],
  files,
  filesComplete: true,
});

describe('writeCommit', () => {
  it('uploads, builds the tree, commits and fast-forwards', async () => {
    const api = new FakeApi(0, () => ahead([]));
    const result = await writeCommit(
      api as unknown as GitApi,
      request(api, remoteOf(['gone', 'g']), [local('a.bin', 'a'), local('b.bin', 'b')]),
    );
    expect(api.calls).toEqual(['blob a.bin', 'blob b.bin', 'tree on tree00', 'commit on head00', 'ref']);
    expect(api.trees[0].entries).toEqual([
      { path: 'a.bin', mode: '100644', type: 'blob', sha: sha('a') },
      { path: 'b.bin', mode: '100644', type: 'blob', sha: sha('b') },
      { path: 'gone', mode: '100644', type: 'blob', sha: null },
    ]);
    expect(result.replays).toBe(0);
  });

  it('replays the same change set on the moved head, reusing blobs: 4 extra requests', async () => {
    const api = new FakeApi(1, () => ahead([{ path: 'other.txt', status: 'added', sha: sha('o') }]));
    const result = await writeCommit(
      api as unknown as GitApi,
      request(api, remoteOf(['keep', 'k']), [local('a.bin', 'a')]),
    );
    expect(api.calls).toEqual([
      'blob a.bin',
      'tree on tree00',
      'commit on head00',
      'ref',
      'compare',
      'tree on othert',
      'commit on other0',
      'ref',
    ]);
    expect(api.trees[1]).toEqual({ base: sha('othertree'), entries: api.trees[0].entries });
    expect(api.commits[1].parents).toEqual([sha('other0')]);
    expect(result).toMatchObject({ replays: 1, parent: sha('other0') });
  });

  it('a file both changed is a conflict: fails naming it, the ref is not moved again', async () => {
    const api = new FakeApi(1, () => ahead([{ path: 'a.bin', status: 'modified', sha: sha('zz') }]));
    await expect(
      writeCommit(api as unknown as GitApi, request(api, remoteOf(['a.bin', 'old']), [local('a.bin', 'a')])),
    ).rejects.toThrow(/a\.bin.*Nothing was written/);
    expect(api.calls.filter((c) => c === 'ref')).toHaveLength(1);
  });

  it('force lets this change set win while keeping the other commit as parent', async () => {
    const api = new FakeApi(1, () => ahead([{ path: 'a.bin', status: 'modified', sha: sha('zz') }]));
    const result = await writeCommit(
      api as unknown as GitApi,
      request(api, remoteOf(['a.bin', 'old']), [local('a.bin', 'a')], true),
    );
    expect(result.parent).toBe(sha('other0'));
    expect(api.calls).not.toContain('ref force');
  });

  it('compares against the head first read on every replay, and gives up after the bound', async () => {
    const seen: string[] = [];
    const api = new FakeApi(10, (since) => {
      seen.push(since);
      return ahead([]);
    });
    await expect(writeCommit(api as unknown as GitApi, request(api, new Map(), [local('a.bin', 'a')]))).rejects.toThrow(
      /kept moving/,
    );
    expect(new Set(seen)).toEqual(new Set([sha('head0')]));
    expect(api.calls.filter((c) => c === 'ref')).toHaveLength(GITHUB_COMMIT_LIMITS.maxReplays + 1);
    expect(api.calls.filter((c) => c.startsWith('blob'))).toHaveLength(1);
  });

  it('falls back to reading the new tree when the compare is incomplete', async () => {
    const api = new FakeApi(1, () => ({
      status: 'diverged',
      totalCommits: 300,
      commits: [],
      files: [],
      filesComplete: false,
    }));
    await writeCommit(api as unknown as GitApi, request(api, new Map(), [local('a.bin', 'a')]));
    expect(api.calls).toEqual([
      'blob a.bin',
      'tree on tree00',
      'commit on head00',
      'ref',
      'compare',
      'read ref',
      'read tree',
      'tree on newtre',
      'commit on other0',
      'ref',
    ]);
  });

  it('a refused ref update whose earlier attempt was applied is done: no replay, no second commit', async () => {
    const api = new FakeApi(0, () => ({
      ...ahead([{ path: 'a.bin', status: 'added', sha: sha('a') }]),
      commits: [sha('c1')],
    }));
    api.updateBranch = async () => {
      api.calls.push('ref');
      throw notFastForward();
    };
    const result = await writeCommit(api as unknown as GitApi, request(api, new Map(), [local('a.bin', 'a')]));
    expect(result).toMatchObject({ replays: 0, commit: { sha: sha('c1') } });
    expect(api.calls).toEqual(['blob a.bin', 'tree on tree00', 'commit on head00', 'ref', 'compare']);
  });

  it('a branch deleted meanwhile fails clearly', async () => {
    const api = new FakeApi(0, () => ahead([]));
    api.updateBranch = async () => {
      throw new ApiError({
        status: 422,
        method: 'PATCH',
        url: 'http://x/git/refs/heads/main',
        message: 'Reference does not exist',
      });
    };
    await expect(writeCommit(api as unknown as GitApi, request(api, new Map(), [local('a.bin', 'a')]))).rejects.toThrow(
      /main was deleted while this commit was made/,
    );
  });

  it('other errors are not retried', async () => {
    const api = new FakeApi(0, () => ahead([]));
    api.updateBranch = async () => {
      throw new ApiError({
        status: 403,
        method: 'PATCH',
        url: 'http://x/git/refs',
        message: 'Resource not accessible by integration',
      });
    };
    await expect(writeCommit(api as unknown as GitApi, request(api, new Map(), [local('a.bin', 'a')]))).rejects.toThrow(
      /403/,
    );
    expect(api.calls.filter((c) => c === 'compare')).toHaveLength(0);
  });
});
