// The reads of the branch through GraphQL, REST beside them: an answer that fits is the branch's head, tree, files
// (modes, symlinks, submodules exact) and its relation to the checkout's commit; anything else (an error, a refusal
// before sending, an answer of another shape) is never data: the branch is read through REST and so is every
// later read.
import { describe, expect, it } from 'vitest';
import { GraphqlError, GraphqlUnavailableError } from '../../../../../src/github/client';
import { ShapeError } from '../../../../../src/github/client/transport-errors';
import { EmptyRepositoryError, type GitApi } from '../../../../../src/actions/commit-files/domain/git-api';
import { checkedData } from '../../../../../src/github/graphql/shape';
import type { BranchQueries } from '../../../../../src/actions/commit-files/domain/graphql-queries';
import { commitFilesBranch, commitFilesTree } from '../../../../../src/actions/commit-files/queries/documents';
import type { GqlTreeEntry } from '../../../../../src/actions/commit-files/domain/graphql-tree';
import { graphqlReads } from '../../../../../src/actions/commit-files/domain/remote-reads';

const sha = (c: string) => c.repeat(40);
const HEAD = sha('a');
const TREE = sha('e');
const CHECKOUT = sha('c');
const URL = 'https://api.github.com/graphql';

const blob = (name: string, mode: number, oid = sha('b')): GqlTreeEntry => ({
  name,
  mode,
  type: 'blob',
  oid,
  object: { __typename: 'Blob' },
});
const folder = (name: string, entries?: GqlTreeEntry[], oid = sha('d')): GqlTreeEntry => ({
  name,
  mode: 0o40000,
  type: 'tree',
  oid,
  object: entries ? { __typename: 'Tree', entries } : null,
});

const ROOT: GqlTreeEntry[] = [
  blob('README.md', 0o100644, sha('1')),
  blob('build.sh', 0o100755, sha('2')),
  blob('link', 0o120000, sha('3')),
  { name: 'vendor', mode: 0o160000, type: 'commit', oid: sha('4'), object: null },
  folder('docs', [blob('a.md', 0o100644, sha('5')), folder('deep', undefined, sha('6'))]),
  folder('other', undefined, sha('7')),
];

function branchAnswer(over: Record<string, unknown> = {}, entries: unknown = ROOT): unknown {
  return {
    rateLimit: null,
    repository: {
      isEmpty: false,
      defaultBranchRef: { name: 'main' },
      ref: {
        name: 'main',
        compare: { status: 'BEHIND', aheadBy: 0, behindBy: 2 },
        target: { __typename: 'Commit', oid: HEAD, tree: { oid: TREE, entries } },
      },
      ...over,
    },
  };
}

const treeAnswer = (oid: string, entries: GqlTreeEntry[]) => ({
  rateLimit: null,
  repository: { object: { __typename: 'Tree', oid, entries } },
});

/** Fake queries answering from a script; REST through a fake git API that counts its reads. */
function setup(branch: () => unknown, trees: Record<string, GqlTreeEntry[]> = {}, refuse?: string) {
  const sent: string[] = [];
  const rest: string[] = [];
  const queries: BranchQueries = {
    // Each answer checked as the client checks it: against the document's shape.
    // An answer costs its point whether it is data or refused, as through the client.
    async branch(v, paid) {
      sent.push(`branch ${v.qualifiedName} ${v.checkout.slice(0, 7)}`);
      const data = branch();
      paid(1);
      return { data: checkedData(commitFilesBranch, data, URL), points: 1 };
    },
    async tree(v, paid) {
      sent.push(`tree ${v.oid.slice(0, 1)}`);
      paid(1);
      return { data: checkedData(commitFilesTree, treeAnswer(v.oid, trees[v.oid] ?? []), URL), points: 1 };
    },
    refuse: () => refuse,
  };
  const api = {
    owner: 'octo',
    repo: 'app',
    async readBranch(name: string) {
      rest.push(`ref ${name}`);
      return HEAD;
    },
    async read(s: string) {
      rest.push(`tree ${s.slice(0, 1)}`);
      return { sha: TREE, truncated: false, tree: [{ path: 'rest.txt', mode: '100644', type: 'blob', sha: sha('r') }] };
    },
    async commitTree() {
      rest.push('commit');
      return TREE;
    },
    async defaultBranch() {
      rest.push('repository');
      return 'main';
    },
  } as unknown as GitApi;
  const logged: string[] = [];
  const reads = graphqlReads(queries, api, { info: (m: string) => logged.push(m) });
  return { reads, sent, rest, logged };
}

