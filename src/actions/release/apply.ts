// The executors of a release plan, in the order run.ts calls them: create the draft (and converge with concurrent
// runs), upload the assets, rebuild the checksum file from a fresh read, then publish in one update.
//
// Every write and what a retry does after its answer was lost:
// | write                          | after a lost answer (5xx, reset)                                              |
// | POST /releases (draft)         | not retried blindly: the list is read for the draft first, created only if none |
// | DELETE release (own draft)     | retried by the client; 404 counts as deleted                                  |
// | POST upload                    | own retry: list, keep a complete same-digest asset, delete a `starter`, upload |
// | DELETE asset                   | retried by the client; 404 counts as deleted                                  |
// | PATCH asset (rename / label)   | retried by the client (idempotent); 422/404 in a checksum swap: read again      |
// | POST generate-notes            | retried by the client (writes nothing)                                        |
// | PATCH release (publish)        | retried by the client (idempotent: the same fields again)                     |
// A run killed between two writes is finished by a re-run: a draft is found in the list, `starter` assets and
// staged copies are deleted, identical assets are kept, the checksums are rebuilt, the release published last.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../github/client/clock';
import { isAlreadyExists, isApiError, isStatus } from '../../github/client/errors';
import type { Logger } from '../../github/client/types';
import { applyPlan, planFailure, type Operation } from '../../kernel/plan';
import { plural } from '../../kernel/words';
import type { ReleaseApi } from './domain/api';
import { checksumEntriesOf, checksumFileContent } from './domain/checksums';
import { sha256Text } from './domain/digest';
import { chooseWinner, findRelease, recentForTag } from './domain/find';
import type { AssetStep, ReleasePlan } from './plan';
import { explainCreateRefusal, explainPublishRefusal } from './domain/refusals';
import { hitOf } from './domain/release-pages';
import { composeBody } from './domain/release-body';
import { assetSha256, stagedFor, stagingName, type RemoteAsset, type RemoteRelease } from './domain/release-types';
import { AssetUploader, isTransient } from './domain/upload';
import type { ExistingAssetMode } from './inputs';

export interface ApplyDeps {
  api: ReleaseApi;
  log: Logger;
  clock: Clock;
  /** Where the checksum file is written before its upload. */
  tempDir: string;
  existingAssets: ExistingAssetMode;
  maxParallelUploads: number;
}

/** The draft of `tag` a lost create may have made (drafts are only in the list). */
async function draftOf(api: ReleaseApi, tag: string): Promise<RemoteRelease | undefined> {
  const found = await findRelease(api, tag);
  return found.release?.draft ? found.release : undefined;
}

/**
 * `POST /releases` without the client's blind retries: after a lost answer (5xx, reset) the create may have
 * happened, so the list is read for the draft before a second create.
 */
async function createOnce(
  deps: ApplyDeps,
  plan: ReleasePlan,
  body: string | undefined,
): Promise<{ release: RemoteRelease; lostAnswer: boolean }> {
  const params = { ...plan.create!, ...(body !== undefined ? { body } : {}) };
  let lostAnswer = false;
  // The client's retry matrix decides whether and when; a lost answer is followed by a read for the draft.
  const release = await deps.api.client.retry
    .run(() => deps.api.create(params, { retries: 0 }), {
      beforeRetry: async (err) => {
        if (!isTransient(err)) {
          // Refused before anything was created (a rate limit): the matrix waits, then creates again.
          deps.log.info(`Creating release ${plan.tag} was rate limited; retrying.`);
          return undefined;
        }
        deps.log.info(`Creating release ${plan.tag} lost its answer; looking for the draft before creating again.`);
        lostAnswer = true;
        const made = await draftOf(deps.api, plan.tag);
        return made ? { result: made } : undefined;
      },
    })
    .catch(async (err: unknown) => {
      // GitHub's own notes on the create (the first release: no previous tag) may be over its 125,000 characters
      // (softprops/action-gh-release#374). Nothing was created: the notes are generated apart, shortened, and sent.
      if (params.generate_release_notes && isBodyTooLong(err)) {
        deps.log.info(`GitHub's generated notes for ${plan.tag} are too long for a release; shortening them.`);
        const notes = await deps.api.generateNotes(plan.tag, params.target_commitish);
        const { generate_release_notes: _generated, ...rest } = params;
        const shortened = composeBody(undefined, { ...bodyOf(params.body), notes });
        return deps.api.create({ ...rest, body: shortened }, { retries: 0 });
      }
      throw explainCreateRefusal(err, plan.tag, params.target_commitish);
    });
  return { release, lostAnswer };
}

