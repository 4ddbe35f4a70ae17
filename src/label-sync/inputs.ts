// The inputs of label-sync beyond the common ones (token, dry-run, budget-reserve, read by src/core/run).
import { z } from 'zod';
import { booleanInput, getInputs, listInput, multilineInput, stringInput, type InputReader } from '../core/inputs';

const REPOSITORY = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

// One a line or comma separated (a repository name has no comma); each must be `owner/name`, and the error names the
// entries that are not; duplicates (GitHub names are case-insensitive) are dropped.
const repositoryList = listInput()
  .check((ctx) => {
    const bad = ctx.value.filter((r) => !REPOSITORY.test(r));
    if (bad.length > 0)
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: `must list repositories as owner/name, one a line (not ${bad.map((r) => JSON.stringify(r)).join(', ')})`,
      });
  })
  .transform((list) => list.filter((r, i) => list.findIndex((other) => other.toLowerCase() === r.toLowerCase()) === i));

const schema = z.object({
  config: stringInput('.github/labels.yml'),
  'config-repository': z
    .string()
    .trim()
    .refine((r) => REPOSITORY.test(r), { message: 'must be owner/name' })
    .optional(),
  'config-ref': z.string().trim().optional(),
  repositories: repositoryList,
  prune: booleanInput(false),
  exclude: multilineInput(),
});

export interface LabelSyncInputs {
  config: string;
  configRepository?: string;
  configRef?: string;
  /** In order, without duplicates; empty means the current repository. */
  repositories: string[];
  prune: boolean;
  exclude: string[];
}

export function readLabelSyncInputs(read?: InputReader): LabelSyncInputs {
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
