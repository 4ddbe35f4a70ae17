import { describe, expect, it } from 'vitest';
import { sha256Text } from '../../../../src/actions/release/domain/digest';
import { namesNeedingDigest, planRelease } from '../../../../src/actions/release/plan';
import { desiredRelease, localAsset, remoteAsset, remoteRelease } from './plan-fixtures';

const sha = (s: string) => sha256Text(s);

const local = (name: string, content = name) => localAsset(name, content);
const remote = remoteAsset;
const release = remoteRelease;
const desired = desiredRelease;
const replace = { existingAssets: 'replace' as const, sha256Text: sha };

describe('planRelease: a new release', () => {
  it('creates a draft, uploads every asset, publishes in one update (scenario A: 9 requests with the 2 reads done)', () => {
    const assets = ['a', 'b', 'c', 'd', 'e'].map((n) => local(`${n}.zip`));
    const plan = planRelease(desired({ target: 'abc123', body: 'notes' }), assets, undefined, replace);
    expect(plan.errors).toEqual([]);
    expect(plan.create).toEqual({
      tag_name: 'v1.0.0',
      target_commitish: 'abc123',
      name: 'v1.0.0',
      body: 'notes',
      draft: true,
      prerelease: false,
    });
    expect(plan.assets.map((s) => s.action)).toEqual(Array(5).fill('upload'));
    expect(plan.update).toEqual({ draft: false });
    // create + list read + 5 uploads + update; with the first list read before: 9.
    expect(plan.cost).toEqual({ requests: 8, writes: 7 });
  });

  it('leaves a draft without a final update when the final state is a draft', () => {
    const plan = planRelease(desired({ draft: true }), [local('a.zip')], undefined, replace);
    expect(plan.update).toBeUndefined();
    expect(plan.cost).toEqual({ requests: 3, writes: 2 });
  });

  it('passes make_latest and the discussion category to the publishing update, generated notes to the create', () => {
    const plan = planRelease(
      desired({ makeLatest: 'legacy', discussionCategory: 'Announcements', generateNotes: true, name: 'One' }),
      [],
      undefined,
      replace,
    );
    expect(plan.create).toMatchObject({ name: 'One', generate_release_notes: true, draft: true });
    expect(plan.update).toEqual({ draft: false, make_latest: 'legacy', discussion_category_name: 'Announcements' });
    expect(plan.notes).toBeUndefined();
  });
});

