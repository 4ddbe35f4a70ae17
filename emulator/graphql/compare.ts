// `Ref.compare(headRef:)` and `Repository.isEmpty`, from the same object store REST's compare and git database
// serve. GraphQL reference: `compare` "Compares the current ref as a base ref to another head ref, if the
// comparison can be made" and is nullable: null when the head does not resolve (here: a branch, a tag, or a
// commit id the repository holds, as REST's `GET /compare/{base}...{head}` resolves it). `Comparison.status` is
// the `ComparisonStatus` enum (AHEAD, BEHIND, DIVERGED, IDENTICAL: the head relative to the base), `aheadBy` the
// commits on the head not on the base, `behindBy` the reverse (REST's `ahead_by` / `behind_by`). `isEmpty`:
// "Returns whether or not this repository is empty" — a repository without any branch holds no commit.
import type { Repo } from '../state';
import { gitObjectModel } from './git';
import { repoOf, type ResolverModule } from './registry';

type RefSource = { $repo: Repo; name: string; prefix: string };

function compare(source: RefSource, args: { headRef: string }) {
  const repo = repoOf(source);
  const base = repo.refs.get(`${source.prefix}${source.name}`);
  const head = repo.resolveRef(args.headRef);
  if (!base || !head) return null;
  const ahead = repo.objects.commitsBetween(base, head).length;
  const behind = repo.objects.commitsBetween(head, base).length;
  const status = ahead && behind ? 'DIVERGED' : ahead ? 'AHEAD' : behind ? 'BEHIND' : 'IDENTICAL';
  return {
    __typename: 'Comparison',
    $repo: repo,
    id: `CMP_${repo.id}_${base}_${head}`,
    status,
    aheadBy: ahead,
    behindBy: behind,
    baseTarget: gitObjectModel(repo, base),
    headTarget: gitObjectModel(repo, head),
  };
}

export const compareResolvers: ResolverModule = {
  types: {
    Ref: { compare },
    Repository: {
      isEmpty: (source: { $repo: Repo }) => ![...repoOf(source).refs.keys()].some((q) => q.startsWith('refs/heads/')),
    },
  },
};
