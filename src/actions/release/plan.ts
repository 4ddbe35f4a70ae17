// The pure planner: (desired release and assets, the release as it is) → what to do, what it costs, and the
// errors that must stop the run before any write.
import type { Cost } from '../../github/client/types';
import { githubAssetName } from './domain/asset-name';
import { checksumFileContent, type ChecksumEntry } from './domain/checksums';
import { contentTypeFor } from './domain/content-type';
import type { DesiredAsset } from './domain/desired-assets';
import type { ExistingAssetMode } from './inputs';
import { planNotes } from './domain/notes-plan';
import { categoryTaken, stateErrors } from './domain/plan-checks';
import type { BodyParts } from './domain/release-body';
import { assetCountError, oversizedAssets } from './domain/release-limits';
import {
  assetSha256,
  stagedFor,
  type CreateParams,
  type RemoteAsset,
  type RemoteRelease,
  type UpdateParams,
} from './domain/release-types';
import type { ListedRelease } from './domain/release-pages';
import { createParams, finalUpdate, forExisting, type DesiredRelease } from './domain/update-plan';
import { assetSteps, decideAsset, swapping, type AssetStep } from './domain/asset-steps';

export type { AssetAction, AssetStep } from './domain/asset-steps';

export type { CreateParams, UpdateParams } from './domain/release-types';
export type { DesiredRelease } from './domain/update-plan';

/** What the plan needs to know about the repository beyond the release itself. */
export interface PlanFacts {
  /** Whether the (published) release is the latest; undefined when not asked. */
  isLatest?: boolean;
  /** The releases on the list pages already read, newest first (the default previous tag comes from them). */
  listed?: readonly ListedRelease[];
  /** True when the list is read through GraphQL: the list read after a create costs a point, not a request. */
  listsThroughGraphql?: boolean;
  /** How the state was read (GraphQL's queries and points, or why REST), for the plan's notes and the summary. */
  readNotes?: readonly string[];
  /** The repository's discussion categories, when asked (the GraphQL read counted in `reads`). */
  discussionCategories?: readonly string[];
  /** Why the categories could not be read (the publish then says what it leaves behind if refused). */
  discussionCategoriesUnread?: string;
  /** The GitHub Enterprise Server version the categories' answer named (undefined: github.com, or not asked). */
  enterpriseVersion?: string;
  /** Requests already made for the plan beyond the release list (shown as rows, counted in the cost). */
  reads?: number;
  /** The repository's default branch, read as the target of generated notes for a tag that may not exist yet. */
  defaultBranch?: string;
}

export interface PlanOptions {
  existingAssets: ExistingAssetMode;
  /** Name of the checksum file to generate. */
  checksums?: string;
  /** Its `label` (from `asset-labels`). */
  checksumsLabel?: string;
  /** Hex sha256 of a text (the planner does no I/O and imports no crypto: it is handed the function). */
  sha256Text: (text: string) => string;
}

export interface ReleasePlan {
  tag: string;
  /** Set when no release exists for the tag: it is created as a draft. */
  create?: CreateParams;
  /** The existing release the plan works on. */
  release?: RemoteRelease;
  /**
   * Ask GitHub for generated notes just before the write that takes them (the create, or the final update of a
   * draft), then compose the body from `parts`; undefined when no call is needed.
   */
  notes?: { previousTag?: string; parts: BodyParts };
  assets: AssetStep[];
  /**
   * The checksum file: rebuilt from a fresh read of the release's assets after the uploads, written, then read
   * again to check it (concurrent jobs of a matrix each add theirs). `step` is the prediction from the read state.
   */
  checksums?: { step: AssetStep; content: string; rebuild: boolean };
  /** Assets an interrupted swap left under a staging name (of an asset this run releases): deleted first. */
  strays: RemoteAsset[];
  /** `remove-assets`: the release's assets that are not among the files (deleted after the uploads). */
  removals: RemoteAsset[];
  /** Why the run writes nothing although the release differs (`skip-if-release-exists`); undefined otherwise. */
  skipped?: string;
  /** The final state; undefined when nothing changes. */
  update?: UpdateParams;
  errors: string[];
  warnings: string[];
  /** Discussion category to check at publish (named in the error when GitHub refuses it). */
  discussionCategory?: string;
  /** True when the categories were asked for (one GraphQL read, a row of the plan). */
  categoriesRead: boolean;
  /** The default branch read as the notes' target (one read, a row of the plan). */
  defaultBranchRead?: string;
  /** Reads made for the plan beyond the release list (discussion categories, latest). */
  reads: number;
  /** True when the list read after a create goes through GraphQL (a point, not a request). */
  listsThroughGraphql?: boolean;
  /** How the state was read (through GraphQL and its points, or REST and why), shown with the plan. */
  readNotes?: readonly string[];
  /** The requests of the run: `reads`, writes, and the reads of the apply (the list after a create, checksums). */
  cost: Cost;
}

