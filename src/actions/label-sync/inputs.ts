// The inputs of label-sync beyond the common ones (token, dry-run, budget-reserve, read by src/hosts/actions-runner/run): a zod
// schema over the action.yml names (`inputSchema`, the only definition), read through `ctx.readInput`, giving a
// typed camelCase object.
import { z } from 'zod';
import { booleanInput, getInputs, listInput, multilineInput, type InputReader } from '../../kernel/inputs';
import { repositoryNameProblem } from '../../github/names';
import { actionInputsWithPeers, peerReader, splitOutsideBraces } from '../../kernel/peer-inputs';
import { labelSyncPeers } from './domain/peer-names';

/** Refuses every entry that is not an `owner/name` by GitHub's rules (`../..` included), naming each. */
const repositoryNames = (list: string[], ctx: z.RefinementCtx<string[]>) => {
  const problems = list.map(repositoryNameProblem).filter((p): p is string => p !== undefined);
  if (problems.length > 0)
    ctx.addIssue({ code: 'custom', message: `must list repositories as owner/name: ${problems.join('; ')}` });
};

// One a line or comma separated (a repository name has no comma); duplicates (GitHub names are case-insensitive)
// are dropped.
const repositoryList = listInput()
  .superRefine(repositoryNames)
  .transform((list) => list.filter((r, i) => list.findIndex((other) => other.toLowerCase() === r.toLowerCase()) === i));

/** Empty (only blanks) is not given. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

const ownInputs = {
  // Label files in order, one a line (workspace paths or globs, or `owner/name[@ref]:path`); later files override
  // earlier ones by label name.
  config: multilineInput(['.github/labels.yml']).refine((files) => files.length > 0, { message: 'must name a file' }),
  'config-repository': optionalText.superRefine((name, ctx) => {
    const problem = name === undefined ? undefined : repositoryNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: `must be owner/name: ${problem}` });
  }),
  'config-ref': optionalText,
  // In order, without duplicates; empty means the current repository.
  repositories: repositoryList,
  prune: booleanInput(false),
  // One a line or comma-separated, as crazy-max/ghaction-github-labeler reads it; a comma inside `{a,b}` stays.
  exclude: multilineInput().transform((lines) => lines.flatMap(splitOutsideBraces)),
};

// The peers' names (peer-names.ts) are declared too, and resolved into ours before they are parsed.
export const inputSchema = actionInputsWithPeers(ownInputs, labelSyncPeers());

export type Inputs = z.output<typeof inputSchema>;

export function readLabelSyncInputs(read: InputReader): Inputs {
  return getInputs(inputSchema, peerReader(inputSchema, labelSyncPeers(), read));
}
