// The release action's own inputs (token, dry-run and budget-reserve are read by the shared runner): a zod schema
// over the action.yml names, turned into one typed camelCase object.
import { z } from 'zod';
import { booleanInput, enumInput, getInputs, intInput, multilineInput, type InputReader } from '../core/inputs';
import { repositoryNameProblem, type RepositoryName } from '../core/names';

export const EXISTING_ASSET_MODES = ['replace', 'skip', 'fail'] as const;
export type ExistingAssetMode = (typeof EXISTING_ASSET_MODES)[number];

export const MAKE_LATEST = ['true', 'false', 'legacy'] as const;
export type MakeLatest = (typeof MAKE_LATEST)[number];

const optionalText = z.string().optional();

const tagName = z
  .string()
  .trim()
  .transform((v) => v.replace(/^refs\/tags\//, ''))
  .refine((v) => /^[^\s~^:?*[\\]+$/.test(v), { message: 'must be a tag name (no spaces or ~ ^ : ? * [ \\)' })
  // git check-ref-format: no `..`, `@{`, empty or dot-led parts, or `.lock`/`.` at the end (so `..` can never walk
  // the URL path it becomes a segment of).
  .refine((v) => !/\.\.|@\{|\/\/|(^|\/)\.|\.lock($|\/)|[./]$|^\/|^@$/.test(v), {
    message: 'must be a valid git tag name (no "..", "@{", parts starting with ".", or a trailing "." or "/")',
  });

/** `name=label` lines: the asset (its file name or GitHub's name for it) and the label GitHub shows. */
const assetLabels = multilineInput().check((ctx) => {
  const bad = ctx.value.filter((line) => line.indexOf('=') <= 0 || line.slice(line.indexOf('=') + 1).trim() === '');
  if (bad.length > 0)
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      message: `must be name=label lines (not ${bad.map((l) => JSON.stringify(l)).join(', ')})`,
    });
});

export const releaseInputSchema = z.object({
  tag: tagName.optional(),
  name: optionalText,
  body: optionalText,
  'body-path': z.string().trim().optional(),
  'prepend-body': optionalText,
  'append-body': optionalText,
  'generate-release-notes': booleanInput(false),
  'previous-tag': tagName.optional(),
  'target-commitish': z.string().trim().optional(),
  draft: booleanInput(false),
  prerelease: booleanInput(false),
  'make-latest': enumInput(MAKE_LATEST).optional(),
  repository: z
    .string()
    .trim()
    .check((ctx) => {
      const problem = repositoryNameProblem(ctx.value);
      if (problem) ctx.issues.push({ code: 'custom', input: ctx.value, message: `must be owner/name: ${problem}` });
    })
    .optional(),
  'working-directory': z.string().trim().optional(),
  files: multilineInput(),
  'asset-labels': assetLabels,
  'fail-on-unmatched-files': booleanInput(true),
  'existing-assets': enumInput(EXISTING_ASSET_MODES, 'replace'),
  checksums: z
    .string()
    .trim()
    .refine((v) => !/[\\/]/.test(v), { message: 'must be a file name, not a path' })
    .optional(),
  'max-parallel-uploads': intInput({ min: 1, max: 16, default: 4 }),
  'discussion-category': z.string().trim().optional(),
});

export interface ReleaseInputs {
  tag?: string;
  name?: string;
  body?: string;
  bodyPath?: string;
  prependBody?: string;
  appendBody?: string;
  generateReleaseNotes: boolean;
  previousTag?: string;
  targetCommitish?: string;
  draft: boolean;
  prerelease: boolean;
  makeLatest?: MakeLatest;
  /** The repository of the release; undefined: the workflow's repository. */
  repository?: RepositoryName;
  /** Relative to the workspace; `files` and `body-path` are relative to it. */
  workingDirectory?: string;
  files: string[];
  /** Label per asset name (file name or GitHub's name), in the order given. */
  assetLabels: Map<string, string>;
  failOnUnmatchedFiles: boolean;
  existingAssets: ExistingAssetMode;
  checksums?: string;
  maxParallelUploads: number;
  discussionCategory?: string;
}

const nonEmpty = (v: string | undefined) => (v === undefined || v === '' ? undefined : v);

export function readReleaseInputs(read?: InputReader): ReleaseInputs {
  const raw = getInputs(releaseInputSchema, read);
  const labels = new Map<string, string>();
  for (const line of raw['asset-labels']) {
    const eq = line.indexOf('=');
    labels.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  const [owner = '', repo = ''] = raw.repository ? raw.repository.split('/') : [];
  return {
    tag: nonEmpty(raw.tag),
    name: raw.name,
    body: raw.body,
    bodyPath: nonEmpty(raw['body-path']),
    prependBody: nonEmpty(raw['prepend-body']),
    appendBody: nonEmpty(raw['append-body']),
    generateReleaseNotes: raw['generate-release-notes'],
    previousTag: nonEmpty(raw['previous-tag']),
    targetCommitish: nonEmpty(raw['target-commitish']),
    draft: raw.draft,
    prerelease: raw.prerelease,
    makeLatest: raw['make-latest'],
    repository: raw.repository ? { owner, repo } : undefined,
    workingDirectory: nonEmpty(raw['working-directory']),
    files: raw.files,
    assetLabels: labels,
    failOnUnmatchedFiles: raw['fail-on-unmatched-files'],
    existingAssets: raw['existing-assets'],
    checksums: nonEmpty(raw.checksums),
    maxParallelUploads: raw['max-parallel-uploads'],
    discussionCategory: nonEmpty(raw['discussion-category']),
  };
}
