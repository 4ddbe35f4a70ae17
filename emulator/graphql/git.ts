// Git objects and refs through GraphQL, from the same object store REST's git database serves: `Repository.refs
// (refPrefix:, first, after, query)`, `ref(qualifiedName:)` (a fully qualified name first, then a short one, as
// the reference describes), `defaultBranchRef`, `object(expression: "rev" | "rev:path", oid:)` (null when nothing
// matches), `Commit` (oid, message, dates, tree, parents), `Tree.entries` (`mode` as GitHub's integer, e.g. 33188
// for 100644; `path` is not modelled) and `Blob` (text, byteSize, isBinary).
import type { Repo } from '../state';
import { connection, type PageArgs } from './connection';
import { repoOf, type ResolverModule } from './registry';
import { repositoryModel } from './repository';

type Source = { $repo: Repo };

export function gitObjectModel(repo: Repo, sha: string): Record<string, unknown> | null {
  const o = repo.objects.get(sha);
  if (!o) return null;
  const base = { $repo: repo, $sha: sha, oid: sha, abbreviatedOid: sha.slice(0, 7) };
  if (o.type === 'commit') {
    const c = repo.objects.commit(sha)!;
    const [headline] = c.message.split('\n');
    return {
      ...base,
      __typename: 'Commit',
      id: `C_${repo.id}_${sha}`,
      message: c.message,
      messageHeadline: headline,
      committedDate: c.committer.date,
      authoredDate: c.author.date,
      author: { name: c.author.name, email: c.author.email, date: c.author.date },
      committer: { name: c.committer.name, email: c.committer.email, date: c.committer.date },
    };
  }
  if (o.type === 'tree') return { ...base, __typename: 'Tree', id: `T_${repo.id}_${sha}` };
  if (o.type === 'blob') {
    const isBinary = o.body.includes(0);
    return {
      ...base,
      __typename: 'Blob',
      id: `B_${repo.id}_${sha}`,
      byteSize: o.body.length,
      isBinary,
      isTruncated: false,
      text: isBinary ? null : o.body.toString('utf8'),
    };
  }
  return { ...base, __typename: 'Tag', id: `TAG_${repo.id}_${sha}` };
}

function refModel(repo: Repo, qualified: string) {
  const sha = repo.refs.get(qualified)!;
  const prefix = /^refs\/(heads|tags)\//.exec(qualified)?.[0] ?? 'refs/';
  return {
    __typename: 'Ref',
    $repo: repo,
    id: `REF_${repo.id}_${Buffer.from(qualified).toString('base64url')}`,
    name: qualified.slice(prefix.length),
    prefix,
    target: gitObjectModel(repo, sha),
  };
}

function ref(source: Source, args: { qualifiedName: string }) {
  const repo = repoOf(source);
  const name = args.qualifiedName;
  const qualified = [name, `refs/heads/${name}`, `refs/tags/${name}`].find(
    (q) => q.startsWith('refs/') && repo.refs.has(q),
  );
  return qualified ? refModel(repo, qualified) : null;
}

function refs(
  source: Source,
  args: PageArgs & { refPrefix: string; query?: string | null; direction?: string | null },
) {
  const repo = repoOf(source);
  let names = [...repo.refs.keys()].filter((q) => q.startsWith(args.refPrefix)).sort();
  if (args.query) names = names.filter((q) => q.slice(args.refPrefix.length).includes(args.query!));
  if (args.direction === 'DESC') names.reverse();
  return connection(
    names.map((q) => refModel(repo, q)),
    args,
  );
}

function object(source: Source, args: { expression?: string | null; oid?: string | null }) {
  const repo = repoOf(source);
  if (args.oid) return gitObjectModel(repo, args.oid);
  const expression = args.expression ?? 'HEAD';
  const colon = expression.indexOf(':');
  const rev = colon < 0 ? expression : expression.slice(0, colon);
  const sha = repo.resolveRef(rev === 'HEAD' || rev === '' ? undefined : rev);
  if (!sha) return null;
  if (colon < 0) return gitObjectModel(repo, sha);
  const path = expression.slice(colon + 1).replace(/^\/+|\/+$/g, '');
  const commit = repo.objects.commit(sha);
  if (!commit) return null;
  if (!path) return gitObjectModel(repo, commit.tree);
  const entry = repo.objects.lookup(commit.tree, path);
  return entry ? gitObjectModel(repo, entry.sha) : null;
}

export const gitResolvers: ResolverModule = {
  types: {
    Repository: {
      ref,
      refs,
      object,
      defaultBranchRef: (source: Source) =>
        ref(source, { qualifiedName: `refs/heads/${repoOf(source).defaultBranch}` }),
    },
    Commit: {
      tree: (source: Source & { $sha: string }) =>
        gitObjectModel(repoOf(source), repoOf(source).objects.commit(source.$sha)!.tree),
      parents: (source: Source & { $sha: string }, args) => {
        const repo = repoOf(source);
        const list = repo.objects.commit(source.$sha)!.parents.map((p) => gitObjectModel(repo, p));
        return connection(list, args);
      },
    },
    Tree: {
      entries: (source: Source & { $sha: string }) => {
        const repo = repoOf(source);
        return (repo.objects.tree(source.$sha) ?? []).map((e) => ({
          __typename: 'TreeEntry',
          $repo: repo,
          name: e.name,
          mode: parseInt(e.mode, 8),
          type: e.type,
          oid: e.sha,
          object: e.type === 'commit' ? null : gitObjectModel(repo, e.sha),
        }));
      },
    },
    Ref: {
      repository: (source: Source) => repositoryModel(repoOf(source)),
    },
  },
};
