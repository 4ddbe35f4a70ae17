// Locating the release of a tag, drafts included, and choosing one release when concurrent runs made several.
import type { ReleaseApi } from './api';
import type { RemoteRelease } from './release-types';

export interface Found {
  release?: RemoteRelease;
  /** How it was found, for the log. */
  via: 'tag' | 'list' | 'none';
  /** Every release on the list pages read, newest first (the default previous tag for notes comes from them). */
  listed: RemoteRelease[];
}

/**
 * The releases list first (drafts are only visible there; a recent release — the usual case, and every draft a
 * concurrent or failed run left — is on its first page), stopping at the page that has the tag. When the first page
 * misses and more follow, `GET /releases/tags/{tag}` (one request) finds an old published release before the rest
 * of the list is read for an old draft.
 */
export async function findRelease(api: Pick<ReleaseApi, 'releasePages' | 'getByTag'>, tag: string): Promise<Found> {
  let askedByTag = false;
  const listed: RemoteRelease[] = [];
  for await (const page of api.releasePages(tag)) {
    listed.push(...page.all);
    if (page.hits.length) return { release: chooseWinner(page.hits), via: 'list', listed };
    if (page.more && !askedByTag) {
      askedByTag = true;
      const published = await api.getByTag(tag);
      if (published) return { release: published, via: 'tag', listed };
    }
  }
  return { via: 'none', listed };
}

/** The releases of the tag on the first page of the list (where every release created in the last moments is). */
export async function recentForTag(api: Pick<ReleaseApi, 'releasePages'>, tag: string): Promise<RemoteRelease[]> {
  for await (const page of api.releasePages(tag)) return page.hits;
  return [];
}

/**
 * The release every run converges on when several exist for one tag: the published one if any (GitHub allows one
 * per tag), else the draft with the lowest id (the first created). Every run that created a draft sees the drafts
 * created before its own, so all of them agree on the lowest id.
 */
export function chooseWinner(releases: readonly RemoteRelease[]): RemoteRelease | undefined {
  const published = releases.find((r) => !r.draft);
  if (published) return published;
  return [...releases].sort((a, b) => a.id - b.id)[0];
}