const everything = () => true;

describe('the branch read through GraphQL', () => {
  it('one query: head, tree, files with their exact modes, the relation to the checkout; no REST', async () => {
    const { reads, sent, rest } = setup(() => branchAnswer());
    const snapshot = await reads.branch('main', (dir) => dir !== 'other', CHECKOUT);
    expect(sent).toEqual([`branch refs/heads/main ${CHECKOUT.slice(0, 7)}`, 'tree 6']);
    expect(rest).toEqual([]);
    expect(snapshot).toMatchObject({ head: HEAD, tree: TREE, folderReads: 1 });
    expect(snapshot?.descent).toEqual({ status: 'ahead', aheadBy: 2 });
    expect(Object.fromEntries([...snapshot!.files].map(([p, e]) => [p, `${e.mode} ${e.type} ${e.sha[0]}`]))).toEqual({
      'README.md': '100644 blob 1',
      'build.sh': '100755 blob 2',
      link: '120000 blob 3',
      vendor: '160000 commit 4',
      'docs/a.md': '100644 blob 5',
    });
    expect(await reads.defaultBranch()).toBe('main');
    expect(rest).toEqual([]);
    expect(reads.account()).toEqual({ fallback: null, queries: 2, points: 2 });
  });

  it('a deeper folder the selection may hold is read with its own query, deeper ones again', async () => {
    const trees = { [sha('6')]: [folder('x', undefined, sha('8'))], [sha('8')]: [blob('y.md', 0o100644, sha('9'))] };
    const { reads, sent } = setup(() => branchAnswer(), trees);
    const snapshot = await reads.branch('main', (dir) => dir.startsWith('docs'));
    expect(sent.slice(1)).toEqual(['tree 6', 'tree 8']);
    expect(snapshot?.files.get('docs/deep/x/y.md')?.sha).toBe(sha('9'));
    expect(snapshot?.descent).toBeUndefined();
  });

  it.each([
    {
      what: 'the checkout is the head',
      compare: { status: 'IDENTICAL', aheadBy: 0, behindBy: 0 },
      status: 'identical',
    },
    {
      what: 'the checkout has commits the branch lacks',
      compare: { status: 'AHEAD', aheadBy: 1, behindBy: 0 },
      status: 'behind',
    },
    { what: 'both moved', compare: { status: 'DIVERGED', aheadBy: 1, behindBy: 3 }, status: 'diverged' },
  ])('compare: $what → $status, as REST names it from the checkout', async ({ compare, status }) => {
    const { reads } = setup(() => branchAnswer({ ref: { ...(branchAnswer() as any).repository.ref, compare } }));
    expect((await reads.branch('main', everything, CHECKOUT))?.descent?.status).toBe(status);
  });

  it('a comparison GitHub cannot make (null) leaves the descent to REST', async () => {
    const { reads } = setup(() => branchAnswer({ ref: { ...(branchAnswer() as any).repository.ref, compare: null } }));
    expect((await reads.branch('main', everything, CHECKOUT))?.descent).toBeUndefined();
  });

  it('a branch that does not exist: undefined, the default branch known without a request', async () => {
    const { reads, rest } = setup(() => branchAnswer({ ref: null }));
    expect(await reads.branch('feature', everything)).toBeUndefined();
    expect(await reads.defaultBranch()).toBe('main');
    expect(rest).toEqual([]);
  });

  it('an empty repository is refused as REST refuses it, not read through REST', async () => {
    const { reads, rest } = setup(() => branchAnswer({ isEmpty: true, defaultBranchRef: null, ref: null }));
    await expect(reads.branch('main', everything)).rejects.toBeInstanceOf(EmptyRepositoryError);
    expect(rest).toEqual([]);
  });

  const ref = (over: Record<string, unknown>) => ({ ref: { ...(branchAnswer() as any).repository.ref, ...over } });
  it.each([
    {
      what: 'GraphQL unavailable',
      answer: () => {
        throw new GraphqlUnavailableError('missing', 'CommitFilesBranch', '404');
      },
    },
    {
      what: 'an answer with errors',
      answer: () => {
        throw new GraphqlError('CommitFilesBranch', [{ type: 'INTERNAL', message: 'Something went wrong' }], null);
      },
    },
    {
      what: 'an answer the client found of the wrong shape',
      answer: () => {
        throw new ShapeError('POST /graphql', 200, 'data is missing', 'u');
      },
    },
    { what: 'the repository did not resolve', answer: () => ({ rateLimit: null, repository: null }) },
    { what: 'the ref points to a tag', answer: () => branchAnswer(ref({ target: { __typename: 'Tag', oid: HEAD } })) },
    { what: 'a mode git trees do not hold', answer: () => branchAnswer({}, [blob('a', 0o100664)]) },
    { what: 'a mode that does not match its type', answer: () => branchAnswer({}, [{ ...blob('a', 0o40000) }]) },
    { what: 'a name with a slash', answer: () => branchAnswer({}, [blob('a/b', 0o100644)]) },
    { what: 'a name of ..', answer: () => branchAnswer({}, [blob('..', 0o100644)]) },
    { what: 'an id that is not a sha', answer: () => branchAnswer({}, [blob('a', 0o100644, 'HEAD')]) },
    {
      what: 'a comparison status of another name',
      answer: () => branchAnswer(ref({ compare: { status: 'AHEAD_OF', aheadBy: 0, behindBy: 0 } })),
    },
    { what: 'entries missing', answer: () => branchAnswer({}, 'none') },
  ])('$what → the branch read through REST, and every later read', async ({ answer }) => {
    const { reads, sent, rest, logged } = setup(answer);
    const snapshot = await reads.branch('main', everything, CHECKOUT);
    expect(snapshot).toMatchObject({ head: HEAD, tree: TREE, folderReads: 0 });
    expect([...snapshot!.files.keys()]).toEqual(['rest.txt']);
    expect(snapshot?.descent).toBeUndefined();
    expect(rest).toEqual(['ref main', `tree ${HEAD[0]}`]);
    expect(reads.account().fallback).toBeTruthy();
    expect(logged.join('\n')).toMatch(/GraphQL unavailable .*reads through REST/);
    await reads.branch('other', everything);
    expect(sent).toHaveLength(1);
    expect(await reads.defaultBranch()).toBe('main');
  });

  it('a deeper folder whose query fails: the whole branch is read again through REST, nothing partial kept', async () => {
    const broken = { [sha('6')]: [blob('x', 0o100664)] };
    const { reads: withBroken, rest } = setup(() => branchAnswer(), broken);
    const snapshot = await withBroken.branch('main', everything);
    expect([...snapshot!.files.keys()]).toEqual(['rest.txt']);
    expect(rest).toEqual(['ref main', `tree ${HEAD[0]}`]);
    expect(withBroken.account().fallback).toMatch(/unexpected tree entry/);
  });

  it('GraphQL refused before sending (its budget spent): no query, REST, and the plan says why', async () => {
    const { reads, sent, rest } = setup(() => branchAnswer(), {}, 'GraphQL budget spent');
    await reads.branch('main', everything);
    expect(sent).toEqual([]);
    expect(rest).toEqual(['ref main', `tree ${HEAD[0]}`]);
    expect(reads.account()).toEqual({ fallback: 'GraphQL budget spent', queries: 0, points: 0 });
  });
});
