// The only sequencer of the release action: inputs → local files and notes (contained in the workspace) → read
// the release (drafts included) → plan → print → budget check → apply unless dry-run (draft → uploads →
// checksums → one publishing update) → report.
import { readFile } from 'node:fs/promises';
import { isAlreadyExists } from '../../github/client/errors';
import { InputError } from '../../kernel/inputs';
import { formatPlan } from '../../kernel/plan';
import { runSequence } from '../../kernel/sequence';
import type { ActionContext } from '../../kernel/action';
import { resolveWorkflowRunRef } from '../../kernel/workflow-run-ref';
import { messageOf, plural } from '../../kernel/words';
import { ReleaseApi } from './domain/api';
import { githubAssetName } from './domain/asset-name';
import {
  createRelease,
  generateNotes,
  publish,
  removeAssets,
  uploadAssets,
  writeChecksums,
  type ApplyDeps,
} from './apply';
import { desiredAssets, type DesiredAsset } from './domain/desired-assets';
import { hashAssets, sha256Text } from './domain/digest';
import { findRelease } from './domain/find';
import { listNotes } from './domain/graphql-releases';
import { readInputs, type Inputs } from './inputs';
import { matchFiles } from './domain/local-files';
import { namesNeedingDigest, planRelease, type DesiredRelease, type PlanFacts, type ReleasePlan } from './plan';
import { planOperations } from './domain/plan-rows';
import type { RemoteAsset, RemoteRelease } from './domain/release-types';
import { orderedAssets, outputAsset, releaseReport, type ReleaseApplied } from './report';
import { resolveTagAndTarget, shownTag } from './domain/target';
import { containedPath, realWorkspace } from './domain/workspace-paths';

class PlanError extends AggregateError {}

/** The working directory (inside the workspace) where `files` and `body-path` start. */
async function workingDirectory(workspace: string, dir: string | undefined): Promise<string> {
  if (!dir) return workspace;
  const found = await containedPath(workspace, workspace, dir);
  if (!found.ok)
    throw new InputError([{ input: 'working-directory', message: `Input "working-directory": ${found.problem}` }]);
  return found.path;
}

async function readBody(input: Inputs, workspace: string, base: string): Promise<string | undefined> {
  if (!input.bodyPath) return input.body;
  const found = await containedPath(workspace, base, input.bodyPath);
  const problem = (text: string) => new InputError([{ input: 'body-path', message: `Input "body-path": ${text}` }]);
  if (!found.ok) throw problem(found.problem);
  try {
    return await readFile(found.path, 'utf8');
  } catch (err) {
    throw problem(`"${input.bodyPath}" cannot be read: ${messageOf(err)}`);
  }
}

interface Request {
  desired: DesiredRelease;
  assets: DesiredAsset[];
  input: Inputs;
}

async function hashed(request: Request, release: RemoteRelease | undefined): Promise<Request> {
  const names = namesNeedingDigest(request.assets, release, request.input.checksums);
  return { ...request, assets: await hashAssets(request.assets, names) };
}

/** The repository facts the plan needs beyond the release (each one read only when it matters). */
async function readFacts(api: ReleaseApi, request: Request, release?: RemoteRelease): Promise<PlanFacts> {
  const facts: PlanFacts = {};
  const { desired } = request;
  // Generated notes for a tag that does not exist yet need `target_commitish` (OpenAPI of generate-notes: "Required
  // if the supplied tag_name does not reference an existing tag"; ignored when it does). Without a target (another
  // repository, no `target-commitish`) it is that repository's default branch: one read, a row of the plan.
  if (desired.generateNotes && !desired.target && (!release || release.draft)) {
    facts.reads = (facts.reads ?? 0) + 1;
    facts.defaultBranch = await api.defaultBranch();
  }
  if (desired.discussionCategory && !desired.draft && (!release || release.draft)) {
    facts.reads = (facts.reads ?? 0) + 1;
    try {
      const read = await api.discussionCategories();
      facts.discussionCategories = read.names;
      if (read.enterpriseVersion) facts.enterpriseVersion = read.enterpriseVersion;
    } catch (err) {
      facts.discussionCategoriesUnread = messageOf(err);
    }
  }
  return facts;
}

