// Locating the release of a tag, drafts included, and choosing one release when concurrent runs made several.
import type { ReleaseApi } from './api';
import type { RemoteRelease } from './release-types';

export interface Found {
  release?: RemoteRelease;
  /** How it was found, for the log. */
  via: 'tag' | 'list' | 'none';
}

/**
 * `GET /releases/tags/{tag}` first (one request; it answers only for a published release), then the releases list
 * page by page, stopping at the page that has it (drafts are only visible there).
 */
export async function findRelease(api: ReleaseApi, tag: string, options: { skipList?: boolean } = {}): Promise<Found> {
  const published = await api.getByTag(tag);
  if (published) return { release: published, via: 'tag' };
  if (options.skipList) return { via: 'none' };
  const listed = await api.findInList(tag);
  return listed ? { release: listed, via: 'list' } : { via: 'none' };
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
