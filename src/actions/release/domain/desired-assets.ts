// From the matched files to the assets the release should have: GitHub's names, content types, and the
// errors that must stop the run before any request (two files for one asset name, unmatched patterns).
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
  /** GitHub's `label` for the asset (from `asset-labels`). */
  label?: string;
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
  /** `asset-labels`: label by file name or by GitHub's asset name. */
  labels?: ReadonlyMap<string, string>;
  /** `asset-content-type`: one media type for every file (default: by the file's extension). */
  contentType?: string;
}

export function desiredAssets(match: FileMatch, options: DesiredAssetOptions): DesiredAssets {
  const errors: string[] = match.refused.map((r) => `\`files\`: ${r}.`);
  const warnings: string[] = match.skipped.map((p) => `\`files\`: "${p}" is under .git/ and is never uploaded.`);
  for (const pattern of match.folders) {
    // As softprops/action-gh-release: a folder is no file; its pattern matches none (and fails like one).
    const text =
      `Pattern "${pattern}" of \`files\` names a folder: it uploads nothing. ` +
      `Use "${pattern.replace(/\/+$/, '')}/*" for the files in it, or "${pattern.replace(/\/+$/, '')}/**" for the whole tree.`;
    if (options.failOnUnmatched) errors.push(`${text} (Set \`fail-on-unmatched-files: false\` to only warn.)`);
    else warnings.push(text);
  }
  for (const pattern of match.unmatched) {
    const text = `Pattern "${pattern}" of \`files\` matches no file.`;
    if (options.failOnUnmatched) errors.push(`${text} (Set \`fail-on-unmatched-files: false\` to only warn.)`);
    else warnings.push(text);
  }

  const labels = options.labels ?? new Map<string, string>();
  const used = new Set<string>();
  const labelOf = (...keys: string[]) => {
    const key = keys.find((k) => labels.has(k));
    if (key === undefined) return {};
    used.add(key);
    return { label: labels.get(key) };
  };
  const assets = match.files.map((file): DesiredAsset => {
    const name = githubAssetName(file.fileName);
    return {
      name,
      fileName: file.fileName,
      path: file.path,
      size: file.size,
      contentType: options.contentType ?? contentTypeFor(file.fileName),
      ...labelOf(file.fileName, name),
    };
  });
  if (options.checksums) labelOf(options.checksums, githubAssetName(options.checksums));
  for (const key of labels.keys()) {
    if (!used.has(key)) errors.push(`\`asset-labels\` names "${key}", which is not among the files to upload.`);
  }

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