describe('planRelease: an existing release', () => {
  it('changes nothing when every asset has the same digest (scenario B)', () => {
    const assets = ['a', 'b'].map((n) => local(`${n}.zip`));
    const plan = planRelease(desired(), assets, release({ assets: assets.map((a) => remote(a.name)) }), replace);
    expect(plan.assets.map((s) => s.action)).toEqual(['keep', 'keep']);
    expect(plan.update).toBeUndefined();
    expect(plan.create).toBeUndefined();
    expect(plan.cost).toEqual({ requests: 0, writes: 0 });
  });

  it('replaces an asset whose content differs, and one GitHub has no digest for', () => {
    const plan = planRelease(
      desired(),
      [local('a.zip', 'new'), local('b.zip')],
      release({ assets: [remote('a.zip', 'old'), remote('b.zip', 'b.zip', { digest: null })] }),
      replace,
    );
    expect(plan.assets.map((s) => [s.action, s.reason])).toEqual([
      ['replace', 'content differs'],
      ['replace', 'GitHub has no digest to compare'],
    ]);
    // The release is published: each is uploaded under a staging name, the old one deleted, the new one renamed.
    expect(plan.assets.map((s) => s.swap)).toEqual([true, true]);
    expect(plan.cost).toEqual({ requests: 6, writes: 6 });
    const draft = planRelease(
      desired(),
      [local('a.zip', 'new')],
      release({ draft: true, assets: [remote('a.zip', 'old')] }),
      replace,
    );
    expect(draft.assets[0].action).toBe('replace');
    expect(draft.assets[0].swap).toBeUndefined();
    expect(draft.cost).toEqual({ requests: 3, writes: 3 });
  });

  it('replaces a starter leftover whatever the mode', () => {
    for (const mode of ['replace', 'skip', 'fail'] as const) {
      const plan = planRelease(
        desired(),
        [local('a.zip')],
        release({ assets: [remote('a.zip', 'a.zip', { state: 'starter', size: 0 })] }),
        { existingAssets: mode, sha256Text: sha },
      );
      expect(plan.assets[0].action).toBe('replace');
      expect(plan.errors).toEqual([]);
    }
  });

  it('skip keeps a differing asset; fail refuses it before any write; both keep an identical one', () => {
    const rel = release({ assets: [remote('a.zip', 'old'), remote('b.zip')] });
    const skip = planRelease(desired(), [local('a.zip', 'new'), local('b.zip')], rel, {
      existingAssets: 'skip',
      sha256Text: sha,
    });
    expect(skip.assets.map((s) => s.action)).toEqual(['skip', 'keep']);
    expect(skip.errors).toEqual([]);
    const fail = planRelease(desired(), [local('a.zip', 'new'), local('b.zip')], rel, {
      existingAssets: 'fail',
      sha256Text: sha,
    });
    expect(fail.errors).toHaveLength(1);
    expect(fail.errors[0]).toMatch(/"a\.zip".*existing-assets.*fail/);
    expect(fail.assets[1].action).toBe('keep');
  });

  it('leaves assets that are not in `files` alone', () => {
    const plan = planRelease(
      desired(),
      [local('a.zip')],
      release({ assets: [remote('a.zip'), remote('other.bin')] }),
      replace,
    );
    expect(plan.assets.map((s) => s.asset.name)).toEqual(['a.zip']);
    expect(plan.update).toBeUndefined();
  });

  it('updates only the fields that differ, in one update', () => {
    const rel = release({ name: 'Old', body: 'old notes', prerelease: true });
    const plan = planRelease(desired({ name: 'New', body: 'new notes' }), [], rel, replace);
    expect(plan.update).toEqual({ name: 'New', body: 'new notes', prerelease: false });
    const same = planRelease(desired({ name: 'Old', body: 'old notes', prerelease: true }), [], rel, replace);
    expect(same.update).toBeUndefined();
  });

  it('keeps the existing title and notes when none are given', () => {
    const plan = planRelease(desired(), [], release({ name: 'Custom title', body: 'kept' }), replace);
    expect(plan.update).toBeUndefined();
  });

  it('publishes an existing draft, with make_latest and the discussion category', () => {
    const plan = planRelease(
      desired({ makeLatest: 'true', discussionCategory: 'General' }),
      [local('a.zip')],
      release({ draft: true }),
      replace,
    );
    expect(plan.update).toEqual({ draft: false, make_latest: 'true', discussion_category_name: 'General' });
  });

  it('generates notes for an existing draft, never for a published release', () => {
    const draft = planRelease(desired({ generateNotes: true }), [], release({ draft: true }), replace);
    expect(draft.notes).toEqual({ parts: {} });
    expect(draft.update).toEqual({ draft: false });
    // A published release keeps the notes it got, even when `body` (their first part) is given again.
    const published = planRelease(
      desired({ generateNotes: true, body: 'Intro' }),
      [],
      release({ body: 'Intro\n\n## What changed' }),
      replace,
    );
    expect(published.notes).toBeUndefined();
    expect(published.update).toBeUndefined();
  });
});

describe('planRelease: immutable releases', () => {
  const immutable = release({ immutable: true, assets: [remote('a.zip')] });

  it('refuses to change the assets of a published immutable release, before any upload', () => {
    const plan = planRelease(desired(), [local('a.zip', 'changed'), local('b.zip')], immutable, replace);
    expect(plan.errors).toHaveLength(1);
    expect(plan.errors[0]).toMatch(/immutable.*replace "a\.zip", upload "b\.zip"/);
  });

  it('accepts a run that changes no asset (re-run), and title or notes changes', () => {
    const plan = planRelease(desired({ name: 'Renamed' }), [local('a.zip')], immutable, replace);
    expect(plan.errors).toEqual([]);
    expect(plan.update).toEqual({ name: 'Renamed' });
  });

  it('lets a draft of an immutable repository receive assets (it is not immutable until published)', () => {
    const plan = planRelease(desired(), [local('b.zip')], release({ draft: true, immutable: false }), replace);
    expect(plan.errors).toEqual([]);
  });

  it('refuses to turn a published immutable release back into a draft', () => {
    const plan = planRelease(desired({ draft: true }), [local('a.zip')], immutable, replace);
    expect(plan.errors.join()).toMatch(/cannot become a draft/);
  });
});

