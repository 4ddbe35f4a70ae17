// The release action's own inputs (token, dry-run and budget-reserve are read by the shared runner): one zod schema
// over the action.yml names, turned into one typed camelCase object. The schema is the only definition: the type
// `Inputs` is its output, and the defaults are the ones action.yml shows.
import { z } from 'zod';
import { booleanInput, enumInput, getInputs, intInput, multilineInput, type InputReader } from '../../kernel/inputs';
import { repositoryNameProblem, type RepositoryName } from '../../github/names';
import { actionInputsWithPeers, peerReader } from '../../kernel/peer-inputs';
import { splitPatterns } from './domain/local-files';
import { releasePeers } from './domain/peer-names';

export const EXISTING_ASSET_MODES = ['replace', 'skip', 'fail'] as const;
export type ExistingAssetMode = (typeof EXISTING_ASSET_MODES)[number];

export const MAKE_LATEST = ['true', 'false', 'legacy'] as const;
export type MakeLatest = (typeof MAKE_LATEST)[number];

const optionalText = z.string().optional();
/** A trimmed value; blank is "not given". */
const optionalTrimmed = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

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
const assetLabels = multilineInput()
  .check((ctx) => {
    const bad = ctx.value.filter((line) => line.indexOf('=') <= 0 || line.slice(line.indexOf('=') + 1).trim() === '');
    if (bad.length > 0)
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: `must be name=label lines (not ${bad.map((l) => JSON.stringify(l)).join(', ')})`,
      });
  })
  .transform((lines) => {
    const labels = new Map<string, string>();
    for (const line of lines) {
      const eq = line.indexOf('=');
      labels.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
    }
    return labels;
  });

/** A media type (`type/subtype`, RFC 6838 names), sent as the `Content-Type` of every upload. */
const mediaType = z
  .string()
  .trim()
  .refine((v) => /^[A-Za-z0-9][\w!#$&^.+-]{0,126}\/[A-Za-z0-9][\w!#$&^.+-]{0,126}$/.test(v), {
    message: 'must be a media type such as application/octet-stream',
  })
  .optional();

const tagInput = tagName.optional().transform((v) => (v === '' ? undefined : v));

/** The inputs as action.yml names them, read as one camelCase object. */
const ownInputs = {
  tag: tagInput,
  name: optionalText,
  body: optionalText,
  'body-path': optionalTrimmed,
  'prepend-body': optionalText.transform((v) => (v === '' ? undefined : v)),
  'append-body': optionalText.transform((v) => (v === '' ? undefined : v)),
  'generate-release-notes': booleanInput(false),
  'previous-tag': tagInput,
  'target-commitish': optionalTrimmed,
  draft: booleanInput(false),
  prerelease: booleanInput(false),
  'make-latest': enumInput(MAKE_LATEST).optional(),
  /** The repository of the release; undefined: the workflow's repository. */
  repository: z
    .string()
    .trim()
    .check((ctx) => {
      const problem = repositoryNameProblem(ctx.value);
      if (problem) ctx.issues.push({ code: 'custom', input: ctx.value, message: `must be owner/name: ${problem}` });
    })
    .transform((v): RepositoryName => {
      const [owner = '', repo = ''] = v.split('/');
      return { owner, repo };
    })
    .optional(),
  /** Relative to the workspace; `files` and `body-path` are relative to it. */
  'working-directory': optionalTrimmed,
  /** Patterns, one a line or comma-separated (see local-files.ts). */
  files: multilineInput().transform(splitPatterns),
  'include-hidden': booleanInput(false),
  /** Label per asset name (file name or GitHub's name), in the order given. */
  'asset-labels': assetLabels,
  'asset-content-type': mediaType,
  // As both peers: an unmatched pattern is a warning unless asked otherwise.
  'fail-on-unmatched-files': booleanInput(false),
  'existing-assets': enumInput(EXISTING_ASSET_MODES, 'replace'),
  'remove-assets': booleanInput(false),
  'skip-if-release-exists': booleanInput(false),
  'update-only-unreleased': booleanInput(false),
  'omit-name-during-update': booleanInput(false),
  'omit-body-during-update': booleanInput(false),
  'omit-prerelease-during-update': booleanInput(false),
  checksums: z
    .string()
    .trim()
    .refine((v) => !/[\\/]/.test(v), { message: 'must be a file name, not a path' })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  'max-parallel-uploads': intInput({ min: 1, max: 16, default: 4 }),
  'discussion-category': optionalTrimmed,
};

// The peers' names (peer-names.ts) are declared too, and resolved into ours before they are parsed.
export const inputSchema = actionInputsWithPeers(ownInputs, releasePeers());

export type Inputs = z.output<typeof inputSchema>;

/** Reads the inputs, the peers' names included; `workflowRepository` fills ncipollo's `owner` or `repo` alone. */
export function readInputs(read: InputReader, workflowRepository = ''): Inputs {
  return getInputs(inputSchema, peerReader(inputSchema, releasePeers(workflowRepository), read));
}
