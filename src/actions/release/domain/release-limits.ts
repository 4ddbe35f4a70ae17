// GitHub's limits on release assets, checked in the plan so a run that would break them writes nothing. GitHub's
// docs ("About releases", storage and bandwidth quotas): "Each file included in a release must be under 2 GiB",
// and a release holds at most 1,000 assets (REST "Upload a release asset" / community reports of 422 beyond it).
import type { DesiredAsset } from './desired-assets';
import { formatBytes } from '../../../kernel/sizes';
import { plural } from '../../../kernel/words';
import type { RemoteAsset } from './release-types';

export const MAX_ASSET_BYTES = 2 * 1024 ** 3;
export const MAX_ASSETS_PER_RELEASE = 1000;

/**
 * Files GitHub would refuse for their size, each named: 2 GiB or more, or empty. GitHub answers an empty upload 422
 * "size must be greater than or equal to 1" (softprops/action-gh-release#321, svenstaro/upload-release-action#94),
 * after the draft and earlier assets exist. An empty file is refused in the plan, not skipped: the pattern named it,
 * and an empty build output is far more often a failed build than an intended asset.
 */
export function oversizedAssets(assets: readonly DesiredAsset[]): string[] {
  return assets.flatMap((a) => {
    const name = `"${a.path ?? a.fileName}"`;
    if (a.size === 0)
      return [
        `${name} is empty (0 bytes): GitHub refuses empty release assets ("size must be greater than or equal to 1"). ` +
          'Check the step that builds it, or leave it out of `files`; nothing was uploaded.',
      ];
    if (a.size < MAX_ASSET_BYTES) return [];
    return [
      `${name} is ${formatBytes(a.size)}: GitHub accepts release assets under ` +
        `${formatBytes(MAX_ASSET_BYTES)} only. Split or compress it; nothing was uploaded.`,
    ];
  });
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
