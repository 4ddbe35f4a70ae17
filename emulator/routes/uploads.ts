// Release asset uploads on the uploads listener, at the `upload_url` a release returns. The body is streamed to a
// temp file (never buffered), `Content-Length` is required, the name is renamed as GitHub does (asset-names.ts), a duplicate name
// answers 422 already_exists, and an upload cut mid-body leaves the asset in the `starter` state.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { error, validation, type Ctx, type Reply, type Route } from '../http';
import { assetJson } from '../serialize';
import type { Asset } from '../state';
import { storedAssetName } from './asset-names';
import { refuseImmutable, releaseOf } from './releases';

async function upload(ctx: Ctx): Promise<Reply> {
  const req = ctx.req;
  const fail = (e: Error): never => {
    req.resume();
    throw e;
  };
  const release = releaseOf(ctx);
  const rawName = ctx.query.get('name');
  if (!rawName) fail(validation([{ resource: 'ReleaseAsset', code: 'missing_field', field: 'name' }]));
  const lengthHeader = req.headers['content-length'];
  if (lengthHeader === undefined || !/^\d+$/.test(lengthHeader)) fail(error(400, 'Bad Content-Length'));
  const length = Number(lengthHeader);
  // GitHub refuses an empty asset: 422 "size must be greater than or equal to 1" (softprops/action-gh-release#321,
  // svenstaro/upload-release-action#94).
  if (length === 0)
    fail(
      validation([
        { resource: 'ReleaseAsset', code: 'custom', field: 'size', message: 'size must be greater than or equal to 1' },
      ]),
    );
  refuseImmutableOrFail(release, fail);
  const name = storedAssetName(rawName!);
  if (release.assets.some((a) => a.name === name))
    fail(validation([{ resource: 'ReleaseAsset', code: 'already_exists', field: 'name' }]));

  const now = ctx.env.state.clock.iso();
  const asset: Asset = {
    id: ctx.env.state.id(),
    name,
    label: ctx.query.get('label'),
    contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
    size: 0,
    digest: null,
    state: 'starter',
    uploader: ctx.login ?? 'ghost',
    createdAt: now,
    updatedAt: now,
    downloadCount: 0,
  };
  asset.file = join(ctx.env.tempDir, `asset-${asset.id}`);
  release.assets.push(asset);

  const hash = createHash('sha256');
  const out = createWriteStream(asset.file);
  let bytes = 0;
  let aborted = false;
  try {
    for await (const chunk of req) {
      const buf = chunk as Buffer;
      const cut = ctx.resetAfterBytes;
      const take = cut !== undefined && bytes + buf.length > cut ? buf.subarray(0, cut - bytes) : buf;
      bytes += take.length;
      hash.update(take);
      if (!out.write(take)) await once(out, 'drain');
      if (cut !== undefined && bytes >= cut) {
        aborted = true;
        req.socket?.destroy();
        break;
      }
    }
  } catch {
    aborted = true;
  }
  out.end();
  await once(out, 'close');
  asset.size = bytes;
  if (aborted || bytes !== length) return { status: 400, aborted: true };
  if (ctx.failsAfterHandler) return { status: 502 }; // upstream failure: the asset stays a `starter`
  asset.state = 'uploaded';
  asset.digest = `sha256:${hash.digest('hex')}`;
  asset.updatedAt = ctx.env.state.clock.iso();
  return { status: 201, body: assetJson(ctx.env, ctx.repo, release, asset) };
}

function refuseImmutableOrFail(release: Parameters<typeof refuseImmutable>[0], fail: (e: Error) => never) {
  // An upload to a published immutable release: GitHub answers 422 "Cannot upload assets to an immutable
  // release." (recorded in softprops/action-gh-release#653, svenstaro/upload-release-action#159, asdf-vm/asdf#2329;
  // docs "About immutable releases": assets cannot be added once the release is published).
  if (release.immutable && !release.draft) fail(error(422, 'Cannot upload assets to an immutable release.'));
  try {
    refuseImmutable(release);
  } catch (e) {
    fail(e as Error);
  }
}

export const uploadRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/repos/:owner/:repo/releases/:id/assets',
    scope: 'contents',
    host: 'uploads',
    handler: upload,
  },
];
