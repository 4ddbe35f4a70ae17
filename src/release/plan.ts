// The pure planner: (desired release and assets, the release as it is) → what to do, what it costs, and the
// errors that must stop the run before any write.
import type { Cost } from '../client/types';
import { githubAssetName } from './asset-name';
import { checksumFileContent, type ChecksumEntry } from './checksums';
import { contentTypeFor } from './content-type';
import type { DesiredAsset } from './desired-assets';
import { sha256Text } from './digest';
import type { ExistingAssetMode, MakeLatest } from './inputs';
import { assetSha256, type RemoteAsset, type RemoteRelease } from './release-types';
import { stagedFor } from './swap';

/** What the release should look like once the run is done. */
export interface DesiredRelease {
  tag: string;
  /** Title; default: the existing title, else the tag. */
  name?: string;
  /** Notes (from `body` or `body-path`); undefined keeps the existing notes. */
  body?: string;
  generateNotes: boolean;
  /** Where a missing tag is created (only used when the release is created). */
  target?: string;
  draft: boolean;
  prerelease: boolean;
  makeLatest?: MakeLatest;
  discussionCategory?: string;
}

/** What the plan needs to know about the repository beyond the release itself. */
export interface PlanFacts {
  /** Whether the (published) release is the latest; undefined when not asked. */
  isLatest?: boolean;
}

export interface PlanOptions {
  existingAssets: ExistingAssetMode;
  /** Name of the checksum file to generate. */
  checksums?: string;
}

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
}

/** Parameters of `POST /repos/{owner}/{repo}/releases`: always a draft, published by the final update. */
export interface CreateParams {
  tag_name: string;
  target_commitish?: string;
  name: string;
  body?: string;
  draft: true;
  prerelease: boolean;
  generate_release_notes?: boolean;
}

/** Parameters of the one final `PATCH /repos/{owner}/{repo}/releases/{id}`. */
export interface UpdateParams {
  name?: string;
  body?: string;
  draft?: boolean;
  prerelease?: boolean;
  make_latest?: MakeLatest;
  discussion_category_name?: string;
}

export interface ReleasePlan {
  tag: string;
  /** Set when no release exists for the tag: it is created as a draft. */
  create?: CreateParams;
  /** The existing release the plan works on. */
  release?: RemoteRelease;
  /** Existing draft: ask GitHub for generated notes and put them in the final update (after `body`). */
  generateNotes: boolean;
  assets: AssetStep[];
  /** Content of the generated checksum file (its step is among `assets`). */
  checksumsContent?: string;
  /** Assets an interrupted swap left under a staging name (of an asset this run releases): deleted first. */
  strays: RemoteAsset[];
  /** The final state; undefined when nothing changes. */
  update?: UpdateParams;
  errors: string[];
  warnings: string[];
  /** The requests still to make: writes, plus the releases-list read that follows a create. */
  cost: Cost;
}

/** Desired assets whose sha256 the planner needs: the ones that exist on the release (all of them for checksums). */
export function namesNeedingDigest(
  desired: readonly DesiredAsset[],
  release: RemoteRelease | undefined,
  checksums?: string,
): Set<string> {
  if (checksums) return new Set(desired.map((a) => a.name));
  const existing = new Set((release?.assets ?? []).filter((a) => a.state === 'uploaded').map((a) => a.name));
  return new Set(desired.filter((a) => existing.has(a.name)).map((a) => a.name));
}

function decideAsset(
  asset: DesiredAsset,
  existing: RemoteAsset | undefined,
  mode: ExistingAssetMode,
  errors: string[],
): AssetStep {
  if (!existing) return { action: 'upload', asset, reason: 'new' };
  if (existing.state !== 'uploaded') {
    return { action: 'replace', asset, existing, reason: `a failed upload left it in state "${existing.state}"` };
  }
  const remote = assetSha256(existing);
  const same = remote !== undefined && asset.sha256 !== undefined && remote === asset.sha256;
  if (same) return { action: 'keep', asset, existing, reason: 'same sha256' };
  const differs =
    remote === undefined
      ? 'GitHub has no digest to compare'
      : asset.sha256 === undefined
        ? 'not hashed'
        : 'content differs';
  if (asset.checksums) return { action: 'replace', asset, existing, reason: differs };
  switch (mode) {
    case 'skip':
      return { action: 'skip', asset, existing, reason: `exists (${differs}); existing-assets: skip` };
    case 'fail':
      errors.push(
        `The release already has an asset "${asset.name}" (${differs}) and \`existing-assets\` is \`fail\`: ` +
          'delete it, or use `existing-assets: replace` or `skip`.',
      );
      return { action: 'skip', asset, existing, reason: `exists (${differs}); existing-assets: fail` };
    default:
      return { action: 'replace', asset, existing, reason: differs };
  }
}

/** Entries of the checksum file: every asset the release will have once the run is done. */
function checksumEntries(
  steps: AssetStep[],
  release: RemoteRelease | undefined,
  checksumsName: string,
  warnings: string[],
): ChecksumEntry[] {
  const entries: ChecksumEntry[] = [];
  const planned = new Set(steps.map((s) => s.asset.name));
  for (const step of steps) {
    const sha =
      step.action === 'skip'
        ? step.existing
          ? assetSha256(step.existing)
          : undefined
        : (step.asset.sha256 ?? (step.existing ? assetSha256(step.existing) : undefined));
    if (sha) entries.push({ name: step.asset.name, sha256: sha });
    else warnings.push(`"${step.asset.name}" is left out of ${checksumsName}: its sha256 is unknown.`);
  }
  for (const asset of release?.assets ?? []) {
    if (planned.has(asset.name) || asset.name === checksumsName || asset.state !== 'uploaded' || stagedFor(asset.name))
      continue;
    const sha = assetSha256(asset);
    if (sha) entries.push({ name: asset.name, sha256: sha });
    else warnings.push(`"${asset.name}" is left out of ${checksumsName}: GitHub has no digest for it.`);
  }
  return entries;
}

