// Releases through GraphQL, from the same state REST serves (IDs as REST's `node_id`: `RE_<id>`, `RA_<id>`):
// `Repository.release(tagName:)` (a published release of that tag, as `GET /releases/tags/{tag}`: drafts have no
// tag yet), `releases(first, after, orderBy: ReleaseOrder)` (newest first by default, drafts only for callers with
// push access, as REST lists them; none for a workflow token under `graphqlHidesDrafts`, cli/cli#9076) and `Release.releaseAssets(first, after, name:)`.
import { canSee, checkPermission } from '../auth';
import { untaggedSlug } from '../serialize';
import type { Asset, Release, Repo } from '../state';
import { connection, type PageArgs } from './connection';
import { repoOf, type GraphqlContext, type ResolverModule } from './registry';
import { repositoryModel } from './repository';
import { userModel } from './root';

const WEB = 'https://github.com';

/** Whether the caller's GraphQL reads show drafts: push access, and not hidden from a workflow token (cli/cli#9076). */
function seesDrafts(ctx: GraphqlContext, repo: Repo): boolean {
  if (ctx.env.options.graphqlHidesDrafts && ctx.token?.kind === 'workflow') return false;
  return canPush(ctx, repo);
}

function canPush(ctx: GraphqlContext, repo: Repo): boolean {
  try {
    checkPermission(ctx.token, repo, 'contents', 'write');
    return true;
  } catch {
    return false;
  }
}

export function releaseModel(ctx: GraphqlContext, repo: Repo, r: Release) {
  return {
    __typename: 'Release',
    $repo: repo,
    $release: r,
    id: `RE_${r.id}`,
    databaseId: r.id,
    tagName: r.tag,
    name: r.name,
    description: r.body,
    isDraft: r.draft,
    isPrerelease: r.prerelease,
    createdAt: r.createdAt,
    publishedAt: r.publishedAt,
    author: userModel(ctx.state, r.author),
    url: `${WEB}/${repo.fullName}/releases/${r.draft ? `tag/${untaggedSlug(r.id)}` : `tag/${encodeURIComponent(r.tag)}`}`,
  };
}

function assetModel(ctx: GraphqlContext, repo: Repo, r: Release, a: Asset) {
  return {
    __typename: 'ReleaseAsset',
    $repo: repo,
    id: `RA_${a.id}`,
    name: a.name,
    contentType: a.contentType,
    size: a.size,
    downloadCount: a.downloadCount,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    uploadedBy: userModel(ctx.state, a.uploader),
    downloadUrl: `${WEB}/${repo.fullName}/releases/download/${encodeURIComponent(r.tag)}/${encodeURIComponent(a.name)}`,
    url: `${ctx.env.apiUrl}/repos/${repo.fullName}/releases/assets/${a.id}`,
  };
}

interface ReleasesArgs extends PageArgs {
  orderBy?: { field: 'CREATED_AT' | 'NAME'; direction: 'ASC' | 'DESC' } | null;
}

function releases(source: { $repo: Repo }, args: ReleasesArgs, ctx: GraphqlContext) {
  const repo = repoOf(source);
  const drafts = seesDrafts(ctx, repo);
  const list = repo.releases.filter((r) => drafts || !r.draft);
  const field = args.orderBy?.field ?? 'CREATED_AT';
  const direction = args.orderBy?.direction ?? 'DESC';
  list.sort((a, b) =>
    field === 'NAME'
      ? (a.name ?? '').localeCompare(b.name ?? '')
      : a.createdAt < b.createdAt
        ? -1
        : a.createdAt > b.createdAt
          ? 1
          : a.id - b.id,
  );
  if (direction === 'DESC') list.reverse();
  return connection(
    list.map((r) => releaseModel(ctx, repo, r)),
    args,
  );
}

export const releaseResolvers: ResolverModule = {
  types: {
    Repository: {
      release: (source: { $repo: Repo }, args: { tagName: string }, ctx) => {
        const repo = repoOf(source);
        const r = repo.releases.find((x) => !x.draft && x.tag === args.tagName);
        return r ? releaseModel(ctx, repo, r) : null;
      },
      releases,
    },
    Release: {
      releaseAssets: (
        source: { $repo: Repo; $release: Release },
        args: PageArgs & { name?: string | null },
        ctx: GraphqlContext,
      ) => {
        const repo = repoOf(source);
        const list = source.$release.assets.filter((a) => !args.name || a.name === args.name);
        return connection(
          list.map((a) => assetModel(ctx, repo, source.$release, a)),
          args,
        );
      },
      repository: (source: { $repo: Repo }) => repositoryModel(repoOf(source)),
    },
  },
  nodes: {
    RE: (key, ctx) => {
      for (const repo of ctx.state.repos) {
        const r = repo.releases.find((x) => String(x.id) === key);
        if (!r) continue;
        if (!canSee(ctx.token, repo)) return undefined;
        try {
          checkPermission(ctx.token, repo, 'contents', 'read');
        } catch {
          return undefined;
        }
        return r.draft && !seesDrafts(ctx, repo) ? undefined : releaseModel(ctx, repo, r);
      }
      return undefined;
    },
  },
};
