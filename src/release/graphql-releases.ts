// The releases of a tag through GraphQL (its own budget, so REST's is left for the writes): one query gives a page
// of the releases, newest first (drafts included for a token with push access, as REST's list), and the published
// release of the tag. GraphQL gives a release's `databaseId` (the id REST's writes take) but no upload URL, and
// a ReleaseAsset has neither a `databaseId` nor a state (a `starter` upload that never completed cannot be told
// from a complete one): the chosen release is read whole through REST, by its id, with its assets.
import type { ReadAccount } from '../core/graphql-reads';
import { z } from 'zod';
import type { ListedRelease, ReleasePage, TagHit } from './release-pages';
import type { RemoteRelease } from './release-types';

const Summary = z.object({
  // `Int` (nullable) in the schema: a release without one cannot be written through REST, so it is no answer.
  databaseId: z.number().int().positive(),
  tagName: z.string(),
  isDraft: z.boolean(),
  isPrerelease: z.boolean(),
  releaseAssets: z.object({ totalCount: z.number().int().nonnegative() }),
});
type Summary = z.infer<typeof Summary>;

/** ReleaseLocate (queries/releases.graphql): an answer that does not fit is an error, never data. */
export const LocateAnswer = z.object({
  repository: z
    .object({
      release: Summary.nullable(),
      releases: z.object({
        pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
        nodes: z.array(Summary),
      }),
    })
    .nullable(),
});

export interface LocateVariables {
  tag: string;
  after: string | null;
}

/** Thrown when GraphQL's answer cannot be used (the caller reads through REST instead). */
export class UnusableAnswer extends Error {}

const listedOf = (s: Summary): ListedRelease => ({ tag_name: s.tagName, draft: s.isDraft, prerelease: s.isPrerelease });

/**
 * The list's pages through GraphQL. `ask` sends the query (the client's errors propagate), `load` reads a release
 * whole through REST. Any answer that does not fit throws: the caller then reads through REST.
 */
export async function* graphqlReleasePages(
  tag: string,
  ask: (variables: LocateVariables) => Promise<unknown>,
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
    const parsed = LocateAnswer.safeParse(await ask({ tag, after }));
    if (!parsed.success) throw new UnusableAnswer(`an unexpected answer (${parsed.error.issues[0]?.message})`);
    const repository = parsed.data.repository;
    if (!repository) throw new UnusableAnswer('the repository did not resolve');
    const { pageInfo, nodes } = repository.releases;
    const published = repository.release;
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