/** GitHub's 422 for a body over its limit ("body is too long (maximum is 125000 characters)"). */
function isBodyTooLong(err: unknown): boolean {
  return (
    isApiError(err) &&
    err.status === 422 &&
    err.errors.some((e) => e.field === 'body' && /too long/i.test(e.message ?? ''))
  );
}

const bodyOf = (body: string | undefined) => (body === undefined ? {} : { body });

export interface Created {
  release: RemoteRelease;
  created: boolean;
}

/**
 * Creates the draft, then reads the first page of the releases list: when another run's release of the tag came
 * first (a published one, or a draft with a lower id), deletes the own draft and continues with that one. A create
 * answered 422 `already_exists` continues with the release that exists.
 */
export async function createRelease(deps: ApplyDeps, plan: ReleasePlan, notes?: string): Promise<Created> {
  const { api, log } = deps;
  let own: RemoteRelease;
  let lostAnswer: boolean;
  try {
    const body = notes === undefined ? undefined : releaseBody(plan, undefined, notes);
    ({ release: own, lostAnswer } = await createOnce(deps, plan, body));
  } catch (err) {
    if (!isAlreadyExists(err)) throw err;
    log.info(`A release for ${plan.tag} was created meanwhile (422 already_exists); continuing with it.`);
    const found = await findRelease(api, plan.tag);
    if (!found.release) throw err;
    return { release: found.release, created: false };
  }
  const recent = await recentAfterCreate(deps, plan.tag, own.id);
  const ownHit = hitOf(own);
  const chosen = chooseWinner([...recent.filter((r) => r.id !== own.id), ownHit]) ?? ownHit;
  // The winner read whole (the own release is at hand); gone meanwhile (its run deleted it): the own one.
  const winner = (await chosen.load()) ?? own;
  if (lostAnswer) {
    // Which draft the lost create made is unknown: every empty draft of the tag but the winner goes. (A concurrent
    // run whose draft this is finds the winner in its own check and continues there; its delete meets 404.)
    for (const loser of recent.filter((r) => r.draft && r.id !== winner.id && r.assetCount === 0)) {
      log.info(`Deleting empty draft ${loser.id} of ${plan.tag} (the lost create may have made it).`);
      await api.deleteRelease(loser.id);
    }
    return { release: winner, created: winner.id === own.id };
  }
  if (winner.id === own.id) return { release: own, created: true };
  log.info(
    `Another run created release ${winner.id} for ${plan.tag} first; ` +
      `continuing with it and deleting own draft ${own.id}.`,
  );
  await api.deleteRelease(own.id);
  return { release: winner, created: false };
}

/**
 * The first page of the list after the own create. Through GraphQL it must show the draft just created: when it
 * does not (drafts hidden from this token's GraphQL reads, as reported for `gh release list` under GITHUB_TOKEN in
 * cli/cli#9076, or a lagging replica), GraphQL is not trusted with drafts for the rest of the run and the page is
 * read again through REST, which lists drafts for a token with push access.
 */
async function recentAfterCreate(deps: ApplyDeps, tag: string, ownId: number) {
  const graphql = deps.api.listsThroughGraphql();
  const recent = await recentForTag(deps.api, tag);
  if (!graphql || recent.some((r) => r.id === ownId)) return recent;
  deps.api.stopGraphqlList('the GraphQL list did not show the draft just created');
  return recentForTag(deps.api, tag);
}

/** The body once the generated notes are known (the plan's parts around them). */
function releaseBody(plan: ReleasePlan, existing: string | undefined, notes: string): string | undefined {
  return composeBody(existing, { ...(plan.notes?.parts ?? {}), notes });
}

