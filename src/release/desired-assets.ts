// From the matched files to the assets the release should have: GitHub's names, content types, and the
// errors that must stop the run before any request (two files for one asset name, unmatched patterns).
import { basename } from 'node:path';
import { githubAssetName } from './asset-name';
import { contentTypeFor } from './content-type';
import type { FileMatch } from './local-files';

export interface DesiredAsset {
  /** The name GitHub will store (see asset-name.ts). */
  name: string;
  /** The base name of the file on disk (the name requested in the upload). */
  fileName: string;
  /** Absolute path of the file; undefined for the generated checksum file until it is written. */
  path?: string;
  size: number;
  contentType: string;
  /** Hex sha256 of the content, when computed. */
  sha256?: string;
  /** True for the generated checksum file. */
  checksums?: boolean;
}

export interface DesiredAssets {
  assets: DesiredAsset[];
  errors: string[];
  warnings: string[];
}

export interface DesiredAssetOptions {
  failOnUnmatched: boolean;
  /** Name of the checksum file to generate (it joins the assets in the planner, which knows its content). */
  checksums?: string;
}

export function desiredAssets(match: FileMatch, options: DesiredAssetOptions): DesiredAssets {
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const pattern of match.unmatched) {
    const text = `Pattern "${pattern}" of \`files\` matches no file.`;
    if (options.failOnUnmatched) errors.push(`${text} (Set \`fail-on-unmatched-files: false\` to only warn.)`);
    else warnings.push(text);
  }

  const assets = match.files.map((file): DesiredAsset => {
    const fileName = basename(file.path);
    return {
      name: githubAssetName(fileName),
      fileName,
      path: file.path,
      size: file.size,
      contentType: contentTypeFor(fileName),
    };
  });

  const byName = new Map<string, string[]>();
  for (const a of assets) byName.set(a.name, [...(byName.get(a.name) ?? []), a.path ?? a.fileName]);
  if (options.checksums) {
    const name = githubAssetName(options.checksums);
    byName.set(name, [...(byName.get(name) ?? []), `the checksum file \`${options.checksums}\``]);
  }
  for (const [name, sources] of byName) {
    if (sources.length > 1)
      errors.push(`${sources.join(' and ')} would all be uploaded as the asset "${name}": rename one of them.`);
  }
  for (const a of assets) {
    if (a.name !== a.fileName) warnings.push(`GitHub will store "${a.fileName}" as "${a.name}".`);
  }
  if (options.checksums && githubAssetName(options.checksums) !== options.checksums) {
    warnings.push(
      `GitHub will store the checksum file "${options.checksums}" as "${githubAssetName(options.checksums)}".`,
    );
  }
  return { assets, errors, warnings };
}
