// The few fields of GitHub's release and asset records this action reads, parsed with zod.
import { z } from 'zod';

/** A string GitHub's OpenAPI marks nullable; absent where a GraphQL read does not ask for it. */
const nullable = z.string().nullish();

export const remoteAssetSchema = z.object({
  id: z.number(),
  name: z.string(),
  label: nullable,
  size: z.number(),
  /** `uploaded`, or `starter` for an upload that never completed (safe to delete). Required: a guess would be data. */
  state: z.string(),
  content_type: z.string().optional(),
  /** `sha256:<hex>` (GitHub computes it for assets uploaded since mid-2025; null for older ones). */
  digest: nullable,
  browser_download_url: z.string(),
  url: z.string().optional(),
});
export type RemoteAsset = z.output<typeof remoteAssetSchema>;

export const remoteReleaseSchema = z.object({
  id: z.number(),
  tag_name: z.string(),
  target_commitish: nullable,
  name: nullable,
  body: nullable,
  draft: z.boolean(),
  prerelease: z.boolean(),
  /** True for a published release of a repository with immutable releases: its assets can no longer change. */
  immutable: z.boolean().optional(),
  html_url: z.string(),
  upload_url: z.string(),
  /** REST records have them (ncipollo/release-action's outputs of the same names); GraphQL reads do not. */
  tarball_url: nullable,
  zipball_url: nullable,
  /** GitHub's OpenAPI "release": the discussion publishing opened (`discussion_category_name`), when it opened one. */
  discussion_url: nullable,
  assets: z.array(remoteAssetSchema).default([]),
});
export type RemoteRelease = z.output<typeof remoteReleaseSchema>;

export function parseRelease(data: unknown): RemoteRelease {
  return remoteReleaseSchema.parse(data);
}

export function parseAsset(data: unknown): RemoteAsset {
  return remoteAssetSchema.parse(data);
}

/** The hex sha256 of an asset's `digest`, when GitHub gave one. */
export function assetSha256(asset: Pick<RemoteAsset, 'digest'>): string | undefined {
  const m = /^sha256:([0-9a-f]{64})$/i.exec(asset.digest ?? '');
  return m ? m[1].toLowerCase() : undefined;
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
  make_latest?: 'true' | 'false' | 'legacy';
  discussion_category_name?: string;
}

/**
 * A replacement on a published release is uploaded under a staging name first: `<name>.partial-<8 hex>`, a name
 * GitHub stores as is and unique to the run that made it (`token`).
 */
export function stagingName(name: string, token: string): string {
  return `${name}.partial-${token}`;
}

/** The asset name a staging name was made for (`a.zip.partial-1a2b3c4d` → `a.zip`); undefined for other names. */
export function stagedFor(name: string): string | undefined {
  const dot = name.lastIndexOf('.partial-');
  if (dot <= 0) return undefined;
  return /^[0-9a-f]{8}$/.test(name.slice(dot + '.partial-'.length)) ? name.slice(0, dot) : undefined;
}