describe('planRelease: checksums', () => {
  it('adds a checksum file of every asset, sorted, in sha256sum format', () => {
    const plan = planRelease(desired(), [local('b.zip'), local('a.zip')], undefined, {
      existingAssets: 'replace',
      sha256Text: sha,
      checksums: 'SHA256SUMS',
    });
    expect(plan.checksums?.content).toBe(`${sha('a.zip')}  a.zip\n${sha('b.zip')}  b.zip\n`);
    expect(plan.checksums?.step).toMatchObject({
      action: 'upload',
      asset: { name: 'SHA256SUMS', checksums: true, contentType: 'text/plain', sha256: sha(plan.checksums!.content) },
    });
  });

  it('lists the assets other runs put on the release too, and keeps an identical checksum file', () => {
    const content = `${sha('a.zip')}  a.zip\n${sha('linux.tar.gz')}  linux.tar.gz\n`;
    const rel = release({ assets: [remote('linux.tar.gz'), remote('a.zip'), remote('SHA256SUMS', content)] });
    const plan = planRelease(desired(), [local('a.zip')], rel, {
      existingAssets: 'replace',
      checksums: 'SHA256SUMS',
      sha256Text: sha,
    });
    expect(plan.checksums?.content).toBe(content);
    expect([...plan.assets, plan.checksums!.step].map((s) => s.action)).toEqual(['keep', 'keep']);
    // Nothing changes: no fresh read, no write.
    expect(plan.checksums?.rebuild).toBe(false);
    expect(plan.cost).toEqual({ requests: 0, writes: 0 });
  });

  it('replaces an outdated checksum file even under existing-assets: fail', () => {
    const rel = release({ assets: [remote('SHA256SUMS', 'stale')] });
    const plan = planRelease(desired(), [local('a.zip')], rel, {
      existingAssets: 'fail',
      checksums: 'SHA256SUMS',
      sha256Text: sha,
    });
    expect(plan.errors).toEqual([]);
    expect([...plan.assets, plan.checksums!.step].map((s) => s.action)).toEqual(['upload', 'replace']);
  });

  it("uses the kept asset's digest for a skipped asset, and leaves out assets without a digest", () => {
    const rel = release({ assets: [remote('a.zip', 'remote content'), remote('old.bin', 'x', { digest: null })] });
    const plan = planRelease(desired(), [local('a.zip', 'local content')], rel, {
      existingAssets: 'skip',
      sha256Text: sha,
      checksums: 'SUMS',
    });
    expect(plan.checksums?.content).toBe(`${sha('remote content')}  a.zip\n`);
  });
});

describe('namesNeedingDigest', () => {
  it('asks only for the assets that exist on the release, or all of them with checksums', () => {
    const assets = [local('a.zip'), local('b.zip')].map((a) => ({ ...a, sha256: undefined }));
    expect([...namesNeedingDigest(assets, undefined)]).toEqual([]);
    expect([
      ...namesNeedingDigest(assets, release({ assets: [remote('b.zip'), remote('a.zip', '', { state: 'starter' })] })),
    ]).toEqual(['b.zip']);
    expect([...namesNeedingDigest(assets, undefined, 'SUMS')]).toEqual(['a.zip', 'b.zip']);
  });
});

