// The releases list as the finder reads it, page by page, whichever API answered: the releases of the tag on each
// page (each read whole only once chosen), what the notes need of every listed release, and whether more follow.
import type { RemoteRelease } from './release-types';

/** A release of the tag as a list page shows it; `load` reads it whole (undefined when it is gone meanwhile). */
export interface TagHit {
  id: number;
  draft: boolean;
  /** Its assets, counted (an empty draft is one a lost create may have made). */
  assetCount: number;
  load(): Promise<RemoteRelease | undefined>;
}

/** What the default previous tag of generated notes needs of a listed release. */
export type ListedRelease = Pick<RemoteRelease, 'tag_name' | 'draft' | 'prerelease'>;

export interface ReleasePage {
  /** The releases of the tag on this page. */
  hits: TagHit[];
  /** Every release on the page, newest first. */
  all: ListedRelease[];
  /** True when another page follows. */
  more: boolean;
  /**
   * The published release of the tag when the read that gave the page told it too (GraphQL's `release(tagName:)`;
   * null: there is none); undefined when it was not asked (REST asks `GET /releases/tags/{tag}` apart).
   */
  published?: TagHit | null;
}

/** A release already read whole (REST's list) as a hit. */
export function hitOf(release: RemoteRelease): TagHit {
  return { id: release.id, draft: release.draft, assetCount: release.assets.length, load: async () => release };
}
