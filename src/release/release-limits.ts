// GitHub's limits on release assets, checked in the plan so a run that would break them writes nothing. GitHub's
// docs ("About releases", storage and bandwidth quotas): "Each file included in a release must be under 2 GiB",
// and a release holds at most 1,000 assets (REST "Upload a release asset" / community reports of 422 beyond it).
import type { DesiredAsset } from './desired-assets';
import { formatBytes } from '../core/sizes';
import { plural } from '../core/words';
import type { RemoteAsset } from './release-types';

export const MAX_ASSET_BYTES = 2 * 1024 ** 3;
export const MAX_ASSETS_PER_RELEASE = 1000;

/** Files GitHub would refuse for their size, each named. */
export function oversizedAssets(assets: readonly DesiredAsset[]): string[] {
  return assets
    .filter((a) => a.size >= MAX_ASSET_BYTES)
    .map(
      (a) =>
        `"${a.path ?? a.fileName}" is ${formatBytes(a.size)}: GitHub accepts release assets under ` +
        `${formatBytes(MAX_ASSET_BYTES)} only. Split or compress it; nothing was uploaded.`,
    );
}

/** The release would hold more assets than GitHub allows once the run is done. */
export function assetCountError(
  kept: readonly RemoteAsset[],
  added: readonly string[],
  removed: ReadonlySet<number>,
): string | undefined {
  const names = new Set([...kept.filter((a) => !removed.has(a.id)).map((a) => a.name), ...added]);
  if (names.size <= MAX_ASSETS_PER_RELEASE) return undefined;
  return (
    `The release would hold ${plural(names.size, 'asset')}; GitHub allows ${MAX_ASSETS_PER_RELEASE} per release. ` +
    'Upload fewer files (an archive of them), or remove old assets (`remove-assets: true`).'
  );
}