describe('planRelease: notes, added text, labels, categories', () => {
  const listed = [
    release({ id: 3, tag_name: 'v1.1.0-rc.1', prerelease: true }),
    release({ id: 2, tag_name: 'v0.9.0' }),
    release({ id: 1, tag_name: 'v0.8.0' }),
  ];

  it('generated notes start at the latest published non-prerelease before this tag, else the create asks itself', () => {
    const withEarlier = planRelease(desired({ generateNotes: true, body: 'Intro' }), [], undefined, replace, {
      listed,
    });
    expect(withEarlier.notes).toEqual({ previousTag: 'v0.9.0', parts: { body: 'Intro' } });
    expect(withEarlier.create).not.toHaveProperty('generate_release_notes');
    expect(withEarlier.create).not.toHaveProperty('body');
    const first = planRelease(desired({ generateNotes: true, body: 'Intro' }), [], undefined, replace, { listed: [] });
    expect(first.notes).toBeUndefined();
    expect(first.create).toMatchObject({ generate_release_notes: true, body: 'Intro' });
    const explicit = planRelease(desired({ generateNotes: true, previousTag: 'v0.8.0' }), [], undefined, replace, {
      listed,
    });
    expect(explicit.notes?.previousTag).toBe('v0.8.0');
  });

  it('for an existing draft, only releases older than it count', () => {
    const draft = release({ id: 9, draft: true, tag_name: 'v1.0.0' });
    const older = [release({ id: 10, tag_name: 'v2.0.0' }), draft, ...listed];
    const plan = planRelease(desired({ generateNotes: true }), [], draft, replace, { listed: older });
    expect(plan.notes?.previousTag).toBe('v0.9.0');
  });

  it('prepend-body and append-body change an existing body once', () => {
    const d = desired({ prependBody: 'Top', appendBody: 'Bottom' });
    const plan = planRelease(d, [], release({ body: 'Middle' }), replace);
    expect(plan.update).toEqual({ body: 'Top\n\nMiddle\n\nBottom' });
    expect(planRelease(d, [], release({ body: 'Top\n\nMiddle\n\nBottom' }), replace).update).toBeUndefined();
  });

  it('relabels a kept asset whose label differs, one write', () => {
    const asset = { ...local('a.zip'), label: 'The app' };
    const plan = planRelease(
      desired(),
      [asset],
      release({ assets: [remote('a.zip', 'a.zip', { label: 'old' })] }),
      replace,
    );
    expect(plan.assets[0]).toMatchObject({ action: 'keep', relabel: 'The app' });
    expect(plan.cost).toEqual({ requests: 1, writes: 1 });
  });

  it('keeps an asset GitHub stored under another name when size and sha256 match', () => {
    const plan = planRelease(
      desired(),
      [local('a.zip', 'AAA')],
      release({ assets: [remote('b.zip', 'AAA')] }),
      replace,
    );
    expect(plan.assets[0]).toMatchObject({ action: 'keep', existing: { name: 'b.zip' } });
    expect(plan.cost.writes).toBe(0);
  });

  it('a GHES version without discussion_category_name (3.19 and older): a warning naming it, the parameter not sent', () => {
    const d = desired({ discussionCategory: 'Announcements' });
    const facts = (enterpriseVersion?: string) => ({
      discussionCategories: ['General'],
      reads: 1,
      ...(enterpriseVersion ? { enterpriseVersion } : {}),
    });
    const old = planRelease(d, [], undefined, replace, facts('3.18.4'));
    expect(old.errors).toEqual([]);
    expect(old.warnings.join()).toMatch(/GitHub Enterprise Server 3\.18\.4 has no `discussion_category_name`/);
    expect(old.update).toEqual({ draft: false });
    // 3.20 and github.com take it: the category is checked (here it does not exist) and sent.
    for (const v of ['3.20.0', undefined]) {
      const plan = planRelease(d, [], undefined, replace, facts(v));
      expect(plan.warnings.join()).not.toMatch(/Enterprise Server/);
      expect(plan.errors.join()).toMatch(/"Announcements" does not exist/);
      expect(plan.update).toMatchObject({ discussion_category_name: 'Announcements' });
    }
  });

  it('a missing discussion category is an error naming the existing ones; unreadable ones only warn', () => {
    const d = desired({ discussionCategory: 'Announcements' });
    const missing = planRelease(d, [], undefined, replace, { discussionCategories: ['General', 'Q&A'], reads: 1 });
    expect(missing.errors.join()).toMatch(/"Announcements" does not exist.*"General", "Q&A"/);
    expect(missing.categoriesRead).toBe(true);
    const found = planRelease(d, [], undefined, replace, { discussionCategories: ['announcements'], reads: 1 });
    expect(found.errors).toEqual([]);
    expect(found.cost.requests).toBe(found.cost.writes + 2);
    const unread = planRelease(d, [], undefined, replace, { discussionCategoriesUnread: 'FORBIDDEN', reads: 1 });
    expect(unread.errors).toEqual([]);
    expect(unread.warnings.join()).toMatch(/could not be read \(FORBIDDEN\).*stays a draft with its assets/);
  });

  it('prices the checksum rebuild: a fresh read, the write, a read to check it', () => {
    const plan = planRelease(desired(), [local('a.zip')], undefined, { ...replace, checksums: 'SUMS' });
    // create, list read, upload a.zip, (read, upload SUMS, read), publish
    expect(plan.cost).toEqual({ requests: 7, writes: 4 });
  });
});

