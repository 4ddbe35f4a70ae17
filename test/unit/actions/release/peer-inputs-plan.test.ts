// The planner with the inputs users of ncipollo/release-action and softprops/action-gh-release rely on
// (remove-assets, skip-if-release-exists, update-only-unreleased, omit-*-during-update), GitHub's asset limits,
// and the planner's purity: it never changes the steps or the release it is given.
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../../src/kernel/sizes';
import { sha256Text } from '../../../../src/actions/release/domain/digest';
import { planRelease } from '../../../../src/actions/release/plan';
import { planOperations } from '../../../../src/actions/release/domain/plan-rows';
import { MAX_ASSET_BYTES } from '../../../../src/actions/release/domain/release-limits';
import { desiredRelease, localAsset, remoteAsset, remoteRelease } from './plan-fixtures';

const local = (name: string, content = name, size?: number) => localAsset(name, content, { size });
const remote = (name: string, content = name) => remoteAsset(name, content);
const release = remoteRelease;
const desired = desiredRelease;
const options = { existingAssets: 'replace' as const, sha256Text };

describe('planRelease: the peers’ inputs', () => {
  it('remove-assets deletes what the build no longer produces, priced and listed after the uploads', () => {
    const old = remote('old.zip');
    const same = remote('a.zip');
    const plan = planRelease(
      desired({ removeOthers: true }),
      [local('a.zip'), local('b.zip')],
      release({ assets: [old, same] }),
      options,
    );
    expect(plan.errors).toEqual([]);
    expect(plan.removals.map((a) => a.name)).toEqual(['old.zip']);
    expect(plan.cost).toEqual({ requests: 2, writes: 2 });
    const rows = planOperations(plan).map((o) => `${o.kind} ${o.subject}`);
    expect(rows).toEqual(['keep a.zip', 'upload b.zip', 'delete old.zip']);
    const without = planRelease(desired(), [local('a.zip')], release({ assets: [old, same] }), options);
    expect(without.removals).toEqual([]);
  });

  it('remove-assets leaves the checksum file and its entries agree with what stays', () => {
    const plan = planRelease(
      desired({ removeOthers: true }),
      [local('a.zip')],
      release({ assets: [remote('a.zip'), remote('gone.zip'), remote('SHA256SUMS', 'x')] }),
      { ...options, checksums: 'SHA256SUMS' },
    );
    expect(plan.removals.map((a) => a.name)).toEqual(['gone.zip']);
    expect(plan.checksums?.content).not.toContain('gone.zip');
    expect(plan.checksums?.content).toContain('a.zip');
  });

  it('skip-if-release-exists: a published release is left alone (no write); a draft is still finished', () => {
    const skipped = planRelease(desired({ skipIfExists: true, name: 'New' }), [local('a.zip')], release(), options);
    expect(skipped.skipped).toMatch(/published release exists \(id 7\)/);
    expect(skipped.cost.writes).toBe(0);
    expect(planOperations(skipped).map((o) => o.kind)).toEqual(['skip']);
    const draft = planRelease(desired({ skipIfExists: true }), [local('a.zip')], release({ draft: true }), options);
    expect(draft.skipped).toBeUndefined();
    expect(draft.update).toEqual({ draft: false });
  });

  it('update-only-unreleased refuses a published non-prerelease before any write; drafts and pre-releases pass', () => {
    const refused = planRelease(desired({ updateOnlyUnreleased: true }), [], release(), options);
    expect(refused.errors.join()).toMatch(/published and not a pre-release.*update-only-unreleased/);
    for (const r of [release({ draft: true }), release({ prerelease: true })])
      expect(
        planRelease(desired({ updateOnlyUnreleased: true, prerelease: r.prerelease }), [], r, options).errors,
      ).toEqual([]);
  });

  it('omit-*-during-update keep the title, notes and pre-release flag of an existing release, not of a new one', () => {
    const wanted = desired({
      name: 'New title',
      body: 'New notes',
      prerelease: true,
      keepOnUpdate: { name: true, body: true, prerelease: true },
    });
    expect(planRelease(wanted, [], release(), options).update).toBeUndefined();
    const partly = planRelease({ ...wanted, keepOnUpdate: { name: true } }, [], release(), options);
    expect(partly.update).toEqual({ body: 'New notes', prerelease: true });
    const created = planRelease(wanted, [], undefined, options);
    expect(created.create).toMatchObject({ name: 'New title', body: 'New notes', prerelease: true });
  });
});

describe('planRelease: GitHub’s limits', () => {
  it('a file of 2 GiB or more is refused in the plan, named, in MiB/GiB', () => {
    const plan = planRelease(
      desired(),
      [local('small.zip'), local('huge.img', 'x', MAX_ASSET_BYTES)],
      undefined,
      options,
    );
    expect(plan.errors).toEqual([
      expect.stringMatching(/"\/w\/huge\.img" is 2\.00 GiB: GitHub accepts release assets under 2\.00 GiB/),
    ]);
    expect(planRelease(desired(), [local('ok.img', 'x', MAX_ASSET_BYTES - 1)], undefined, options).errors).toEqual([]);
  });

  it('more than 1,000 assets on the release once the run is done is refused', () => {
    const existing = Array.from({ length: 999 }, (_, i) => remote(`old-${i}.zip`));
    const ok = planRelease(desired(), [local('new.zip')], release({ assets: existing }), options);
    expect(ok.errors).toEqual([]);
    const over = planRelease(desired(), [local('new.zip'), local('more.zip')], release({ assets: existing }), options);
    expect(over.errors.join()).toMatch(/would hold 1001 assets; GitHub allows 1000/);
    const removing = planRelease(
      desired({ removeOthers: true }),
      [local('new.zip'), local('more.zip')],
      release({ assets: existing }),
      options,
    );
    expect(removing.errors).toEqual([]);
  });

  it('one size formatter: 20,000,000 bytes are 19.1 MiB', () => {
    expect(formatBytes(20_000_000)).toBe('19.1 MiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(12)).toBe('12 B');
  });
});

describe('planRelease is pure', () => {
  it('does not change the assets or the release it is given', () => {
    const assets = [local('a.zip', 'new'), local('b.zip')];
    const rel = release({ assets: [remote('a.zip', 'old'), remote('x.zip')] });
    const before = JSON.stringify({ assets, rel });
    const plan = planRelease(desired({ removeOthers: true }), assets, rel, { ...options, checksums: 'SUMS' });
    expect(plan.assets.find((s) => s.asset.name === 'a.zip')).toMatchObject({ action: 'replace', swap: true });
    expect(JSON.stringify({ assets, rel })).toBe(before);
  });
});
