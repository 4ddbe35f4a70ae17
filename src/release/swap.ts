// Replacing an asset of a published release without a moment where the release lacks it: the new file is uploaded
// under a staging name, then the old asset is deleted and the new one renamed. A failed upload leaves the old asset.
import { randomBytes } from 'node:crypto';
import type { ReleaseApi } from './api';
import type { AssetStep } from './plan';
import type { AssetUploader, UploadResult } from './upload';

/** A name GitHub stores as is, unique to this run: `<name>.partial-<8 hex>`. */
export function stagingName(name: string, token: string = randomBytes(4).toString('hex')): string {
  return `${name}.partial-${token}`;
}

/** The asset name a staging name was made for (`a.zip.partial-1a2b3c4d` → `a.zip`); undefined for other names. */
export function stagedFor(name: string): string | undefined {
  return /^(.+)\.partial-[0-9a-f]{8}$/.exec(name)?.[1];
}

export async function swapAsset(
  api: Pick<ReleaseApi, 'deleteAsset' | 'renameAsset'>,
  uploader: Pick<AssetUploader, 'upload'>,
  step: AssetStep,
  path: string,
): Promise<UploadResult> {
  const name = stagingName(step.asset.name);
  // The label is the file's name only when GitHub renames the file (as for any upload).
  const fileName = step.asset.fileName === step.asset.name ? name : step.asset.fileName;
  const staged = await uploader.upload({ ...step.asset, name, fileName, path });
  await api.deleteAsset(step.existing!.id);
  const renamed = await api.renameAsset(staged.asset.id, step.asset.name);
  return { ...staged, asset: { ...renamed, digest: renamed.digest ?? staged.asset.digest } };
}
