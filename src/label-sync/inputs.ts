// The inputs of label-sync beyond the common ones (token, dry-run, budget-reserve, read by src/core/run): a zod
// schema over the action.yml names, read through `ctx.readInput`, giving a typed camelCase object.
import { z } from 'zod';
import { booleanInput, getInputs, listInput, multilineInput, type InputReader } from '../core/inputs';
import { repositoryNameProblem } from '../core/names';

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

const schema = z.object({
  // One file a line (or a glob of workspace files); later files override earlier ones by label name.
  config: multilineInput(['.github/labels.yml']).refine((files) => files.length > 0, { message: 'must name a file' }),
  'config-repository': z
    .string()
    .trim()
    .superRefine((name, ctx) => {
      const problem = repositoryNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: `must be owner/name: ${problem}` });
    })
    .optional(),
  'config-ref': z.string().trim().optional(),
  repositories: repositoryList,
  prune: booleanInput(false),
  exclude: multilineInput(),
});

export interface LabelSyncInputs {
  /** Label files in order (workspace paths or globs, or `owner/name[@ref]:path`); later ones override earlier ones. */
  config: string[];
  configRepository?: string;
  configRef?: string;
  /** In order, without duplicates; empty means the current repository. */
  repositories: string[];
  prune: boolean;
  exclude: string[];
}

export function readLabelSyncInputs(read: InputReader): LabelSyncInputs {
  const raw = getInputs(schema, read);
  return {
    config: raw.config,
    configRepository: raw['config-repository'] || undefined,
    configRef: raw['config-ref'] || undefined,
    repositories: raw.repositories,
    prune: raw.prune,
    exclude: raw.exclude,
  };
}