function finalUpdate(
  desired: DesiredRelease,
  release: RemoteRelease | undefined,
  create: CreateParams | undefined,
  generateNotes: boolean,
  facts: PlanFacts,
): UpdateParams | undefined {
  const update: UpdateParams = {};
  if (create) {
    // The create set the title, notes and pre-release flag; what is left is publishing.
    if (!desired.draft) {
      update.draft = false;
      // A pre-release cannot be the latest: make_latest is not sent for one.
      if (desired.makeLatest && !desired.prerelease) update.make_latest = desired.makeLatest;
      if (desired.discussionCategory) update.discussion_category_name = desired.discussionCategory;
    }
    return Object.keys(update).length ? update : undefined;
  }
  if (!release) return undefined;
  // Without a \`name\` input an existing release keeps its title.
  if (desired.name !== undefined && desired.name !== (release.name ?? '')) update.name = desired.name;
  // With generated notes the body is GitHub's (put together once, when the release is new or a draft): kept.
  if (!desired.generateNotes && desired.body !== undefined && desired.body !== (release.body ?? ''))
    update.body = desired.body;
  if (desired.prerelease !== release.prerelease) update.prerelease = desired.prerelease;
  if (desired.draft !== release.draft) update.draft = desired.draft;
  const publishing = release.draft && !desired.draft;
  if (publishing && desired.discussionCategory) update.discussion_category_name = desired.discussionCategory;
  // make_latest only means something for a published release; sent when publishing or changing it anyway.
  if (desired.makeLatest && !desired.draft && !desired.prerelease && (publishing || Object.keys(update).length > 0))
    update.make_latest = desired.makeLatest;
  else if (
    desired.makeLatest === 'true' &&
    !desired.draft &&
    !desired.prerelease &&
    !release.draft &&
    facts.isLatest === false
  )
    update.make_latest = 'true';
  return Object.keys(update).length || generateNotes ? update : undefined;
}

export function planRelease(
  desired: DesiredRelease,
  desiredAssets: readonly DesiredAsset[],
  release: RemoteRelease | undefined,
  options: PlanOptions,
  facts: PlanFacts = {},
): ReleasePlan {
  const errors: string[] = [];
  const warnings: string[] = [];
  const existingByName = new Map((release?.assets ?? []).map((a) => [a.name, a] as const));

  const assets = desiredAssets.map((a) => decideAsset(a, existingByName.get(a.name), options.existingAssets, errors));

  let checksumsContent: string | undefined;
  if (options.checksums) {
    const name = githubAssetName(options.checksums);
    checksumsContent = checksumFileContent(checksumEntries(assets, release, name, warnings));
    const asset: DesiredAsset = {
      name,
      fileName: options.checksums,
      size: Buffer.byteLength(checksumsContent),
      contentType: contentTypeFor(options.checksums),
      sha256: sha256Text(checksumsContent),
      checksums: true,
    };
    assets.push(decideAsset(asset, existingByName.get(name), options.existingAssets, errors));
  }

  let create: CreateParams | undefined;
  let generateNotes = false;
  if (!release) {
    create = {
      tag_name: desired.tag,
      ...(desired.target ? { target_commitish: desired.target } : {}),
      name: desired.name ?? desired.tag,
      ...(desired.body !== undefined ? { body: desired.body } : {}),
      draft: true,
      prerelease: desired.prerelease,
      ...(desired.generateNotes ? { generate_release_notes: true } : {}),
    };
  } else if (desired.generateNotes && release.draft) {
    generateNotes = true;
  }

  if (release && !release.draft) {
    for (const step of assets) if (step.action === 'replace' && step.existing?.state === 'uploaded') step.swap = true;
  }
  const changing = assets.filter((s) => s.action === 'upload' || s.action === 'replace');
  if (release && !release.draft && release.immutable && changing.length > 0) {
    errors.push(
      `Release ${release.tag_name} is published and immutable: its assets cannot change, and this run would ` +
        `${changing.map((s) => `${s.action} "${s.asset.name}"`).join(', ')}. ` +
        'Publish releases only once their assets are complete (this action does so), or release under a new tag.',
    );
  }
  if (release && !release.draft && release.immutable && desired.draft) {
    errors.push(`Release ${release.tag_name} is published and immutable: it cannot become a draft again.`);
  }

  const releasing = new Set(assets.map((a) => a.asset.name));
  const frozen = !!release && !release.draft && !!release.immutable;
  const strays = frozen ? [] : (release?.assets ?? []).filter((a) => releasing.has(stagedFor(a.name) ?? ''));
  const update = finalUpdate(desired, release, create, generateNotes, facts);
  const uploads = changing.length;
  const deletes = assets.filter((s) => s.action === 'replace').length;
  const renames = assets.filter((s) => s.swap).length;
  const writes =
    (create ? 1 : 0) + strays.length + uploads + deletes + renames + (generateNotes ? 1 : 0) + (update ? 1 : 0);
  // After a create, the releases list is read once (at least one page) to converge with concurrent runs.
  const cost: Cost = { requests: writes + (create ? 1 : 0), writes };
  return {
    tag: desired.tag,
    create,
    release,
    generateNotes,
    assets,
    checksumsContent,
    strays,
    update,
    errors,
    warnings,
    cost,
  };
}
