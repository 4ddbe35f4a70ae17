// The release action's own inputs (token, dry-run and budget-reserve are read by the shared runner).
import { z } from 'zod';
import { booleanInput, enumInput, getInputs, intInput, multilineInput, type InputReader } from '../core/inputs';

export const EXISTING_ASSET_MODES = ['replace', 'skip', 'fail'] as const;
export type ExistingAssetMode = (typeof EXISTING_ASSET_MODES)[number];

export const MAKE_LATEST = ['true', 'false', 'legacy'] as const;
export type MakeLatest = (typeof MAKE_LATEST)[number];

const optionalText = z.string().optional();

export const releaseInputSchema = z.object({
  tag: z
    .string()
    .trim()
    .transform((v) => v.replace(/^refs\/tags\//, ''))
    .refine((v) => /^[^\s~^:?*[\\]+$/.test(v), { message: 'must be a tag name (no spaces or ~ ^ : ? * [ \\)' })
    .optional(),
  name: optionalText,
  body: optionalText,
  'body-path': z.string().trim().optional(),
  'generate-release-notes': booleanInput(false),
  'target-commitish': z.string().trim().optional(),
  draft: booleanInput(false),
  prerelease: booleanInput(false),
  'make-latest': enumInput(MAKE_LATEST).optional(),
  files: multilineInput(),
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

export type ReleaseInputs = z.output<typeof releaseInputSchema>;

export function readReleaseInputs(read?: InputReader): ReleaseInputs {
  return getInputs(releaseInputSchema, read);
}
