// How the stale decisions compare label, milestone and assignee names. GitHub tells labels apart case-insensitively
// only (`Stále` and `stale` can both exist in a repository), and triage's own semantics follow GitHub. actions/stale
// compares every label, milestone and assignee after lower case and lodash's `deburr` (src/functions/clean-label.ts
// `cleanLabel`, used by `isLabeled` and its label-event checks; src/classes/milestones.ts and assignees.ts clean the
// same way, v10.3.0): under its rules (its inputs given, or `semantics: actions-stale`) `Stále` is the `stale`
// label, with the same package actions/stale uses.
import deburr from 'lodash.deburr';
import type { Item } from './item';
import type { StaleConfig } from './stale-settings';

type Rules = Pick<StaleConfig, 'actions-stale-rules'>;

/** A name as the stale settings compare it: lower case, and without accents under actions/stale's rules. */
export function cleanName(name: string, config: Rules): string {
  const lower = name.toLowerCase();
  return config['actions-stale-rules'] === true ? deburr(lower) : lower;
}

export function sameName(a: string, b: string, config: Rules): boolean {
  return cleanName(a, config) === cleanName(b, config);
}

/** The item's label that is `name` as the stale settings compare names, or undefined. */
export function labelNamed(item: Pick<Item, 'labels'>, name: string, config: Rules): string | undefined {
  const wanted = cleanName(name, config);
  return item.labels.find((label) => cleanName(label, config) === wanted);
}

export function staleHasLabel(item: Pick<Item, 'labels'>, name: string, config: Rules): boolean {
  return labelNamed(item, name, config) !== undefined;
}
