// The reads of the branch a commit goes on: its head, that commit's tree and files, and how it relates to the
// commit the workspace was checked out at. Through GraphQL first (one query of its own budget, so REST's is left
// for the writes), through REST by itself when GraphQL cannot answer exactly: no endpoint, its budget spent, an
// answer with errors or of an unexpected shape. A fallback re-reads everything of that branch through REST (a
// partial GraphQL answer is never used) and every later read goes to REST too; the plan says which.
import { GraphqlFirst, type ReadAccount } from '../../../kernel/reads';
import type { Client, Logger } from '../../../github/client/types';
import { EmptyRepositoryError, type GitApi } from './git-api';
import { readRemoteTree, type RemoteEntry } from './remote-tree';
import { branchQueries, type BranchQueries } from './graphql-queries';
import { emptyTree, flattenEntries, type FlatTree } from './graphql-tree';

/** How the branch relates to the checkout's commit, as REST's compare `checkout...branch` says it. */
export interface Descent {
  status: 'ahead' | 'behind' | 'diverged' | 'identical';
  /** Commits on the branch that are not on the checkout's commit. */
  aheadBy: number;
}

export interface BranchSnapshot {
  head: string;
  /** The head commit's tree. */
  tree: string;
  files: Map<string, RemoteEntry>;
  /** Reads made beyond the first for folders (REST: a truncated tree walked; GraphQL: folders nested deeper). */
  folderReads: number;
  /** Known when the checkout's commit was given and GraphQL compared it (REST compares apart). */
  descent?: Descent;
}

export interface RemoteReads {
  /** The branch's head, tree and files (folders only where `mayContain`), or undefined when it does not exist. */
  branch(name: string, mayContain: (dir: string) => boolean, checkout?: string): Promise<BranchSnapshot | undefined>;
  defaultBranch(): Promise<string>;
  account(): ReadAccount;
}

/** Every read through REST: a ref read, a recursive tree read (walked when truncated). */
export function restReads(api: GitApi, fallback: string | null = 'GraphQL not used'): RemoteReads {
  return {
    async branch(name, mayContain) {
      const head = await api.readBranch(name);
      if (!head) return undefined;
      const remote = await readRemoteTree(api, head, mayContain);
      // The tree read by commit id answers with the commit's tree; should a server echo the commit id, ask for it.
      const tree = remote.sha === head ? await api.commitTree(head) : remote.sha;
      return { head, tree, files: remote.files, folderReads: remote.walkedFolders };
    },
    defaultBranch: () => api.defaultBranch(),
    account: () => ({ fallback, queries: 0, points: 0 }),
  };
}

const DESCENT: Record<string, Descent['status']> = {
  // `Ref.compare`: the ref is the base and the checkout's commit the head, the reverse of REST's compare.
  BEHIND: 'ahead',
  AHEAD: 'behind',
  DIVERGED: 'diverged',
  IDENTICAL: 'identical',
};

export function graphqlReads(queries: BranchQueries, api: GitApi, log: Pick<Logger, 'info'>): RemoteReads {
  const first = new GraphqlFirst({ fallback: null, queries: 0, points: 0 }, log, 'commit-files reads through REST');
  const rest = restReads(api);
  const paid = (points: number) => first.count(points);
  let defaultBranch: string | undefined;

  /** The folders the first answer did not reach, each with another query (deeper ones again). */
  async function readDeeper(into: FlatTree, mayContain: (dir: string) => boolean): Promise<number> {
    let reads = 0;
    for (let pending = into.unread.splice(0); pending.length; pending = into.unread.splice(0)) {
      for (const folder of pending.filter((f) => mayContain(f.path))) {
        const answer = await queries.tree({ owner: api.owner, name: api.repo, oid: folder.oid }, paid);
        reads++;
        const object = answer.data.repository?.object;
        if (object?.__typename !== 'Tree' || object.oid !== folder.oid || !object.entries)
          throw new Error(`the folder ${folder.path} did not resolve to its tree`);
        flattenEntries(object.entries, folder.path, into);
      }
    }
    return reads;
  }

  async function viaGraphql(name: string, mayContain: (dir: string) => boolean, checkout?: string) {
    const qualifiedName = `refs/heads/${name}`;
    const answer = await queries.branch(
      { owner: api.owner, name: api.repo, qualifiedName, checkout: checkout ?? qualifiedName },
      paid,
    );
    const repository = answer.data.repository;
    if (!repository) throw new Error(`the repository ${api.owner}/${api.repo} did not resolve`);
    if (repository.isEmpty) throw new EmptyRepositoryError(`${api.owner}/${api.repo}`);
    if (repository.defaultBranchRef?.name) defaultBranch = repository.defaultBranchRef.name;
    const ref = repository.ref;
    if (!ref) return undefined;
    const target = ref.target;
    if (target?.__typename !== 'Commit')
      throw new Error(`${qualifiedName} points to ${target ? `a ${target.__typename}` : 'nothing'}, not a commit`);
    if (ref.compare && (ref.compare.aheadBy < 0 || ref.compare.behindBy < 0))
      throw new Error(`${qualifiedName}'s comparison counts fewer than no commits`);
    const flat = flattenEntries(target.tree.entries ?? [], '', emptyTree());
    const folderReads = await readDeeper(flat, mayContain);
    const status = ref.compare ? DESCENT[ref.compare.status] : undefined;
    // The commits on the branch the checkout's commit lacks: how far the checkout's commit is behind the ref.
    const descent: Descent | undefined =
      checkout && ref.compare && status ? { status, aheadBy: ref.compare.behindBy } : undefined;
    return {
      head: target.oid,
      tree: target.tree.oid,
      files: flat.files,
      folderReads,
      ...(descent ? { descent } : {}),
    };
  }

  return {
    async branch(name, mayContain, checkout) {
      if (!first.serves(queries.refuse(1))) return rest.branch(name, mayContain);
      try {
        return await viaGraphql(name, mayContain, checkout);
      } catch (err) {
        if (err instanceof EmptyRepositoryError) throw err;
        first.fallBack(err);
        return rest.branch(name, mayContain);
      }
    },
    defaultBranch: async () => defaultBranch ?? api.defaultBranch(),
    account: () => ({ ...first.account }),
  };
}

/** GraphQL first, REST by itself after. */
export function remoteReads(client: Client, api: GitApi, log: Pick<Logger, 'info'>): RemoteReads {
  return graphqlReads(branchQueries(client), api, log);
}

/** The plan's line about the reads. */
export function describeReads(account: ReadAccount): string {
  const points = `${account.points} ${account.points === 1 ? 'point' : 'points'}`;
  const queries = `${account.queries} ${account.queries === 1 ? 'query' : 'queries'}`;
  if (account.fallback === null)
    return `Read the branch through GraphQL (${queries}, ${points}): REST is left for the writes.`;
  return `GraphQL unavailable (${account.fallback}): read the branch through REST${account.queries ? ` (after ${queries}, ${points})` : ''}.`;
}
