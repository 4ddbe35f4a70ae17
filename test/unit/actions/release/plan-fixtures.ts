// What the release planner's unit tests plan from: local assets, the remote release and its assets, and the desired
// release, each with the fields a test changes given as overrides.
import type { DesiredAsset } from '../../../../src/actions/release/domain/desired-assets';
import { sha256Text } from '../../../../src/actions/release/domain/digest';
import type { DesiredRelease } from '../../../../src/actions/release/plan';
import type { RemoteAsset, RemoteRelease } from '../../../../src/actions/release/domain/release-types';

/** A file of the workspace to upload as `name` (its size is its content's unless given). */
export const localAsset = (name: string, content = name, o: { size?: number; label?: string } = {}): DesiredAsset => ({
  name,
  fileName: name,
  path: `/w/${name}`,
  size: o.size ?? content.length,
  contentType: 'application/octet-stream',
  sha256: sha256Text(content),
  ...(o.label !== undefined ? { label: o.label } : {}),
});

let nextId = 100;
/** An uploaded asset of the release, with its digest; each one a new id. */
export const remoteAsset = (name: string, content = name, extra: Partial<RemoteAsset> = {}): RemoteAsset => ({
  id: nextId++,
  name,
  size: content.length,
  state: 'uploaded',
  digest: `sha256:${sha256Text(content)}`,
  browser_download_url: `https://x/${name}`,
  ...extra,
});

export const remoteRelease = (extra: Partial<RemoteRelease> = {}): RemoteRelease => ({
  id: 7,
  tag_name: 'v1.0.0',
  name: 'v1.0.0',
  body: '',
  draft: false,
  prerelease: false,
  html_url: 'https://github.com/o/r/releases/tag/v1.0.0',
  upload_url: 'https://uploads.github.com/repos/o/r/releases/7/assets{?name,label}',
  assets: [],
  ...extra,
});

export const desiredRelease = (extra: Partial<DesiredRelease> = {}): DesiredRelease => ({
  tag: 'v1.0.0',
  generateNotes: false,
  draft: false,
  prerelease: false,
  ...extra,
});
