// One asset's step in a release plan: upload, replace (through a staging name on a published release), keep (same
// sha256, possibly under another name GitHub chose), or skip; pure, like the planner that uses it.
import type { DesiredAsset } from './desired-assets';
import type { ExistingAssetMode } from '../inputs';
import { assetSha256, stagedFor, type RemoteAsset, type RemoteRelease } from './release-types';

/**
 * upload: no asset of that name yet. replace: delete the existing asset, then upload. keep: the existing asset
 * has the same sha256. skip: an asset of that name exists and `existing-assets: skip` keeps it.
 */
export type AssetAction = 'upload' | 'replace' | 'keep' | 'skip';

export interface AssetStep {
  action: AssetAction;
  asset: DesiredAsset;
  existing?: RemoteAsset;
  reason: string;
  /**
   * Replace on a published release: upload under a staging name, then delete the old asset and rename the new one
   * (3 writes instead of 2), so the published release never lacks the asset, even when the upload fails.
   */
  swap?: boolean;
  /** A kept asset whose label differs from `asset-labels`: one PATCH. */
  relabel?: string;
  /**
   * An interrupted replace left the new content under a staging name (same size and sha256 as the file): it takes
   * the name (after the old asset is deleted) instead of a second upload.
   */
  staged?: RemoteAsset;
}

/** Why an existing asset counts as different from the file (no digest on either side means different). */
function whyDifferent(remote: string | undefined, local: string | undefined): string {
  if (remote === undefined) return 'GitHub has no digest to compare';
  if (local === undefined) return 'not hashed';
  return 'content differs';
}

/** One asset's step, and the refusal it makes (`existing-assets: fail` on an asset that differs). */
interface Decision {
  step: AssetStep;
  error?: string;
}

export function decideAsset(asset: DesiredAsset, existing: RemoteAsset | undefined, mode: ExistingAssetMode): Decision {
  if (!existing) return { step: { action: 'upload', asset, reason: 'new' } };
  if (existing.state !== 'uploaded') {
    return {
      step: { action: 'replace', asset, existing, reason: `a failed upload left it in state "${existing.state}"` },
    };
  }
  const remote = assetSha256(existing);
  if (remote !== undefined && asset.sha256 !== undefined && remote === asset.sha256) {
    const relabel = asset.label !== undefined && asset.label !== (existing.label ?? '') ? asset.label : undefined;
    return {
      step: { action: 'keep', asset, existing, reason: 'same sha256', ...(relabel !== undefined ? { relabel } : {}) },
    };
  }
  const differs = whyDifferent(remote, asset.sha256);
  if (asset.checksums || mode === 'replace') return { step: { action: 'replace', asset, existing, reason: differs } };
  if (mode === 'skip')
    return { step: { action: 'skip', asset, existing, reason: `exists (${differs}); existing-assets: skip` } };
  return {
    step: { action: 'skip', asset, existing, reason: `exists (${differs}); existing-assets: fail` },
    error:
      `The release already has an asset "${asset.name}" (${differs}) and \`existing-assets\` is \`fail\`: ` +
      'delete it, or use `existing-assets: replace` or `skip`.',
  };
}

/** The complete copy an interrupted replace staged for this step's asset (same size and sha256), if any. */
function stagedCopy(step: AssetStep, release: RemoteRelease | undefined): RemoteAsset | undefined {
  if ((step.action !== 'upload' && step.action !== 'replace') || step.asset.sha256 === undefined) return undefined;
  return (release?.assets ?? []).find(
    (r) =>
      stagedFor(r.name) === step.asset.name &&
      r.state === 'uploaded' &&
      r.size === step.asset.size &&
      assetSha256(r) === step.asset.sha256,
  );
}

/** Replacing an asset of a published release goes through a staging name (never a moment without it). */
export function swapping(step: AssetStep, release: RemoteRelease | undefined): AssetStep {
  const published = !!release && !release.draft;
  return published && step.action === 'replace' && step.existing?.state === 'uploaded' && !step.staged
    ? { ...step, swap: true }
    : step;
}

/**
 * The steps of the desired assets, in their order: each decided against the asset of its name, or kept when GitHub
 * stored it under another name than predicted (same size and digest; the upload's answer is authoritative); a
 * complete copy an interrupted replace staged takes the name. `claimed`: the assets found under another name.
 */
export function assetSteps(
  desiredAssets: readonly DesiredAsset[],
  release: RemoteRelease | undefined,
  mode: ExistingAssetMode,
): { steps: AssetStep[]; claimed: Set<number>; errors: string[] } {
  const remote = release?.assets ?? [];
  const existingByName = new Map(remote.map((a) => [a.name, a] as const));
  const wanted = new Set(desiredAssets.map((a) => a.name));
  const claimed = new Set<number>();
  const steps: AssetStep[] = [];
  const errors: string[] = [];
  for (const asset of desiredAssets) {
    const existing = existingByName.get(asset.name);
    const elsewhere = existing
      ? undefined
      : remote.find(
          (r) =>
            !wanted.has(r.name) &&
            !claimed.has(r.id) &&
            stagedFor(r.name) === undefined &&
            r.state === 'uploaded' &&
            r.size === asset.size &&
            asset.sha256 !== undefined &&
            assetSha256(r) === asset.sha256,
        );
    if (elsewhere) {
      claimed.add(elsewhere.id);
      const reason = `same size and sha256, stored as "${elsewhere.name}"`;
      steps.push({ action: 'keep', asset, existing: elsewhere, reason });
      continue;
    }
    const decision = decideAsset(asset, existing, mode);
    if (decision.error) errors.push(decision.error);
    const staged = stagedCopy(decision.step, release);
    steps.push(swapping(staged ? { ...decision.step, staged } : decision.step, release));
  }
  return { steps, claimed, errors };
}