/** The `asset-labels` entry of the checksum file, by its file name or the name GitHub stores. */
function checksumsLabel(input: Inputs): string | undefined {
  if (!input.checksums) return undefined;
  return input.assetLabels.get(input.checksums) ?? input.assetLabels.get(githubAssetName(input.checksums));
}

function planFor(request: Request, release: RemoteRelease | undefined, facts: PlanFacts): ReleasePlan {
  return planRelease(
    request.desired,
    request.assets,
    release,
    {
      existingAssets: request.input.existingAssets,
      checksums: request.input.checksums,
      checksumsLabel: checksumsLabel(request.input),
      sha256Text,
    },
    facts,
  );
}

function printPlan(ctx: ActionContext, plan: ReleasePlan): void {
  for (const w of plan.warnings) ctx.log.warning(w);
  const release = plan.release;
  const where = release ? ` (release ${release.id}${release.draft ? ', draft' : ''})` : ' (new release)';
  ctx.log.info(`Plan for ${shownTag(plan.tag)}${where}:\n${formatPlan(planOperations(plan))}`);
  for (const note of plan.readNotes ?? []) ctx.log.info(note);
}

/** The plan's errors stop the run before any write (the plan is printed first, so the refusal has its context). */
function refuseOnErrors(ctx: ActionContext, plan: ReleasePlan): ReleasePlan {
  if (!plan.errors.length) return plan;
  printPlan(ctx, plan);
  throw new PlanError(
    plan.errors.map((e) => new Error(e)),
    `The release plan cannot run: ${plural(plan.errors.length, 'problem')}. Nothing was written.`,
  );
}

/** A plan made again during the apply (the release changed under a concurrent run): printed and checked again. */
function makePlan(ctx: ActionContext, request: Request, release: RemoteRelease | undefined, facts: PlanFacts) {
  const plan = refuseOnErrors(ctx, planFor(request, release, facts));
  printPlan(ctx, plan);
  return plan;
}

/** `make-latest: true` on a published release with nothing else to change: only `GET /releases/latest` tells. */
function needsLatestCheck(desired: DesiredRelease, plan: ReleasePlan): boolean {
  return (
    !plan.skipped &&
    !plan.update &&
    !!plan.release &&
    !plan.release.draft &&
    desired.makeLatest === 'true' &&
    !desired.draft &&
    !desired.prerelease
  );
}

async function local(ctx: ActionContext, input: Inputs) {
  const workspace = await realWorkspace(ctx.workspace);
  const base = await workingDirectory(workspace, input.workingDirectory);
  const body = await readBody(input, workspace, base);
  if (input.body !== undefined && input.bodyPath)
    ctx.log.warning('Both `body` and `body-path` are set: the notes come from `body-path`.');
  const match = await matchFiles(
    input.files,
    { workspace, base, given: ctx.workspace },
    { includeHidden: input.includeHidden },
  );
  const found = desiredAssets(match, {
    failOnUnmatched: input.failOnUnmatchedFiles,
    contentType: input.assetContentType,
    checksums: input.checksums,
    labels: input.assetLabels,
  });
  for (const w of found.warnings) ctx.log.warning(w);
  if (found.errors.length)
    throw new AggregateError(
      found.errors.map((e) => new Error(e)),
      `${plural(found.errors.length, 'problem')} with \`files\`; nothing was sent.`,
    );
  return { body, assets: found.assets };
}