/** Desired assets whose sha256 the planner needs: the ones that exist on the release (all of them for checksums). */
export function namesNeedingDigest(
  desired: readonly DesiredAsset[],
  release: RemoteRelease | undefined,
  checksums?: string,
): Set<string> {
  if (checksums) return new Set(desired.map((a) => a.name));
  const uploaded = (release?.assets ?? []).filter((a) => a.state === 'uploaded');
  const existing = new Set(uploaded.map((a) => a.name));
  // An asset GitHub stored under another name than predicted is found again by its size and digest.
  const wanted = new Set(desired.map((a) => a.name));
  const strangerSizes = new Set(
    uploaded.filter((a) => !wanted.has(a.name) && stagedFor(a.name) === undefined).map((a) => a.size),
  );
  // A copy an interrupted replace staged is taken when it has the file's sha256.
  const stagedSizes = new Set(
    uploaded.filter((a) => stagedFor(a.name) !== undefined).map((a) => `${stagedFor(a.name)} ${a.size}`),
  );
  return new Set(
    desired
      .filter((a) => existing.has(a.name) || strangerSizes.has(a.size) || stagedSizes.has(`${a.name} ${a.size}`))
      .map((a) => a.name),
  );
}

/** The sha256 an asset will have once the step ran: a skipped one keeps the existing asset's. */
function predictedSha256(step: AssetStep): string | undefined {
  const existing = step.existing ? assetSha256(step.existing) : undefined;
  if (step.action === 'skip') return existing;
  return step.asset.sha256 ?? existing;
}

/** Entries of the checksum file as the plan predicts it: every asset the release will have once the run is done. */
function predictedChecksums(steps: AssetStep[], release: RemoteRelease | undefined, name: string): ChecksumEntry[] {
  const entries: ChecksumEntry[] = [];
  const planned = new Set(steps.map((s) => s.asset.name));
  for (const step of steps) {
    const sha = predictedSha256(step);
    if (sha) entries.push({ name: step.asset.name, sha256: sha });
  }
  for (const asset of release?.assets ?? []) {
    if (planned.has(asset.name) || asset.name === name || asset.state !== 'uploaded' || stagedFor(asset.name)) continue;
    const sha = assetSha256(asset);
    if (sha) entries.push({ name: asset.name, sha256: sha });
  }
  return entries;
}

/** The writes of one asset step (a staged copy takes the name; a swap uploads, deletes and renames; a relabel). */
function writesOf(step: AssetStep): number {
  return contentWrites(step) + (step.relabel !== undefined ? 1 : 0);
}

function contentWrites(step: AssetStep): number {
  if (step.staged) return step.existing ? 2 : 1;
  if (step.swap) return 3;
  if (step.action === 'replace') return 2;
  if (step.action === 'upload') return 1;
  return 0;
}

/** The plan's writes, counted from its steps. */
export function countWrites(plan: Omit<ReleasePlan, 'cost' | 'reads'>): number {
  // A rebuilt checksum file is written at least once (its upload carries the label), even when the prediction
  // says it is unchanged; a checksum file not rebuilt is not written.
  const checksums = plan.checksums?.rebuild ? Math.max(1, contentWrites(plan.checksums.step)) : 0;
  const steps = [
    plan.create ? 1 : 0,
    plan.strays.length,
    ...plan.assets.map(writesOf),
    plan.removals.length,
    checksums,
    plan.notes ? 1 : 0,
    plan.update ? 1 : 0,
  ];
  return steps.reduce((a, b) => a + b, 0);
}

/** A published release `skip-if-release-exists` leaves alone: no write, only the reads already made. */
function skippedPlan(desired: DesiredRelease, release: RemoteRelease, facts: PlanFacts): ReleasePlan {
  const reads = facts.reads ?? 0;
  return {
    tag: desired.tag,
    release,
    assets: [],
    strays: [],
    removals: [],
    skipped: `a published release exists (id ${release.id}) and \`skip-if-release-exists\` is set`,
    errors: [],
    warnings: [],
    categoriesRead: false,
    ...(facts.readNotes?.length ? { readNotes: facts.readNotes } : {}),
    reads,
    cost: { requests: reads, writes: 0 },
  };
}

/** The release's assets `remove-assets` deletes: not released by this run, not staged copies of its assets. */
function removalsOf(release: RemoteRelease | undefined, releasing: ReadonlySet<string>, claimed: ReadonlySet<number>) {
  return (release?.assets ?? []).filter(
    (a) => !releasing.has(a.name) && !releasing.has(stagedFor(a.name) ?? '') && !claimed.has(a.id),
  );
}