describe('planRelease: an interrupted swap', () => {
  it('a staged copy is never kept as the asset stored elsewhere; with other content it is a stray', () => {
    const staged = remote('a.zip.partial-1a2b3c4d', 'AAA');
    const same = planRelease(desired(), [local('a.zip', 'AAA')], release({ assets: [staged] }), replace);
    expect(same.assets[0]).toMatchObject({ action: 'upload', staged: { id: staged.id } });
    const other = planRelease(desired(), [local('a.zip', 'BBB')], release({ assets: [staged] }), replace);
    expect(other.assets[0]).toMatchObject({ action: 'upload' });
    expect(other.assets[0].staged).toBeUndefined();
    expect(other.strays.map((s) => s.name)).toEqual(['a.zip.partial-1a2b3c4d']);
  });
});

describe('planRelease: finishing an interrupted replace', () => {
  it('a staged copy with the file sha256 takes the name: delete the old asset, rename (2 writes, no upload)', () => {
    const old = remote('a.zip', 'old');
    const staged = remote('a.zip.partial-0badf00d', 'new');
    const plan = planRelease(desired(), [local('a.zip', 'new')], release({ assets: [old, staged] }), replace);
    expect(plan.assets[0]).toMatchObject({ action: 'replace', existing: { id: old.id }, staged: { id: staged.id } });
    expect(plan.assets[0].swap).toBeUndefined();
    expect(plan.strays).toEqual([]);
    expect(plan.cost).toEqual({ requests: 2, writes: 2 });
  });

  it('after the old asset was deleted too: only the rename', () => {
    const staged = remote('a.zip.partial-0badf00d', 'new');
    const plan = planRelease(desired(), [local('a.zip', 'new')], release({ assets: [staged] }), replace);
    expect(plan.assets[0]).toMatchObject({ action: 'upload', staged: { id: staged.id } });
    expect(plan.cost).toEqual({ requests: 1, writes: 1 });
  });
});

describe('planRelease: files GitHub refuses for their size', () => {
  it('refuses an empty file in the plan (GitHub answers 422 "size must be greater than or equal to 1"), naming it', () => {
    const assets = [local('a.zip'), localAsset('empty.txt', '', { size: 0 })];
    const plan = planRelease(desired({ target: 'abc123' }), assets, undefined, replace);
    expect(plan.errors).toHaveLength(1);
    expect(plan.errors[0]).toMatch(/"\/w\/empty\.txt" is empty \(0 bytes\): GitHub refuses empty release assets/);
  });

  it('still refuses 2 GiB and more; 1 byte passes', () => {
    const plan = planRelease(
      desired({ target: 'abc123' }),
      [localAsset('big.iso', 'x', { size: 2 * 1024 ** 3 }), localAsset('one.txt', 'x', { size: 1 })],
      undefined,
      replace,
    );
    expect(plan.errors).toEqual([expect.stringMatching(/"\/w\/big\.iso" is 2\.00 GiB/)]);
  });
});
