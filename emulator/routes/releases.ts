// Releases: drafts visible only with push access and hidden from /releases/tags/{tag}; 422 already_exists for a
// second published release of a tag (drafts may share one); generate_release_notes; make_latest; immutable releases.
import { checkBodyLength, RELEASE_BODY_MAX } from '../body-limits';
import { readFileSync, rmSync } from 'node:fs';
import { checkPermission } from '../auth';
import { error, noContent, notFound, ok, paginate, requireString, validation, type Ctx, type Route } from '../http';
import { generateReleaseNotes } from '../release-notes';
import { assetJson, releaseJson } from '../serialize';
import type { Asset, Release, Repo } from '../state';
import { ghesVersionOf, takesDiscussionCategory } from '../ghes';

const R = '/repos/:owner/:repo';

export function canPush(ctx: Ctx): boolean {
  try {
    checkPermission(ctx.token, ctx.repo, 'contents', 'write');
    return true;
  } catch {
    return false;
  }
}

export function releaseOf(ctx: Ctx, id = ctx.params.id): Release {
  const r = ctx.repo.releases.find((x) => x.id === Number(id));
  if (!r || (r.draft && !canPush(ctx))) throw notFound();
  return r;
}

export function assetOf(ctx: Ctx): { release: Release; asset: Asset } {
  for (const release of ctx.repo.releases) {
    const asset = release.assets.find((a) => a.id === Number(ctx.params.asset));
    if (asset && (!release.draft || canPush(ctx))) return { release, asset };
  }
  throw notFound();
}

export function refuseImmutable(release: Release): void {
  if (release.immutable && !release.draft) throw error(422, 'Cannot modify an immutable release.');
}

function published(repo: Repo, tag: string, except?: Release): Release | undefined {
  return repo.releases.find((r) => r !== except && !r.draft && r.tag === tag);
}

function latest(repo: Repo): Release | undefined {
  const byId = repo.releases.find((r) => r.id === repo.latestReleaseId && !r.draft && !r.prerelease);
  if (byId) return byId;
  return repo.releases.filter((r) => !r.draft && !r.prerelease).sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0];
}

function generateNotes(ctx: Ctx, tag: string, previousTag: unknown, target: unknown) {
  return generateReleaseNotes(ctx.repo, { tag, previousTag, target });
}

function applyLatest(repo: Repo, release: Release, makeLatest: unknown) {
  if (release.draft || release.prerelease) return;
  const v = makeLatest === undefined ? 'true' : String(makeLatest);
  if (!['true', 'false', 'legacy'].includes(v))
    throw validation([{ resource: 'Release', code: 'invalid', field: 'make_latest' }]);
  if (v === 'true') repo.latestReleaseId = release.id;
  if (v === 'legacy') repo.latestReleaseId = null;
}

/**
 * Whether the commit brings workflow files no branch has: it changes `.github/workflows/` against its first parent
 * and no branch contains it. Creating a tag there needs the `workflows` permission, which GITHUB_TOKEN never has
 * (docs: "Automatic token authentication", permissions list has no `workflows`; OpenAPI create-a-release: 404 when
 * `target_commitish` would change workflow files; "refusing to allow a GitHub App to create or update workflow …
 * without `workflows` permission" on pushes).
 */
function changesWorkflows(repo: Repo, sha: string): boolean {
  const commit = repo.objects.commit(sha);
  if (!commit) return false;
  const tree = (c: string | undefined) => {
    const data = c ? repo.objects.commit(c) : undefined;
    return data ? repo.objects.lookup(data.tree, '.github/workflows')?.sha : undefined;
  };
  if (tree(sha) === tree(commit.parents[0])) return false;
  for (const [ref, head] of repo.refs)
    if (ref.startsWith('refs/heads/') && repo.objects.isAncestor(sha, head)) return false;
  return true;
}

function mayWriteWorkflows(ctx: Ctx): boolean {
  const token = ctx.token;
  if (!token) return false;
  if (token.kind === 'workflow') return false;
  return !token.permissions || token.permissions.workflows === 'write';
}

/**
 * The discussion category a publish asks for, or undefined: a GHES release whose API lacks
 * `discussion_category_name` ignores it as any unknown body parameter (ghes.ts: `takesDiscussionCategory`).
 */
function categoryOf(ctx: Ctx, category: unknown): string | undefined {
  if (typeof category !== 'string' || category === '') return undefined;
  return takesDiscussionCategory(ghesVersionOf(ctx.env.options)) ? category : undefined;
}

/** Publishing with a category opens a discussion (its number shared with issues and pull requests). */
function openDiscussion(ctx: Ctx, release: Release, category: string | undefined) {
  if (category !== undefined && release.discussion === undefined) release.discussion = ctx.repo.nextNumber++;
}

/**
 * Publishing creates the tag; the discussion category must exist (ncipollo/release-action#398: 404 "A Discussion
 * could not be created…").
 */
