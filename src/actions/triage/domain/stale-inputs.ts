// actions/stale's inputs given as step inputs (`with:`) become the stale section (over the config file's, setting by
// setting), so `uses: actions/stale@v10` → `uses: <this action>` keeps a workflow working. Validated by the stale
// section's own schema; a bad value fails the run naming the input.
import { InputError } from '../../../kernel/inputs';
import { StaleSchema, type StaleSection, type TriageConfig } from './config';
import { KIND_NAMES } from './stale-names';

/** The input a schema path points at (the section's key, or the actions/stale name behind a kind's key). */
function inputOf(path: readonly PropertyKey[], given: Record<string, string>): string {
  const [first, second] = path.map(String);
  if ((first === 'issues' || first === 'pull-requests') && second) {
    const name = Object.keys(given).find((n) => KIND_NAMES[n]?.[0] === first && KIND_NAMES[n]?.[1] === second);
    if (name) return name;
  }
  return first ?? 'stale';
}

/** The stale section of the step inputs, or undefined when no actions/stale input is given. */
export function staleSectionOfInputs(given: Record<string, string>): StaleSection | undefined {
  if (Object.keys(given).length === 0) return undefined;
  const result = StaleSchema.safeParse(given);
  if (result.success) return result.data;
  throw new InputError(
    result.error.issues.map((issue) => {
      const input = inputOf(issue.path, given);
      return { input, message: `Input "${input}" ${issue.message}` };
    }),
  );
}

/** The config with the step inputs' stale settings over its own (the `issues:`/`pull-requests:` parts merged). */
export function withStaleInputs(config: TriageConfig, given: Record<string, string>): TriageConfig {
  const inputs = staleSectionOfInputs(given);
  if (!inputs) return config;
  const file = config.stale;
  if (!file) return { ...config, stale: { ...inputs, 'actions-stale-inputs': true } };
  // Only what the inputs name: their schema defaults (`only`, `semantics`) do not override the file's.
  const named = Object.fromEntries(
    Object.entries(inputs).filter(
      ([key, value]) => value !== undefined && key !== 'issues' && key !== 'pull-requests' && key in given,
    ),
  );
  return {
    ...config,
    stale: {
      ...file,
      ...named,
      'actions-stale-inputs': true,
      issues: { ...file.issues, ...inputs.issues },
      'pull-requests': { ...file['pull-requests'], ...inputs['pull-requests'] },
    },
  };
}
