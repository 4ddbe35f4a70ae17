// Runs a release: find → plan → check → create (as a draft) and converge → upload → one final update.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isAlreadyExists } from '../client/errors';
import type { Budget, Logger } from '../client/types';
import { applyPlan, formatPlan, planFailure, type Operation } from '../core/plan';
import type { ReleaseApi } from './api';
import type { DesiredAsset } from './desired-assets';
import { hashAssets } from './digest';
import { chooseWinner, findRelease } from './find';
import { namesNeedingDigest, planRelease, type AssetStep, type DesiredRelease, type PlanOptions, type ReleasePlan } from './plan';
import { outputAsset, planOperations, type OutputAsset } from './plan-report';
import type { RemoteAsset, RemoteRelease } from './release-types';
import { AssetUploader, type UploadResult } from './upload';

export interface ReleaseRequest {
  desired: DesiredRelease;
  assets: DesiredAsset[];
  options: PlanOptions;
  maxParallelUploads: number;
  dryRun: boolean;
}

export interface ReleaseDeps {
  api: ReleaseApi;
  budget: Budget;
  log: Logger;
  /** Where the checksum file is written before its upload. */
  tempDir: string;
  /** Upload retry back-off (tests shorten it). */
  uploadBaseDelayMs?: number;
}

export interface ReleaseResult {
  plan: ReleasePlan;
  release?: RemoteRelease;
  created: boolean;
  assets: OutputAsset[];
}

class PlanError extends AggregateError {}

async function makePlan(request: ReleaseRequest, release: RemoteRelease | undefined, log: Logger): Promise<ReleasePlan> {
  const hashed = await hashAssets(request.assets, namesNeedingDigest(request.assets, release, request.options.checksums));
  const plan = planRelease(request.desired, hashed, release, request.options);
  for (const w of plan.warnings) log.warning(w);
  log.info(`Plan for ${request.desired.tag}${release ? ` (release ${release.id}${release.draft ? ', draft' : ''})` : ' (new release)'}:\n${formatPlan(planOperations(plan))}`);
  if (plan.errors.length) throw new PlanError(plan.errors.map((e) => new Error(e)), `The release plan cannot run: ${plan.errors.length} problem${plan.errors.length === 1 ? '' : 's'}. Nothing was written.`);
  return plan;
}

type Settled<T> = { value: T } | { error: unknown };

