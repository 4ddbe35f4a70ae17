// Runs a release: find (drafts included) → plan → check → create (as a draft) and converge → upload → one final update.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isAlreadyExists } from '../client/errors';
import type { Budget, Logger } from '../client/types';
import { applyPlan, formatPlan, planFailure, type Operation } from '../core/plan';
import type { ReleaseApi } from './api';
import type { DesiredAsset } from './desired-assets';
import { hashAssets } from './digest';
import { chooseWinner, findRelease, recentForTag } from './find';
import {
  namesNeedingDigest,
  planRelease,
  type AssetStep,
  type DesiredRelease,
  type PlanFacts,
  type PlanOptions,
  type ReleasePlan,
} from './plan';
import { outputAsset, planOperations, type OutputAsset } from './plan-report';
import type { RemoteAsset, RemoteRelease } from './release-types';
import { swapAsset } from './swap';
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

/** The request with every asset that exists on `release` hashed (files hashed once, whatever the re-plans). */
async function hashed(request: ReleaseRequest, release: RemoteRelease | undefined): Promise<ReleaseRequest> {
  return {
    ...request,
    assets: await hashAssets(request.assets, namesNeedingDigest(request.assets, release, request.options.checksums)),
  };
}

function makePlan(
  request: ReleaseRequest,
  release: RemoteRelease | undefined,
  log: Logger,
  facts: PlanFacts = {},
): ReleasePlan {
  const plan = planRelease(request.desired, request.assets, release, request.options, facts);
  for (const w of plan.warnings) log.warning(w);
  log.info(
    `Plan for ${request.desired.tag}${release ? ` (release ${release.id}${release.draft ? ', draft' : ''})` : ' (new release)'}:\n${formatPlan(planOperations(plan))}`,
  );
  if (plan.errors.length)
    throw new PlanError(
      plan.errors.map((e) => new Error(e)),
      `The release plan cannot run: ${plan.errors.length} problem${plan.errors.length === 1 ? '' : 's'}. Nothing was written.`,
    );
  return plan;
}

/**
 * `make-latest: true` on a published release with nothing else to change: only `GET /releases/latest` tells whether
 * the update is needed (the release records do not say which one is the latest).
 */
function needsLatestCheck(request: ReleaseRequest, plan: ReleasePlan): boolean {
  const { desired } = request;
  return (
    !plan.update &&
    !!plan.release &&
    !plan.release.draft &&
    desired.makeLatest === 'true' &&
    !desired.draft &&
    !desired.prerelease
  );
}

interface Created {
  release: RemoteRelease;
  created: boolean;
}

/**
 * Creates the draft, then reads the first page of the releases list: when another run's release of the tag came
 * first (a published one, or a draft with a lower id), deletes the own draft and continues with that one. A create
 * answered 422 \`already_exists\` continues with the release that exists.
 */
async function createAndConverge(deps: ReleaseDeps, plan: ReleasePlan): Promise<Created> {
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
  const recent = await recentForTag(api, plan.tag);
  const winner = chooseWinner([...recent.filter((r) => r.id !== own.id), own]) ?? own;
  if (winner.id === own.id) return { release: own, created: true };
  log.info(
    `Another run created release ${winner.id} for ${plan.tag} first; continuing with it and deleting own draft ${own.id}.`,
  );
  await api.deleteRelease(own.id);
  return { release: winner, created: false };
}

