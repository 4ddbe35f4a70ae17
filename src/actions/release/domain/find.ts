// Locating the release of a tag, drafts included, and choosing one release when concurrent runs made several.
import type { ReleaseApi } from './api';
import type { ListedRelease, TagHit } from './release-pages';
import type { RemoteRelease } from './release-types';

export interface Found {
  release?: RemoteRelease;
  /** How it was found, for the log. */
  via: 'tag' | 'list' | 'none';
  /** Every release on the list pages read, newest first (the default previous tag for notes comes from them). */
  listed: ListedRelease[];
}

type Finder = Pick<ReleaseApi, 'releasePages' | 'getByTag'>;

/**
 * The releases list first (drafts are only visible there; a recent release — the usual case, and every draft a
 * concurrent or failed run left — is on its first page), stopping at the page that has the tag. When the first page
 * misses and more follow, the published release of the tag (GraphQL's answer tells it with the page; through REST
 * `GET /releases/tags/{tag}`, one request) is taken before the rest of the list is read for an old draft. A release
 * chosen but gone before it was read whole (a concurrent run deleted its draft) means reading the list again.
 */
export async function findRelease(api: Finder, tag: string): Promise<Found> {
  for (let attempt = 1; ; attempt++) {
    const found = await findOnce(api, tag);
    if (found !== 'gone') return found;
    if (attempt === 3)
      throw new Error(`The release of ${tag} kept disappearing while it was read; nothing was written.`);
  }
}

async function findOnce(api: Finder, tag: string): Promise<Found | 'gone'> {
  let askedByTag = false;
  const listed: ListedRelease[] = [];
  const whole = async (hit: TagHit, via: Found['via']) => {
    const release = await hit.load();
    return release ? { release, via, listed } : 'gone';
  };
  for await (const page of api.releasePages(tag)) {
    listed.push(...page.all);
    const winner = chooseWinner(page.hits);
    if (winner) return whole(winner, 'list');
    if (page.published) return whole(page.published, 'tag');
    if (page.more && !askedByTag && page.published === undefined) {
      askedByTag = true;
      const published = await api.getByTag(tag);
      if (published) return { release: published, via: 'tag', listed };
    }
  }
  return { via: 'none', listed };
}

/** The releases of the tag on the first page of the list (where every release created in the last moments is). */
export async function recentForTag(api: Pick<ReleaseApi, 'releasePages'>, tag: string): Promise<TagHit[]> {
  for await (const page of api.releasePages(tag)) return page.hits;
  return [];
}

/**
 * The release every run converges on when several exist for one tag: the published one if any (GitHub allows one
 * per tag), else the draft with the lowest id (the first created). Every run that created a draft sees the drafts
 * created before its own, so all of them agree on the lowest id.
 */
export function chooseWinner<R extends { id: number; draft: boolean }>(releases: readonly R[]): R | undefined {
  const published = releases.find((r) => !r.draft);
  if (published) return published;
  return [...releases].sort((a, b) => a.id - b.id)[0];
}