/** GitHub's generated notes for the plan (from its previous tag), when the plan asks for them. */
export async function generateNotes(deps: ApplyDeps, plan: ReleasePlan, target?: string): Promise<string | undefined> {
  if (!plan.notes) return undefined;
  return deps.api.generateNotes(plan.tag, target, plan.notes.previousTag);
}

/**
 * Replacing an asset of a published release without a moment where the release lacks it: the new file is
 * uploaded under a staging name, then the old asset is deleted and the new one renamed.
 */
async function swapAsset(deps: ApplyDeps, uploader: AssetUploader, step: AssetStep, path: string) {
  const name = stagingName(step.asset.name, randomBytes(4).toString('hex'));
  // The label is the file's name only when GitHub renames the file (as for any upload).
  const fileName = step.asset.fileName === step.asset.name ? name : step.asset.fileName;
  const staged = await uploader.upload({ ...step.asset, name, fileName, path });
  try {
    if (step.existing) await deps.api.deleteAsset(step.existing.id);
    const renamed = await deps.api.editAsset(staged.asset.id, { name: step.asset.name });
    return { ...staged, asset: { ...renamed, digest: renamed.digest ?? staged.asset.digest } };
  } catch (err) {
    // Another run took the name meanwhile: the staged copy goes, the caller decides again from a fresh read.
    await deps.api.deleteAsset(staged.asset.id);
    throw err;
  }
}

function uploaderFor(deps: ApplyDeps, release: RemoteRelease): AssetUploader {
  return new AssetUploader({
    api: deps.api,
    releaseId: release.id,
    uploadUrl: release.upload_url,
    mode: deps.existingAssets,
    log: deps.log,
    clock: deps.clock,
  });
}

async function putAsset(deps: ApplyDeps, uploader: AssetUploader, step: AssetStep, path: string) {
  if (step.staged) {
    // An interrupted replace uploaded the file already: finish it (the old asset goes, the staged copy takes its name).
    if (step.existing) await deps.api.deleteAsset(step.existing.id);
    const asset = await deps.api.editAsset(step.staged.id, { name: step.asset.name });
    deps.log.info(`Finished the interrupted replace of "${asset.name}": the staged copy took the name.`);
    return { asset, outcome: 'uploaded' as const, attempts: 1 };
  }
  if (step.swap) {
    const swapped = await swapAsset(deps, uploader, step, path);
    deps.log.info(`Replaced "${swapped.asset.name}" (uploaded under a staging name, then renamed)`);
    return swapped;
  }
  if (step.action === 'replace' && step.existing) await deps.api.deleteAsset(step.existing.id);
  const result = await uploader.upload({ ...step.asset, path });
  const verb = result.outcome === 'uploaded' ? 'Uploaded' : result.outcome === 'kept' ? 'Kept' : 'Skipped';
  deps.log.info(`${verb} "${result.asset.name}"${result.attempts > 1 ? ` after ${result.attempts} attempts` : ''}`);
  return result;
}

