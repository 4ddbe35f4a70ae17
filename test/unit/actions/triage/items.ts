// Builders shared by the triage unit tests.
import { parseTriageConfig, type TriageConfig } from '../../../../src/actions/triage/domain/config';
import { staleSettingsFor, type StaleConfig } from '../../../../src/actions/triage/domain/stale-settings';
import type { Item } from '../../../../src/actions/triage/domain/item';

export function makeItem(overrides: Partial<Item> = {}): Item {
  return {
    number: 1,
    isPullRequest: false,
    title: 'Something',
    body: '',
    state: 'open',
    labels: [],
    assignees: [],
    author: 'someone',
    authorAssociation: 'NONE',
    updatedAt: '2026-01-01T00:00:00Z',
    comments: 0,
    locked: false,
    draft: false,
    ...overrides,
  };
}

export function config(yaml: string): TriageConfig {
  return parseTriageConfig(yaml, 'test.yml');
}

/** The stale settings of a config for issues (or pull requests). */
export function staleOf(yaml: string, isPullRequest = false): StaleConfig {
  return staleSettingsFor(config(yaml).stale!, isPullRequest);
}
