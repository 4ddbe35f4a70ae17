// The inputs of triage beyond the common ones (token, dry-run, budget-reserve, read by src/hosts/actions-runner/run): a zod
// schema over the action.yml names (`inputSchema`, the only definition), giving a typed camelCase object. Every
// actions/stale input is accepted under its own name too (see stale-names.ts): a workflow that used actions/stale
// works by changing its `uses:` line.
import { z } from 'zod';
import {
  actionInputs,
  booleanInput,
  camelCase,
  getInputs,
  intInput,
  stringInput,
  type InputReader,
} from '../../kernel/inputs';
import type { TriageConfig } from './domain/config';
import { ACTIONS_STALE_INPUTS, IGNORED_NAMES } from './domain/stale-names';

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;

/** An actions/stale input: its raw text (checked by the stale section's schema), absent when empty. */
const staleInput = z.string().optional();
const staleInputs = Object.fromEntries(ACTIONS_STALE_INPUTS.map((name) => [name, staleInput])) as Record<
  (typeof ACTIONS_STALE_INPUTS)[number],
  typeof staleInput
>;

export const inputSchema = actionInputs({
  config: stringInput('.github/triage.yml'),
  'max-operations': intInput({ min: 1, default: 100 }),
  /** The login the token comments as, when it is not the workflow token (a personal token, an App's bot). */
  'own-login': z
    .string()
    .trim()
    .refine((login) => LOGIN.test(login), { message: 'must be the login the token writes as (user or app[bot])' })
    .optional(),
  /** `actions-stale`: actions/stale's rules for each item's stale decision (the `semantics` of the stale section). */
  'stale-semantics': z.enum(['triage', 'actions-stale']).optional(),
  /** actions/labeler: its v5 config file, read as is (without this input: `.github/labeler.yml` when the triage
   *  config does not exist). */
  'configuration-path': z.string().trim().optional(),
  /** actions/labeler: remove a label of the labeler file when its condition no longer holds. */
  'sync-labels': booleanInput(false),
  /** actions/labeler: globs match dotfiles (its default, `true`); `false` is refused (triage's globs always do). */
  dot: booleanInput(true),
  /** actions/labeler: label these pull requests instead of the event's; refused (not supported). */
  'pr-number': z.string().trim().optional(),
  /** Create a label the repository lacks before adding it (the config's `create-missing-labels`; either turns it on). */
  'create-missing-labels': booleanInput(false),
  /** The colour of a created label (overrides the config's `missing-label-color`). */
  'missing-label-color': z
    .string()
    .trim()
    .transform((c) => (c.startsWith('#') ? c.slice(1) : c).toLowerCase())
    .refine((c) => /^[0-9a-f]{6}$/.test(c), { message: 'must be a colour of six hex digits, like c5def5' })
    .optional(),
  ...staleInputs,
});

export type Inputs = z.output<typeof inputSchema>;

export function readTriageInputs(read?: InputReader): Inputs {
  return getInputs(inputSchema, read);
}

/** The actions/stale inputs given as step inputs (`with:`), by actions/stale's names; empty when none is. */
export function staleStepInputs(inputs: Inputs): Record<string, string> {
  const values = inputs as unknown as Record<string, string | undefined>;
  const given: Record<string, string> = {};
  for (const name of ACTIONS_STALE_INPUTS) {
    // `repo-token` is the token and `enable-statistics` changes nothing: neither asks for a stale sweep.
    if ((IGNORED_NAMES as readonly string[]).includes(name)) continue;
    const value = values[camelCase(name)];
    if (value !== undefined && value.trim() !== '') given[name] = value;
  }
  if (inputs.staleSemantics) given.semantics = inputs.staleSemantics;
  return given;
}

/** The config with the missing-label step inputs: `create-missing-labels: true` there turns it on; a colour given wins. */
export function withMissingLabelInputs(config: TriageConfig, inputs: Inputs): TriageConfig {
  return {
    ...config,
    'create-missing-labels': config['create-missing-labels'] || inputs.createMissingLabels,
    'missing-label-color': inputs.missingLabelColor ?? config['missing-label-color'],
  };
}

/** actions/labeler inputs triage cannot honour: a run given them fails naming the input, rather than ignore it. */
export function unsupportedLabelerInputs(inputs: Inputs): { input: string; message: string }[] {
  return [
    ...(inputs.dot
      ? []
      : [
          { input: 'dot', message: 'Input "dot" false is not supported: globs always match files starting with a dot' },
        ]),
    ...(inputs.prNumber
      ? [
          {
            input: 'pr-number',
            message:
              'Input "pr-number" is not supported: the run labels the event\'s pull request (a sweep every open one)',
          },
        ]
      : []),
  ];
}