async function runSteps(
  deps: ReleaseDeps,
  request: ReleaseRequest,
  plan: ReleasePlan,
  release: RemoteRelease,
): Promise<Map<string, RemoteAsset>> {
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
    .map((s) => {
      const writes = s.swap ? 3 : s.action === 'replace' ? 2 : 1;
      return { kind: s.action, target: 'asset', subject: s.asset.name, cost: { requests: writes, writes }, payload: s };
    });
  let checksumsPath: string | undefined;
  if (plan.checksumsContent !== undefined && ops.some((o) => o.payload.asset.checksums)) {
    checksumsPath = join(
      deps.tempDir,
      `release-${release.id}-${plan.assets.find((s) => s.asset.checksums)!.asset.name}`,
    );
    await writeFile(checksumsPath, plan.checksumsContent);
  }
  for (const stray of plan.strays) {
    deps.log.info(`Deleting "${stray.name}", left by an interrupted replace.`);
    await deps.api.deleteAsset(stray.id);
  }
  const report = await applyPlan<AssetStep, UploadResult>(
    ops,
    async ({ payload: step }) => {
      const path = (step.asset.checksums ? checksumsPath : step.asset.path)!;
      if (step.swap) {
        const swapped = await swapAsset(deps.api, uploader, step, path);
        deps.log.info(
          `Replaced "${swapped.asset.name}" (uploaded under a staging name, then the old one deleted and the new one renamed)`,
        );
        return swapped;
      }
      if (step.action === 'replace' && step.existing) await deps.api.deleteAsset(step.existing.id);
      const result = await uploader.upload({ ...step.asset, path });
      deps.log.info(
        `${result.outcome === 'uploaded' ? 'Uploaded' : result.outcome === 'kept' ? 'Kept' : 'Skipped'} "${result.asset.name}"` +
          (result.attempts > 1 ? ` after ${result.attempts} attempts` : ''),
      );
      return result;
    },
    { concurrency: request.maxParallelUploads },
  );
  const failure = planFailure(report);
  if (failure) {
    throw new AggregateError(
      failure.errors,
      `${failure.message}; the release stays ${release.draft ? 'a draft' : 'as it was'}.`,
    );
  }
  const stored = new Map<string, RemoteAsset>();
  for (const r of report.results) if (r.value) stored.set(r.op.payload.asset.name, r.value.asset);
  return stored;
}

export async function runRelease(deps: ReleaseDeps, request: ReleaseRequest): Promise<ReleaseResult> {
  const { api, log } = deps;
  const tag = request.desired.tag;
  const found = await findRelease(api, tag);
  log.info(
    found.release
      ? `Found release ${found.release.id} for ${tag} (${found.release.draft ? 'draft' : 'published'}, via ${found.via}).`
      : `No release for ${tag} yet.`,
  );
  request = await hashed(request, found.release);
  let plan = makePlan(request, found.release, log);
  if (needsLatestCheck(request, plan)) {
    const latest = await api.latestId();
    if (latest !== plan.release!.id) plan = makePlan(request, found.release, log, { isLatest: false });
  }
  if (request.dryRun) return { plan, release: found.release, created: false, assets: [] };

  await deps.budget.ensure(plan.cost, `the release plan for ${tag}`);
  let release = found.release;
  let created = false;
  if (plan.create) {
    ({ release, created } = await createAndConverge(deps, plan));
    if (!created) {
      request = await hashed(request, release);
      plan = makePlan(request, release, log);
      await deps.budget.ensure(plan.cost, `the release plan for ${tag}`);
    } else {
      plan = { ...plan, release };
    }
  }
  if (!release) throw new Error(`No release for ${tag}.`);
  try {
    return { ...(await fill(deps, request, plan, release)), created };
  } catch (err) {
    // Two drafts that did not see each other (the list lags behind a create): the other run published first.
    if (!(isAlreadyExists(err) && release.draft && plan.update?.draft === false)) throw err;
    const published = await api.getByTag(tag);
    if (!published) throw err;
    log.info(
      `Another run published release ${published.id} for ${tag} first; deleting draft ${release.id} and adding this run's assets there.`,
    );
    await api.deleteRelease(release.id);
    request = await hashed(request, published);
    plan = makePlan(request, published, log);
    await deps.budget.ensure(plan.cost, `the release plan for ${tag}`);
    return { ...(await fill(deps, request, plan, published)), created: false };
  }
}

/** Uploads the plan's assets to `release`, then makes the one final update. */
async function fill(
  deps: ReleaseDeps,
  request: ReleaseRequest,
  plan: ReleasePlan,
  release: RemoteRelease,
): Promise<Omit<ReleaseResult, 'created'>> {
  const { api, log } = deps;
  const stored = await runSteps(deps, request, plan, release);
  let final = release;
  if (plan.update) {
    const update = { ...plan.update };
    if (plan.generateNotes) {
      const notes = await api.generateNotes(plan.tag, request.desired.target);
      const body = request.desired.body ? `${request.desired.body}\n\n${notes}` : notes;
      // Notes that did not change (a re-run, or matrix jobs finishing one draft) are not written again.
      if (body !== (release.body ?? '')) update.body = body;
    }
    if (Object.keys(update).length) {
      final = await api.update(release.id, update);
      log.info(`Updated release ${release.id}: ${Object.keys(update).join(', ')}.`);
    }
  }
  const assets = plan.assets
    .map((step) => stored.get(step.asset.name) ?? step.existing)
    .filter((a): a is RemoteAsset => a !== undefined);
  return { plan, release: final, assets: assets.map(outputAsset) };
}
