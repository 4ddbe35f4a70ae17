// The stale settings for one kind of item: defaults, then the common `stale:` section, then its `issues:` or
// `pull-requests:` section. Kept apart from the config parser so the engine loads no file reader.
import type { StaleSection } from './config';
import type { CloseReason } from './vocabulary';

/** The settings for one kind of item: defaults, then the common section, then the kind's own section. */
export interface StaleConfig {
  'days-before-stale': number;
  /** -1: never close. */
  'days-before-close': number;
  'stale-label': string;
  'exempt-labels': string[];
  'exempt-milestones': string[];
  'exempt-all-milestones': boolean;
  'exempt-assignees': string[];
  'exempt-all-assignees': boolean;
  'exempt-draft-pr': boolean;
  'only-labels': string[];
  'any-of-labels': string[];
  'stale-comment': string;
  /** No close comment unless configured. */
  'close-comment'?: string;
  'close-reason': CloseReason;
  'remove-stale-when-updated': boolean;
  'labels-to-add-when-unstale': string[];
  'labels-to-remove-when-stale': string[];
  'labels-to-remove-when-unstale': string[];
  'close-label'?: string;
  'ignore-updates': boolean;
  'include-only-assigned': boolean;
  'only-issue-types': string[];
  'start-date'?: string;
  'delete-branch': boolean;
  only: StaleSection['only'];
  semantics: StaleSection['semantics'];
  /** No stale comment: actions/stale's semantics with no stale message (the label alone marks). */
  'no-stale-comment'?: true;
  /** actions/stale's inputs are given: a stale label someone else put on marks alone, with no comment. */
  'actions-stale-rules'?: true;
}

export const STALE_DEFAULTS: Omit<StaleConfig, 'only' | 'semantics'> = {
  'days-before-stale': 60,
  'days-before-close': 7,
  'stale-label': 'stale',
  'exempt-labels': [],
  'exempt-milestones': [],
  'exempt-all-milestones': false,
  'exempt-assignees': [],
  'exempt-all-assignees': false,
  'exempt-draft-pr': false,
  'only-labels': [],
  'any-of-labels': [],
  'stale-comment':
    'This has had no activity for a while and is now marked stale. It will be closed if nothing happens.',
  'close-reason': 'not_planned',
  'remove-stale-when-updated': true,
  'labels-to-add-when-unstale': [],
  'labels-to-remove-when-stale': [],
  'labels-to-remove-when-unstale': [],
  'ignore-updates': false,
  'include-only-assigned': false,
  'only-issue-types': [],
  'delete-branch': false,
};

function defined<T extends object>(values: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The stale settings for issues or for pull requests. */
export function staleSettingsFor(section: StaleSection, isPullRequest: boolean): StaleConfig {
  const {
    issues,
    'pull-requests': pulls,
    only,
    semantics,
    'operations-per-run': _operations,
    'sort-by': _sortBy,
    ascending: _ascending,
    'debug-only': _debugOnly,
    'actions-stale-inputs': fromInputs,
    ...common
  } = section;
  const own = defined(isPullRequest ? pulls : issues);
  const settings: StaleConfig = { ...STALE_DEFAULTS, ...defined(common), ...own, only, semantics };
  // actions/stale posts no stale comment when its message is empty (its default): the label alone marks.
  if (semantics === 'actions-stale' && common['stale-comment'] === undefined && own['stale-comment'] === undefined)
    settings['no-stale-comment'] = true;
  if (fromInputs || semantics === 'actions-stale') settings['actions-stale-rules'] = true;
  // actions/stale reads its close days with parseInt (src/main.ts): 1.5 closes after 1 day there.
  if (semantics === 'actions-stale') settings['days-before-close'] = Math.trunc(settings['days-before-close']);
  // Issue types are a property of issues only (actions/stale ignores `only-issue-types` for pull requests).
  if (isPullRequest) settings['only-issue-types'] = [];
  return settings;
}
