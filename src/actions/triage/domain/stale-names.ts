// actions/stale's input names, read as they are (in the `stale:` section and as step inputs), turned into
// triage's stale section: a name with `issue` or `pr` in it goes to the `issues:` or `pull-requests:` section
// (which overrides the common one, as actions/stale's specific inputs override its common ones), the rest keeps
// its place. Values may be written as actions/stale's inputs are: strings ("60", "true", "a,b").
// Evidence: actions/stale v10 action.yml and src/classes/issues-processor.ts (each `_get…` prefers the
// issue/PR-specific option when it is set, and `wordsToList` splits label lists on commas).

type Kind = 'issues' | 'pull-requests';

/** actions/stale names that belong to one kind of item → [kind, triage's name]. */
export const KIND_NAMES: Record<string, [Kind, string]> = {
  'stale-issue-message': ['issues', 'stale-comment'],
  'stale-pr-message': ['pull-requests', 'stale-comment'],
  'close-issue-message': ['issues', 'close-comment'],
  'close-pr-message': ['pull-requests', 'close-comment'],
  'days-before-issue-stale': ['issues', 'days-before-stale'],
  'days-before-pr-stale': ['pull-requests', 'days-before-stale'],
  'days-before-issue-close': ['issues', 'days-before-close'],
  'days-before-pr-close': ['pull-requests', 'days-before-close'],
  'stale-issue-label': ['issues', 'stale-label'],
  'stale-pr-label': ['pull-requests', 'stale-label'],
  'close-issue-label': ['issues', 'close-label'],
  'close-pr-label': ['pull-requests', 'close-label'],
  'close-issue-reason': ['issues', 'close-reason'],
  'exempt-issue-labels': ['issues', 'exempt-labels'],
  'exempt-pr-labels': ['pull-requests', 'exempt-labels'],
  'only-issue-labels': ['issues', 'only-labels'],
  'only-pr-labels': ['pull-requests', 'only-labels'],
  'any-of-issue-labels': ['issues', 'any-of-labels'],
  'any-of-pr-labels': ['pull-requests', 'any-of-labels'],
  'exempt-issue-milestones': ['issues', 'exempt-milestones'],
  'exempt-pr-milestones': ['pull-requests', 'exempt-milestones'],
  'exempt-all-issue-milestones': ['issues', 'exempt-all-milestones'],
  'exempt-all-pr-milestones': ['pull-requests', 'exempt-all-milestones'],
  'exempt-issue-assignees': ['issues', 'exempt-assignees'],
  'exempt-pr-assignees': ['pull-requests', 'exempt-assignees'],
  'exempt-all-issue-assignees': ['issues', 'exempt-all-assignees'],
  'exempt-all-pr-assignees': ['pull-requests', 'exempt-all-assignees'],
  'remove-issue-stale-when-updated': ['issues', 'remove-stale-when-updated'],
  'remove-pr-stale-when-updated': ['pull-requests', 'remove-stale-when-updated'],
  'ignore-issue-updates': ['issues', 'ignore-updates'],
  'ignore-pr-updates': ['pull-requests', 'ignore-updates'],
};

/** actions/stale names that are accepted and have no effect here (the README says why). */
export const IGNORED_NAMES = ['enable-statistics', 'repo-token'] as const;

/** Every actions/stale input, by its own name (the step inputs of the action, too). */
export const ACTIONS_STALE_INPUTS = [
  ...Object.keys(KIND_NAMES),
  'days-before-stale',
  'days-before-close',
  'exempt-milestones',
  'exempt-all-milestones',
  'exempt-assignees',
  'exempt-all-assignees',
  'exempt-draft-pr',
  'only-labels',
  'any-of-labels',
  'operations-per-run',
  'remove-stale-when-updated',
  'debug-only',
  'ascending',
  'sort-by',
  'delete-branch',
  'start-date',
  'labels-to-add-when-unstale',
  'labels-to-remove-when-stale',
  'labels-to-remove-when-unstale',
  'ignore-updates',
  'include-only-assigned',
  'only-issue-types',
  ...IGNORED_NAMES,
] as const;

/** Settings whose value is a list (actions/stale writes them comma-separated). */
const LISTS = new Set([
  'exempt-labels',
  'only-labels',
  'any-of-labels',
  'exempt-milestones',
  'exempt-assignees',
  'labels-to-add-when-unstale',
  'labels-to-remove-when-stale',
  'labels-to-remove-when-unstale',
  'only-issue-types',
]);
const NUMBERS = new Set(['days-before-stale', 'days-before-close', 'operations-per-run']);
const BOOLEANS = new Set([
  'exempt-all-milestones',
  'exempt-all-assignees',
  'exempt-draft-pr',
  'remove-stale-when-updated',
  'debug-only',
  'ascending',
  'delete-branch',
  'ignore-updates',
  'include-only-assigned',
]);

/** A value written as an actions/stale input string, as the typed value triage's schema expects. */
function typed(name: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (LISTS.has(name))
    return text
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
  if (NUMBERS.has(name) && text !== '' && Number.isFinite(Number(text))) return Number(text);
  if (BOOLEANS.has(name) && /^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  return value;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The stale section with actions/stale's names moved to triage's places (typed as above); everything else
 * untouched, so the schema reports unknown keys and bad values. An empty string means "not given", as for
 * actions/stale's inputs.
 */
export function fromActionsStaleNames(section: unknown): unknown {
  if (!isRecord(section)) return section;
  const out: Record<string, unknown> = {};
  const kinds: Record<Kind, Record<string, unknown>> = {
    issues: isRecord(section.issues) ? { ...section.issues } : {},
    'pull-requests': isRecord(section['pull-requests']) ? { ...section['pull-requests'] } : {},
  };
  for (const [name, value] of Object.entries(section)) {
    if (name === 'issues' || name === 'pull-requests') continue;
    if ((IGNORED_NAMES as readonly string[]).includes(name)) continue;
    if (value === '') continue;
    const kind = KIND_NAMES[name];
    // A specific name fills the kind's section (over a value written there under triage's name).
    if (kind) kinds[kind[0]][kind[1]] = typed(kind[1], value);
    else out[name] = typed(name, value);
  }
  for (const kind of ['issues', 'pull-requests'] as const)
    if (Object.keys(kinds[kind]).length > 0 || section[kind] !== undefined) out[kind] = kinds[kind];
  return out;
}