/** The repository, tag and target of the release (another repository's target defaults to its default branch). */
async function where(ctx: ActionContext, input: Inputs) {
  const own = { owner: ctx.context.owner, repo: ctx.context.repo };
  const repository = input.repository ?? own;
  const elsewhere =
    repository.owner.toLowerCase() !== own.owner.toLowerCase() ||
    repository.repo.toLowerCase() !== own.repo.toLowerCase();
  // Under workflow_run, whether the triggering run's head_branch is a tag only the API can tell (one or two reads).
  const event = input.tag ? ctx.context : await resolveWorkflowRunRef(ctx.context, ctx.client);
  const resolved = resolveTagAndTarget({ tag: input.tag, target: input.targetCommitish, draft: input.draft }, event);
  if (resolved.tag === '' && input.generateReleaseNotes)
    throw new InputError([
      {
        input: 'generate-release-notes',
        message: 'Input "generate-release-notes": GitHub generates notes for a tag, and this draft has none.',
      },
    ]);
  // The workflow's commit means nothing in another repository.
  const target = elsewhere && !input.targetCommitish ? undefined : resolved.target;
  return { repository, tag: resolved.tag, target, source: resolved.source };
}

function desiredRelease(input: Inputs, tag: string, target: string | undefined, body?: string): DesiredRelease {
  return {
    tag,
    name: input.name,
    body,
    prependBody: input.prependBody,
    appendBody: input.appendBody,
    generateNotes: input.generateReleaseNotes,
    previousTag: input.previousTag,
    target,
    draft: input.draft,
    prerelease: input.prerelease,
    makeLatest: input.makeLatest,
    discussionCategory: input.discussionCategory,
    keepOnUpdate: {
      name: input.omitNameDuringUpdate,
      body: input.omitBodyDuringUpdate,
      prerelease: input.omitPrereleaseDuringUpdate,
    },
    updateOnlyUnreleased: input.updateOnlyUnreleased,
    skipIfExists: input.skipIfReleaseExists,
    removeOthers: input.removeAssets,
  };
}

interface State {
  api: ReleaseApi;
  tag: string;
  /** `owner/name` of the release's repository. */
  fullName: string;
  request: Request;
  found: Awaited<ReturnType<typeof findRelease>>;
  facts: PlanFacts;
  /** How the release was read, as the reads left it (GraphQL and its points, or REST and why). */
  readNotes: string[];
}

/** Every read: local files and notes (failing before any request), the release, and the facts the plan needs. */
async function readState(ctx: ActionContext, input: Inputs): Promise<State> {
  const { body, assets } = await local(ctx, input);
  const { repository, tag, target, source } = await where(ctx, input);
  const api = new ReleaseApi(ctx.client, repository, ctx.log, tag === '' ? (input.name ?? '') : undefined);
  const fullName = `${repository.owner}/${repository.repo}`;
  ctx.log.info(
    `Release ${shownTag(tag)}${tag === '' ? ` named "${input.name ?? ''}"` : ''} in ${fullName} (tag from ${source}${target ? `, target ${target}` : ''}), ` +
      `${plural(assets.length, 'file')}.`,
  );
  let request: Request = { input, assets, desired: desiredRelease(input, tag, target, body) };
  const found = await findRelease(api, tag);
  ctx.log.info(
    found.release
      ? `Found release ${found.release.id} for ${shownTag(tag)} ` +
          `(${found.release.draft ? 'draft' : 'published'}, via ${found.via}).`
      : `No release for ${shownTag(tag)} yet.`,
  );
  request = await hashed(request, found.release);
  let facts: PlanFacts = {
    ...(await readFacts(api, request, found.release)),
    listed: found.listed,
    listsThroughGraphql: api.listsThroughGraphql(),
    readNotes: listNotes(api.listAccount),
  };
  if (facts.defaultBranch) request = { ...request, desired: { ...request.desired, target: facts.defaultBranch } };
  if (needsLatestCheck(request.desired, planFor(request, found.release, facts))) {
    if ((await api.latestId()) !== found.release?.id) facts = { ...facts, isLatest: false };
  }
  return { api, tag, fullName, request, found, facts, readNotes: listNotes(api.listAccount) };
}