function checkPublish(ctx: Ctx, release: Release, category: string | undefined) {
  if (category !== undefined) {
    const known = ctx.repo.discussionCategories.some((c) => c.toLowerCase() === category.toLowerCase());
    if (!known) throw error(404, 'A Discussion could not be created. Make sure you passed a valid category name.');
  }
  if (ctx.repo.refs.has(`refs/tags/${release.tag}`)) return;
  const sha = ctx.repo.resolveRef(release.target);
  if (sha && changesWorkflows(ctx.repo, sha) && !mayWriteWorkflows(ctx)) throw notFound();
}

function publishTag(ctx: Ctx, release: Release) {
  if (ctx.repo.refs.has(`refs/tags/${release.tag}`)) return;
  const sha = ctx.repo.resolveRef(release.target);
  if (!sha) throw validation([{ resource: 'Release', code: 'invalid', field: 'target_commitish' }]);
  ctx.repo.refs.set(`refs/tags/${release.tag}`, sha);
}

function json(ctx: Ctx, r: Release) {
  return releaseJson(ctx.env, ctx.repo, r);
}

export function assetBytes(a: Asset): Buffer {
  return a.data ?? (a.file ? readFileSync(a.file) : Buffer.alloc(0));
}

export const releaseRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${R}/releases`,
    scope: 'contents',
    handler: (ctx) => {
      const push = canPush(ctx);
      const list = ctx.repo.releases
        .filter((r) => push || !r.draft)
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id));
      return paginate(ctx, list, (r) => json(ctx, r));
    },
  },
  {
    method: 'GET',
    pattern: `${R}/releases/latest`,
    scope: 'contents',
    handler: (ctx) => {
      const r = latest(ctx.repo);
      if (!r) throw notFound();
      return ok(json(ctx, r));
    },
  },
  {
    method: 'GET',
    pattern: `${R}/releases/tags/:tag*`,
    scope: 'contents',
    handler: (ctx) => {
      const r = published(ctx.repo, ctx.params.tag);
      if (!r) throw notFound();
      return ok(json(ctx, r));
    },
  },
  { method: 'GET', pattern: `${R}/releases/:id`, scope: 'contents', handler: (ctx) => ok(json(ctx, releaseOf(ctx))) },
  {
    method: 'POST',
    pattern: `${R}/releases/generate-notes`,
    scope: 'contents',
    handler: (ctx) => {
      const tag = requireString(ctx.body, 'tag_name', 'Release');
      // OpenAPI of POST /repos/{owner}/{repo}/releases/generate-notes, target_commitish: "Required if the supplied
      // tag_name does not reference an existing tag. Ignored if the tag_name already exists." (ncipollo/release-action
      // #593/#594 met the refusal and now passes its commit.) GitHub answers it as a validation failure.
      if (!ctx.repo.refs.get(`refs/tags/${tag}`)) {
        const target = ctx.body.target_commitish;
        if (typeof target !== 'string' || target === '')
          throw validation([{ resource: 'Release', code: 'missing_field', field: 'target_commitish' }]);
        if (!ctx.repo.resolveRef(target))
          throw validation([{ resource: 'Release', code: 'invalid', field: 'target_commitish' }]);
      }
      return ok(generateNotes(ctx, tag, ctx.body.previous_tag_name, ctx.body.target_commitish));
    },
  },
  {
    method: 'POST',
    pattern: `${R}/releases`,
    scope: 'contents',
    handler: (ctx) => {
      const b = ctx.body ?? {};
      const draft = !!b.draft;
      // A draft may have no tag: softprops/action-gh-release PR #95 ("allow creating draft releases without a tag":
      // "tag_name for a draft release may be empty") and issue #14 ("creating a draft release, creates a release
      // named `untagged-xxx`"): GitHub stores tag_name "" and shows the draft at /releases/tag/untagged-<hex>.
      // A release to be published still needs one (422 missing_field, as before).
      const tag =
        draft && (b.tag_name === undefined || b.tag_name === '') ? '' : requireString(b, 'tag_name', 'Release');
      if (!draft && !tag.trim()) throw validation([{ resource: 'Release', code: 'invalid', field: 'tag_name' }]);
      // docs.github.com "About immutable releases": a tag once used by an immutable release cannot be reused.
      if (ctx.repo.immutableTagsUsed.has(tag))
        throw validation([
          {
            resource: 'Release',
            code: 'custom',
            field: 'tag_name',
            message: 'tag_name was used by an immutable release',
          },
        ]);
      if (!draft && published(ctx.repo, tag))
        throw validation([{ resource: 'Release', code: 'already_exists', field: 'tag_name' }]);
      const now = ctx.env.state.clock.iso();
      let body: string | null = b.body ?? null;
      if (b.generate_release_notes) {
        const notes = generateNotes(ctx, tag, b.previous_tag_name, b.target_commitish);
        body = body ? `${body}\n\n${notes.body}` : notes.body;
      }
      checkBodyLength(body, RELEASE_BODY_MAX, 'Release');
      const release: Release = {
        id: ctx.env.state.id(),
        tag,
        name: b.name ?? (b.generate_release_notes ? tag : null),
        body,
        draft,
        prerelease: !!b.prerelease,
        target: b.target_commitish ?? ctx.repo.defaultBranch,
        author: ctx.login ?? 'ghost',
        createdAt: now,
        publishedAt: draft ? null : now,
        immutable: !draft && ctx.repo.immutableReleases,
        assets: [],
      };
      if (!draft) {
        const category = categoryOf(ctx, b.discussion_category_name);
        checkPublish(ctx, release, category);
        publishTag(ctx, release);
        openDiscussion(ctx, release, category);
      } else if (b.target_commitish && !ctx.repo.resolveRef(b.target_commitish))
        throw validation([{ resource: 'Release', code: 'invalid', field: 'target_commitish' }]);
      applyLatest(ctx.repo, release, b.make_latest);
      ctx.repo.releases.push(release);
      return ok(json(ctx, release), 201);
    },
  },
  {
    method: 'PATCH',
    pattern: `${R}/releases/:id`,
    scope: 'contents',
    handler: (ctx) => {
      const r = releaseOf(ctx);
      const b = ctx.body ?? {};
      const wasPublished = !r.draft;
      if (r.immutable && wasPublished && ((b.tag_name !== undefined && b.tag_name !== r.tag) || b.draft === true))
        throw error(422, 'Cannot modify an immutable release.');
      const tag = b.tag_name ?? r.tag;
      const draft = b.draft ?? r.draft;
      // An untagged draft (tag_name "") cannot be published without a tag.
      if (!draft && !tag) throw validation([{ resource: 'Release', code: 'missing_field', field: 'tag_name' }]);
      if (!draft && published(ctx.repo, tag, r))
        throw validation([{ resource: 'Release', code: 'already_exists', field: 'tag_name' }]);
      const category = !draft && !wasPublished ? categoryOf(ctx, b.discussion_category_name) : undefined;
      if (!draft && !wasPublished) checkPublish(ctx, { ...r, tag, target: b.target_commitish ?? r.target }, category);
      r.tag = tag;
      if (b.target_commitish !== undefined) r.target = b.target_commitish;
      if (b.name !== undefined) r.name = b.name;
      checkBodyLength(b.body, RELEASE_BODY_MAX, 'Release');
      if (b.body !== undefined) r.body = b.body;
      if (b.prerelease !== undefined) r.prerelease = !!b.prerelease;
      r.draft = !!draft;
      if (!r.draft) {
        publishTag(ctx, r);
        if (!wasPublished) {
          openDiscussion(ctx, r, category);
          r.publishedAt = ctx.env.state.clock.iso();
          r.immutable = ctx.repo.immutableReleases;
        }
      } else r.publishedAt = null;
      if (!r.draft && (b.make_latest !== undefined || !wasPublished)) applyLatest(ctx.repo, r, b.make_latest);
      return ok(json(ctx, r));
    },
  },
  {
    method: 'DELETE',
    pattern: `${R}/releases/:id`,
    scope: 'contents',
    handler: (ctx) => {
      const r = releaseOf(ctx);
      for (const a of r.assets) if (a.file) rmSync(a.file, { force: true });
      if (r.immutable && !r.draft) ctx.repo.immutableTagsUsed.add(r.tag);
      ctx.repo.releases = ctx.repo.releases.filter((x) => x !== r);
      if (ctx.repo.latestReleaseId === r.id) ctx.repo.latestReleaseId = null;
      return noContent;
    },
  },
  {
    method: 'GET',
    pattern: `${R}/releases/:id/assets`,
    scope: 'contents',
    handler: (ctx) => {
      const r = releaseOf(ctx);
      return paginate(ctx, r.assets, (a) => assetJson(ctx.env, ctx.repo, r, a));
    },
  },
  {
    method: 'GET',
    pattern: `${R}/releases/assets/:asset`,
    scope: 'contents',
    handler: (ctx) => {
      const { release, asset } = assetOf(ctx);
      if (String(ctx.headers.accept ?? '').includes('application/octet-stream')) {
        asset.downloadCount++;
        return { status: 200, raw: assetBytes(asset), contentType: asset.contentType };
      }
      return ok(assetJson(ctx.env, ctx.repo, release, asset));
    },
  },
  {
    method: 'PATCH',
    pattern: `${R}/releases/assets/:asset`,
    scope: 'contents',
    handler: (ctx) => {
      const { release, asset } = assetOf(ctx);
      refuseImmutable(release);
      const b = ctx.body ?? {};
      if (typeof b.name === 'string' && b.name !== asset.name) {
        if (release.assets.some((a) => a !== asset && a.name === b.name))
          throw validation([{ resource: 'ReleaseAsset', code: 'already_exists', field: 'name' }]);
        asset.name = b.name;
      }
      if (b.label !== undefined) asset.label = b.label;
      asset.updatedAt = ctx.env.state.clock.iso();
      return ok(assetJson(ctx.env, ctx.repo, release, asset));
    },
  },
  {
    method: 'DELETE',
    pattern: `${R}/releases/assets/:asset`,
    scope: 'contents',
    handler: (ctx) => {
      const { release, asset } = assetOf(ctx);
      if (asset.state === 'uploaded') refuseImmutable(release);
      release.assets = release.assets.filter((a) => a !== asset);
      if (asset.file) rmSync(asset.file, { force: true });
      return noContent;
    },
  },
];
