// findRelease: the list first (drafts are only there), the by-tag read only when the first page misses and more
// follow; stagingName for swapping an asset of a published release.
import { describe, expect, it } from 'vitest';
import type { ReleasePage } from '../../../../../src/actions/release/domain/api';
import { hitOf, type TagHit } from '../../../../../src/actions/release/domain/release-pages';
import { findRelease, recentForTag } from '../../../../../src/actions/release/domain/find';
import type { RemoteRelease } from '../../../../../src/actions/release/domain/release-types';
import { githubAssetName } from '../../../../../src/actions/release/domain/asset-name';
import { stagedFor, stagingName } from '../../../../../src/actions/release/domain/release-types';

const rel = (id: number, draft: boolean): RemoteRelease => ({
  id,
  tag_name: 'v1',
  draft,
  prerelease: false,
  html_url: '',
  upload_url: '',
  assets: [],
});

/** A list page whose releases are all of the tag. */
const page = (hits: RemoteRelease[], more: boolean): ReleasePage => ({ hits: hits.map(hitOf), all: hits, more });

function api(pages: ReleasePage[], published?: RemoteRelease) {
  const calls: string[] = [];
  return {
    calls,
    async *releasePages() {
      for (const [i, page] of pages.entries()) {
        calls.push(`page ${i + 1}`);
        yield page;
      }
    },
    async getByTag() {
      calls.push('by-tag');
      return published;
    },
  };
}

describe('findRelease', () => {
  it('takes the first page that has the tag, preferring the published release, else the oldest draft', async () => {
    const a = api([page([rel(9, true), rel(7, true)], true), page([rel(1, false)], false)]);
    expect(await findRelease(a, 'v1')).toMatchObject({ release: rel(7, true), via: 'list' });
    expect(a.calls).toEqual(['page 1']);
    const b = api([page([rel(9, true), rel(3, false)], false)]);
    expect((await findRelease(b, 'v1')).release?.id).toBe(3);
  });

  it('a single page without the tag: nothing more is read', async () => {
    const a = api([page([], false)], rel(1, false));
    expect(await findRelease(a, 'v1')).toMatchObject({ via: 'none' });
    expect(a.calls).toEqual(['page 1']);
  });

  it('first page misses and more follow: the by-tag read finds an old published release', async () => {
    const a = api([page([], true), page([], true), page([], false)], rel(1, false));
    expect(await findRelease(a, 'v1')).toMatchObject({ release: rel(1, false), via: 'tag' });
    expect(a.calls).toEqual(['page 1', 'by-tag']);
  });

  it('an old draft deep in the list: by-tag once, then the pages until it', async () => {
    const a = api([page([], true), page([], true), page([rel(2, true)], true), page([], false)]);
    expect(await findRelease(a, 'v1')).toMatchObject({ release: rel(2, true), via: 'list' });
    expect(a.calls).toEqual(['page 1', 'by-tag', 'page 2', 'page 3']);
  });

  it('recentForTag reads the first page only', async () => {
    const a = api([page([rel(5, true)], true), page([rel(1, true)], false)]);
    const recent = await recentForTag(a, 'v1');
    expect(recent.map((h: TagHit) => [h.id, h.draft, h.assetCount])).toEqual([[5, true, 0]]);
    expect(a.calls).toEqual(['page 1']);
  });
});

describe('findRelease: pages that tell the published release (GraphQL)', () => {
  /** A page whose hits are read whole only when chosen (`loads` records each read). */
  function lazyPage(hits: RemoteRelease[], more: boolean, published: RemoteRelease | null, loads: number[]) {
    const lazy = (r: RemoteRelease): TagHit => ({
      ...hitOf(r),
      load: async () => (loads.push(r.id), r),
    });
    return { hits: hits.map(lazy), all: hits, more, published: published ? lazy(published) : null };
  }

  it.each([
    {
      what: 'a draft on the first page: read whole, no by-tag read',
      pages: (loads: number[]) => [lazyPage([rel(4, true), rel(2, true)], true, null, loads)],
      expected: { id: 2, via: 'list', loads: [2], calls: ['page 1'] },
    },
    {
      what: 'the first page misses, the answer names the published release: taken, no REST by-tag read',
      pages: (loads: number[]) => [lazyPage([], true, rel(1, false), loads), lazyPage([], false, null, loads)],
      expected: { id: 1, via: 'tag', loads: [1], calls: ['page 1'] },
    },
    {
      what: 'no release anywhere: every page, nothing read whole, no by-tag read',
      pages: (loads: number[]) => [lazyPage([], true, null, loads), lazyPage([], false, null, loads)],
      expected: { id: undefined, via: 'none', loads: [], calls: ['page 1', 'page 2'] },
    },
  ])('$what', async ({ pages, expected }) => {
    const loads: number[] = [];
    const a = api(pages(loads));
    const found = await findRelease(a, 'v1');
    expect({ id: found.release?.id, via: found.via, loads, calls: a.calls }).toEqual(expected);
  });

  it('a release gone before it was read whole: the list is read again', async () => {
    let first = true;
    const gone: TagHit = { id: 3, draft: true, assetCount: 0, load: async () => undefined };
    const a = {
      calls: [] as string[],
      async *releasePages(): AsyncGenerator<ReleasePage> {
        a.calls.push('list');
        const again = !first;
        first = false;
        yield again ? page([rel(5, true)], false) : { hits: [gone], all: [], more: false };
      },
      getByTag: async () => undefined,
    };
    expect((await findRelease(a, 'v1')).release?.id).toBe(5);
    expect(a.calls).toEqual(['list', 'list']);
  });
});

describe('stagingName', () => {
  it('is a name GitHub stores as is, and stagedFor finds the asset it was made for', () => {
    for (const name of ['a.zip', 'My.App.1.0.x64.exe', 'default.env', 'x']) {
      const staged = stagingName(name, '1a2b3c4d');
      expect(staged).toMatch(new RegExp(`^${name.replace(/\./g, '\\.')}\\.partial-[0-9a-f]{8}$`));
      expect(githubAssetName(staged)).toBe(staged);
    }
    expect(stagedFor(stagingName('a.zip', '0badf00d'))).toBe('a.zip');
    expect(stagedFor('a.zip')).toBeUndefined();
  });
});