/** Applies the plan, or keeps the release as it is when the plan skips it; the result carries the reads' notes. */
async function applyStep(ctx: ActionContext, plan: ReleasePlan, state: State): Promise<ReleaseApplied> {
  const applied: Filled & { created: boolean } = plan.skipped
    ? keep(ctx, plan, state.found.release!)
    : await applyRelease(ctx, state.api, state.request, plan, { ...state.facts, reads: 0 });
  return { ...applied, readNotes: listNotes(state.api.listAccount) };
}

function keep(ctx: ActionContext, plan: ReleasePlan, release: RemoteRelease): Filled & { created: boolean } {
  ctx.log.info(`Nothing to do for ${plan.tag}: ${plan.skipped}.`);
  return { plan, release, assets: release.assets.map(outputAsset), created: false };
}

export async function run(ctx: ActionContext): Promise<void> {
  const input = readInputs(ctx.readInput, ctx.context.repository);
  await runSequence(ctx, {
    read: () => readState(ctx, input),
    plan: (state) => refuseOnErrors(ctx, planFor(state.request, state.found.release, state.facts)),
    what: (plan) => `the release plan for ${plan.tag}`,
    cost: (plan) => plan.cost,
    print: (plan) => printPlan(ctx, plan),
    apply: (plan, state) => applyStep(ctx, plan, state),
    report: releaseReport,
  });
}

/** Apply: the draft (created, or the one a concurrent run made first), then fill and publish it. */
async function applyRelease(
  ctx: ActionContext,
  api: ReleaseApi,
  request: Request,
  plan: ReleasePlan,
  facts: PlanFacts,
): Promise<Filled & { created: boolean }> {
  const tag = request.desired.tag;
  const deps: ApplyDeps = {
    api,
    log: ctx.log,
    clock: ctx.clock,
    tempDir: ctx.tempDir,
    existingAssets: request.input.existingAssets,
    maxParallelUploads: request.input.maxParallelUploads,
  };
  const replan = async (release: RemoteRelease) => {
    request = await hashed(request, release);
    plan = makePlan(ctx, request, release, facts);
    await ctx.client.budget.ensure(plan.cost, `the release plan for ${tag}`);
  };
  let release = plan.release;
  let created = false;
  if (plan.create) {
    const notes = await generateNotes(deps, plan, request.desired.target);
    ({ release, created } = await createRelease(deps, plan, notes));
    if (created) plan = { ...plan, release };
    else await replan(release);
  }
  const draft = release!;
  try {
    return { ...(await fill(deps, request, plan, draft)), created };
  } catch (err) {
    // Two drafts that did not see each other (the list lags behind a create): the other run published first.
    if (!(isAlreadyExists(err) && draft.draft && plan.update?.draft === false)) throw err;
    const published = await api.getByTag(tag);
    if (!published) throw err;
    ctx.log.info(
      `Another run published release ${published.id} for ${tag} first; ` +
        `deleting draft ${draft.id} and adding this run's assets there.`,
    );
    await api.deleteRelease(draft.id);
    await replan(published);
    return { ...(await fill(deps, request, plan, published)), created: false };
  }
}

interface Filled {
  plan: ReleasePlan;
  release: RemoteRelease;
  assets: ReturnType<typeof orderedAssets>;
}

/** Uploads the plan's assets, rebuilds the checksum file, then makes the one publishing update. */
async function fill(deps: ApplyDeps, request: Request, plan: ReleasePlan, release: RemoteRelease): Promise<Filled> {
  const stored: Map<string, RemoteAsset> = await uploadAssets(deps, plan, release);
  await removeAssets(deps, plan);
  if (plan.checksums?.rebuild) stored.set(plan.checksums.step.asset.name, await writeChecksums(deps, plan, release));
  // The notes of an existing draft are generated just before the update that takes them.
  const notes = plan.create ? undefined : await generateNotes(deps, plan, request.desired.target);
  const final = await publish(deps, plan, release, notes);
  return { plan, release: final, assets: orderedAssets(plan, stored) };
}
