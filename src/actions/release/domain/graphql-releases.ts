// The releases of a tag through GraphQL (its own budget, so REST's is left for the writes): one query gives a page
// of the releases, newest first (drafts included for a token with push access, as REST's list), and the published
// release of the tag. GraphQL gives a release's `databaseId` (the id REST's writes take) but no upload URL, and
// a ReleaseAsset has neither a `databaseId` nor a state (a `starter` upload that never completed cannot be told
// from a complete one): the chosen release is read whole through REST, by its id, with its assets.
import type { ReadAccount } from '../../../kernel/reads';
import type { ReleaseListedFragment, ReleaseLocateData } from '../queries/documents';
import type { ListedRelease, ReleasePage, TagHit } from './release-pages';
import type { RemoteRelease } from './release-types';

/** A listed release REST can write: one with its `databaseId` (an `Int` the schema lets be null). */
type Summary = ReleaseListedFragment & { databaseId: number };

export interface LocateVariables {
  tag: string;
  after: string | null;
}

/** Thrown when GraphQL's answer cannot be used (the caller reads through REST instead). */
export class UnusableAnswer extends Error {}

function unusable(why: string): never {
  throw new UnusableAnswer(why);
}

function writable(s: ReleaseListedFragment | null): Summary {
  if (!s) return unusable('a release in the list is null');
  const id = s.databaseId;
  if (id === null || id <= 0) return unusable(`the release of ${JSON.stringify(s.tagName)} has no usable databaseId`);
  return { ...s, databaseId: id };
}

const listedOf = (s: Summary): ListedRelease => ({ tag_name: s.tagName, draft: s.isDraft, prerelease: s.isPrerelease });

/**
 * The list's pages through GraphQL. `ask` sends the query (the client's errors propagate), `load` reads a release
 * whole through REST. Any answer that does not fit throws: the caller then reads through REST.
 */
export async function* graphqlReleasePages(
  tag: string,
  ask: (variables: LocateVariables) => Promise<ReleaseLocateData>,
  load: (id: number) => Promise<RemoteRelease | undefined>,
): AsyncGenerator<ReleasePage> {
  const hit = (s: Summary): TagHit => ({
    id: s.databaseId,
    draft: s.isDraft,
    assetCount: s.releaseAssets.totalCount,
    load: () => load(s.databaseId),
  });
  let after: string | null = null;
  for (;;) {
    // The client checked the answer against the document's shape; what the shape allows and REST cannot use is
    // checked here: a release without its id, a null node or list (a node GitHub could not resolve).
    const answer: ReleaseLocateData = await ask({ tag, after });
    const repository = answer.repository;
    if (!repository) throw new UnusableAnswer('the repository did not resolve');
    const { pageInfo } = repository.releases;
    const nodes = (repository.releases.nodes ?? unusable('the list of releases is null')).map(writable);
    const published = repository.release && writable(repository.release);
    if (published && (published.isDraft || published.tagName !== tag))
      throw new UnusableAnswer(`release(tagName: "${tag}") answered another release`);
    yield {
      hits: nodes.filter((s) => s.tagName === tag).map(hit),
      all: nodes.map(listedOf),
      more: pageInfo.hasNextPage,
      published: published ? hit(published) : null,
    };
    if (!pageInfo.hasNextPage) return;
    if (!pageInfo.endCursor) throw new UnusableAnswer('a page said more follow but gave no cursor');
    after = pageInfo.endCursor;
  }
}

/** How the releases were listed, in words for the plan and the summary. */
export function listNotes(account: ReadAccount): string[] {
  const lines: string[] = [];
  if (account.queries > 0) {
    const queries = `${account.queries} ${account.queries === 1 ? 'query' : 'queries'}`;
    const points = `${account.points} ${account.points === 1 ? 'point' : 'points'}`;
    lines.push(
      `Releases listed through GraphQL: ${queries}, ${points}; a release found is read whole through REST ` +
        '(GraphQL gives no upload URL, and no id or state of an asset).',
    );
  }
  if (account.fallback !== null) lines.push(`GraphQL unavailable (${account.fallback}): releases listed through REST.`);
  return lines;
}