export function planRelease(
  requested: DesiredRelease,
  desiredAssets: readonly DesiredAsset[],
  release: RemoteRelease | undefined,
  options: PlanOptions,
  facts: PlanFacts = {},
): ReleasePlan {
  if (release && !release.draft && requested.skipIfExists) return skippedPlan(requested, release, facts);
  const desired = release ? forExisting(requested, release) : requested;
  const errors: string[] = oversizedAssets(desiredAssets);
  if (release && desired.updateOnlyUnreleased && !release.draft && !release.prerelease)
    errors.push(
      `Release ${release.tag_name} is published and not a pre-release, and \`update-only-unreleased\` is set: ` +
        'nothing was changed. Release under a new tag, or mark the release a pre-release first.',
    );
  const { steps: assets, claimed, errors: assetErrors } = assetSteps(desiredAssets, release, options.existingAssets);
  errors.push(...assetErrors);
  const wanted = new Set(desiredAssets.map((a) => a.name));
  const published = !!release && !release.draft;

  const checksumsName = options.checksums ? githubAssetName(options.checksums) : undefined;
  let checksumsStep: AssetStep | undefined;
  let checksumsContent = '';
  if (options.checksums && checksumsName) {
    const removing = desired.removeOthers
      ? new Set(removalsOf(release, new Set([...wanted, checksumsName]), claimed).map((a) => a.name))
      : new Set<string>();
    checksumsContent = checksumFileContent(
      predictedChecksums(assets, release, checksumsName).filter((e) => !removing.has(e.name)),
    );
    const asset: DesiredAsset = {
      name: checksumsName,
      fileName: options.checksums,
      size: new TextEncoder().encode(checksumsContent).length,
      contentType: contentTypeFor(options.checksums),
      sha256: options.sha256Text(checksumsContent),
      checksums: true,
      ...(options.checksumsLabel !== undefined ? { label: options.checksumsLabel } : {}),
    };
    const existing = release?.assets.find((a) => a.name === checksumsName);
    const decision = decideAsset(asset, existing, options.existingAssets);
    if (decision.error) errors.push(decision.error);
    checksumsStep = swapping(decision.step, release);
  }

  const notes = planNotes(desired, release, facts.listed ?? []);
  const create = release ? undefined : createParams(desired, notes);

  const all = checksumsStep ? [...assets, checksumsStep] : assets;
  const changing = all.filter((s) => s.action === 'upload' || s.action === 'replace');
  const releasing = new Set(all.map((a) => a.asset.name));
  const removals = desired.removeOthers ? removalsOf(release, releasing, claimed) : [];
  const state = stateErrors(
    desired,
    release,
    [...changing, ...removals.map((a) => ({ action: 'delete', asset: a }))],
    facts,
  );
  errors.push(...state.errors);
  const countError = assetCountError(
    (release?.assets ?? []).filter((a) => stagedFor(a.name) === undefined),
    [...releasing],
    new Set(removals.map((a) => a.id)),
  );
  if (countError) errors.push(countError);

  const frozen = published && !!release.immutable;
  const finishing = new Set(assets.map((s) => s.staged?.id).filter((id) => id !== undefined));
  const strays = frozen
    ? []
    : (release?.assets ?? []).filter((a) => releasing.has(stagedFor(a.name) ?? '') && !finishing.has(a.id));
  // A server whose API has no `discussion_category_name` is not sent it (the plan warns instead, plan-checks.ts).
  const sent = categoryTaken(facts) ? desired : { ...desired, discussionCategory: undefined };
  const update = finalUpdate(sent, release, notes, facts);
  // The checksum file is rebuilt (a read, its write, a read to check it) unless nothing changes at all.
  const rebuild = !!checksumsStep && (changing.length > 0 || removals.length > 0 || checksumsStep.action !== 'keep');
  const checksums = checksumsStep ? { step: checksumsStep, content: checksumsContent, rebuild } : undefined;
  const built: Omit<ReleasePlan, 'cost' | 'reads'> = {
    tag: desired.tag,
    create,
    release,
    notes: notes.call,
    assets,
    checksums,
    strays,
    removals,
    update,
    discussionCategory: desired.discussionCategory,
    categoriesRead: facts.discussionCategories !== undefined || facts.discussionCategoriesUnread !== undefined,
    ...(facts.defaultBranch !== undefined ? { defaultBranchRead: facts.defaultBranch } : {}),
    errors,
    warnings: state.warnings,
  };
  const writes = countWrites(built);
  // Reads: those made for the plan, the list after a create (a GraphQL query when the list is read through it),
  // and the two around a rebuilt checksum file (REST: they need the assets' digests, which GraphQL does not give).
  const listAfterCreate = create ? 1 : 0;
  const graphql = facts.listsThroughGraphql === true;
  const reads = (facts.reads ?? 0) + (graphql ? 0 : listAfterCreate) + (rebuild ? 2 : 0);
  const cost = { requests: writes + reads, writes, ...(graphql ? { points: listAfterCreate } : {}) };
  const how = {
    ...(graphql ? { listsThroughGraphql: true } : {}),
    ...(facts.readNotes?.length ? { readNotes: facts.readNotes } : {}),
  };
  return { ...built, ...how, reads, cost };
}