/** Deletes what interrupted swaps left, uploads and relabels the plan's assets; the stored asset by name. */
export async function uploadAssets(
  deps: ApplyDeps,
  plan: ReleasePlan,
  release: RemoteRelease,
): Promise<Map<string, RemoteAsset>> {
  for (const stray of plan.strays) {
    deps.log.info(`Deleting "${stray.name}", left by an interrupted replace.`);
    await deps.api.deleteAsset(stray.id);
  }
  const uploader = uploaderFor(deps, release);
  const ops: Operation<AssetStep>[] = plan.assets
    .filter((s) => s.action === 'upload' || s.action === 'replace' || s.relabel !== undefined)
    .map((s) => ({
      kind: s.action,
      target: 'asset',
      subject: s.asset.name,
      cost: { requests: 1, writes: 1 },
      payload: s,
    }));
  const report = await applyPlan(
    ops,
    async ({ payload: step }) => {
      if (step.action === 'keep' && step.existing) {
        const asset = await deps.api.editAsset(step.existing.id, { label: step.relabel });
        deps.log.info(`Labelled "${asset.name}" "${step.relabel}".`);
        return { asset, outcome: 'kept', attempts: 1 };
      }
      return putAsset(deps, uploader, step, step.asset.path!);
    },
    { concurrency: deps.maxParallelUploads },
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

/** `remove-assets`: deletes the release's assets that are not among the files (after the uploads succeeded). */
export async function removeAssets(deps: ApplyDeps, plan: ReleasePlan): Promise<void> {
  for (const gone of plan.removals) {
    deps.log.info(`Deleting "${gone.name}": not among the files (remove-assets).`);
    await deps.api.deleteAsset(gone.id);
  }
}

const CHECKSUM_ROUNDS = 6;

/**
 * The checksum file from a fresh read of the release's assets (matrix jobs add theirs at the same time), written
 * when it differs, then read again: done when the file read back lists exactly the assets read with it. A
 * concurrent write of the same name (422, or the asset gone under the swap) is a conflict: read and try again.
 */
export async function writeChecksums(deps: ApplyDeps, plan: ReleasePlan, release: RemoteRelease): Promise<RemoteAsset> {
  const step = plan.checksums!.step;
  const name = step.asset.name;
  const uploader = uploaderFor(deps, release);
  for (let round = 1; ; round++) {
    const assets = await deps.api.listAssets(release.id);
    const { entries, unknown } = checksumEntriesOf(assets, name, (n) => stagedFor(n) !== undefined);
    for (const n of unknown) deps.log.warning(`"${n}" is left out of ${name}: GitHub has no digest for it.`);
    const content = checksumFileContent(entries);
    const sha256 = sha256Text(content);
    const current = assets.find((a) => a.name === name);
    if (current && current.state === 'uploaded' && assetSha256(current) === sha256) {
      deps.log.info(`${name} lists ${plural(entries.length, 'asset')}, checked against a fresh read.`);
      return current;
    }
    if (round > CHECKSUM_ROUNDS)
      throw new Error(
        `${name} kept changing under concurrent runs (${CHECKSUM_ROUNDS} rounds); a re-run completes it.`,
      );
    const path = join(deps.tempDir, `release-${release.id}-${randomBytes(4).toString('hex')}-${name}`);
    await writeFile(path, content);
    const write: AssetStep = {
      ...step,
      asset: { ...step.asset, path, size: Buffer.byteLength(content), sha256 },
      action: current ? 'replace' : 'upload',
      existing: current,
      swap: !!current && current.state === 'uploaded' && !release.draft,
    };
    try {
      await putAsset(deps, uploader, write, path);
    } catch (err) {
      if (!isAlreadyExists(err) && !isStatus(err, 404)) throw err;
      deps.log.info(`${name} was written by another run at the same time; reading it again.`);
    }
  }
}

/** What the final update did, in the release's final state ("Published release 1021", never "…: draft"). */
export function describePublish(before: RemoteRelease, after: RemoteRelease, fields: readonly string[]): string {
  const set = fields.filter((f) => f !== 'draft');
  const also = set.length ? ` (${set.join(', ')})` : '';
  if (before.draft && !after.draft) return `Published release ${after.id}${also}.`;
  const state = after.draft ? 'a draft' : after.prerelease ? 'a published pre-release' : 'published';
  if (!before.draft && after.draft) return `Turned release ${after.id} back into a draft${also}.`;
  return `Updated release ${after.id}${also}; it is ${state}.`;
}

/** The one final update (title, notes, publishing), explained when GitHub refuses it. */
export async function publish(
  deps: ApplyDeps,
  plan: ReleasePlan,
  release: RemoteRelease,
  notes: string | undefined,
): Promise<RemoteRelease> {
  if (!plan.update) return release;
  const update = { ...plan.update };
  if (notes !== undefined) {
    const body = releaseBody(plan, release.body ?? '', notes);
    // Notes that did not change (a re-run, or matrix jobs finishing one draft) are not written again.
    if (body !== undefined && body !== (release.body ?? '')) update.body = body;
  }
  if (Object.keys(update).length === 0) return release;
  try {
    const final = await deps.api.update(release.id, update);
    deps.log.info(describePublish(release, final, Object.keys(update)));
    return final;
  } catch (err) {
    throw explainPublishRefusal(err, release, update.discussion_category_name);
  }
}