function settle<T>(p: Promise<T>): Promise<Settled<T>> {
  return p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

interface Created {
  release: RemoteRelease;
  created: boolean;
  /** The uploads already made to the own draft (when it won). */
  stored?: Map<string, RemoteAsset>;
}

/**
 * Creates the draft and starts its uploads while reading the releases of the tag: when another run's release came
 * first (a published one, or a draft with a lower id), stops the uploads, deletes the own draft (its assets go with
 * it) and continues with that one. A create answered 422 `already_exists` continues with the release that exists.
 */
async function createAndConverge(deps: ReleaseDeps, request: ReleaseRequest, plan: ReleasePlan): Promise<Created> {
  const { api, log } = deps;
  let own: RemoteRelease;
  try {
    own = await api.create(plan.create!);
  } catch (err) {
    if (!isAlreadyExists(err)) throw err;
    log.info(`A release for ${plan.tag} was created meanwhile (422 already_exists); continuing with it.`);
    const found = await findRelease(api, plan.tag);
    if (!found.release) throw err;
    return { release: found.release, created: false };
  }
  const abort = new AbortController();
  const uploads = settle(runSteps(deps, request, plan, own, abort.signal));
  let winner: RemoteRelease;
  try {
    const all = await api.allForTag(plan.tag);
    winner = chooseWinner([...all.filter((r) => r.id !== own.id), own]) ?? own;
  } catch (err) {
    abort.abort();
    await uploads;
    throw err;
  }
  if (winner.id === own.id) {
    const done = await uploads;
    if ('error' in done) throw done.error;
    return { release: own, created: true, stored: done.value };
  }
  abort.abort();
  await uploads;
  log.info(`Another run created release ${winner.id} for ${plan.tag} first; continuing with it and deleting own draft ${own.id}.`);
  await api.deleteRelease(own.id);
  return { release: winner, created: false };
}

async function runSteps(deps: ReleaseDeps, request: ReleaseRequest, plan: ReleasePlan, release: RemoteRelease, signal?: AbortSignal): Promise<Map<string, RemoteAsset>> {
  const uploader = new AssetUploader({
    api: deps.api,
    releaseId: release.id,
    uploadUrl: release.upload_url,
    mode: request.options.existingAssets,
    log: deps.log,
    baseDelayMs: deps.uploadBaseDelayMs,
  });
  const ops: Operation<AssetStep>[] = plan.assets
    .filter((s) => s.action === 'upload' || s.action === 'replace')
    .map((s) => ({ kind: s.action, target: 'asset', subject: s.asset.name, cost: { requests: s.action === 'replace' ? 2 : 1, writes: s.action === 'replace' ? 2 : 1 }, payload: s }));
  let checksumsPath: string | undefined;
  if (plan.checksumsContent !== undefined && ops.some((o) => o.payload.asset.checksums)) {
    checksumsPath = join(deps.tempDir, `release-${release.id}-${plan.assets.find((s) => s.asset.checksums)!.asset.name}`);
    await writeFile(checksumsPath, plan.checksumsContent);
  }
  const report = await applyPlan<AssetStep, UploadResult>(
    ops,
    async ({ payload: step }) => {
      if (step.action === 'replace' && step.existing) await deps.api.deleteAsset(step.existing.id);
      const path = step.asset.checksums ? checksumsPath : step.asset.path;
      const result = await uploader.upload({ ...step.asset, path: path! });
      deps.log.info(`${result.outcome === 'uploaded' ? 'Uploaded' : result.outcome === 'kept' ? 'Kept' : 'Skipped'} "${result.asset.name}"` +
        (result.attempts > 1 ? ` after ${result.attempts} attempts` : ''));
      return result;
    },
    { concurrency: request.maxParallelUploads, signal },
  );
  const failure = planFailure(report);
  if (failure) {
    throw new AggregateError(failure.errors, `${failure.message}; the release stays ${release.draft ? 'a draft' : 'as it was'}.`);
  }
  const stored = new Map<string, RemoteAsset>();
  for (const r of report.results) if (r.value) stored.set(r.op.payload.asset.name, r.value.asset);
  return stored;
}

export async function runRelease(deps: ReleaseDeps, request: ReleaseRequest): Promise<ReleaseResult> {
  const { api, log } = deps;
  const tag = request.desired.tag;
  // Dry run: the list is read to tell "missing" from "draft". Otherwise a missing published release is created right
  // away and the list read after the create finds both older drafts and concurrent runs.
  const found = await findRelease(api, tag, { skipList: !request.dryRun });
  log.info(found.release ? `Found release ${found.release.id} for ${tag} (${found.release.draft ? 'draft' : 'published'}, via ${found.via}).` : `No published release for ${tag}.`);
  let plan = await makePlan(request, found.release, log);
  if (request.dryRun) return { plan, release: found.release, created: false, assets: [] };

  await deps.budget.ensure(plan.cost, `the release plan for ${tag}`);
  let release = found.release;
  let created = false;
  let stored: Map<string, RemoteAsset> | undefined;
  if (plan.create) {
    ({ release, created, stored } = await createAndConverge(deps, request, plan));
    if (!created) {
      plan = await makePlan(request, release, log);
      await deps.budget.ensure(plan.cost, `the release plan for ${tag}`);
    } else {
      plan = { ...plan, release };
    }
  }
  if (!release) throw new Error(`No release for ${tag}.`);
  stored ??= await runSteps(deps, request, plan, release);

  let final = release;
  if (plan.update) {
    const update = { ...plan.update };
    if (plan.generateNotes) {
      const notes = await api.generateNotes(tag, request.desired.target);
      update.body = request.desired.body ? `${request.desired.body}\n\n${notes}` : notes;
    }
    final = await api.update(release.id, update);
    log.info(`Updated release ${release.id}: ${Object.keys(update).join(', ')}.`);
  }

  const assets = plan.assets.map((step) => stored.get(step.asset.name) ?? step.existing).filter((a): a is RemoteAsset => a !== undefined);
  return { plan, release: final, created, assets: assets.map(outputAsset) };
}
