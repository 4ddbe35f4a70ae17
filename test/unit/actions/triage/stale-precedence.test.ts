// actions/stale's issue/PR-specific inputs over its common ones, as its spec files check them (milestones.spec.ts,
// remove-stale-when-updated.spec.ts, updates-reset-stale.spec.ts, any-of-labels.spec.ts, only-labels.spec.ts,
// v10.1.1): a specific input that is set wins, for its kind only; unset, the common one applies. Written anew here
// as planner-level cases over actions/stale's input names.
import { describe, expect, it } from 'vitest';
import { DAY_MS, decideStale } from '../../../../src/actions/triage/domain/stale';
import { makeItem, staleOf } from './items';

const now = new Date('2026-06-01T00:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
const settings = (more: string, pull: boolean) => staleOf(`stale: { days-before-stale: 10, ${more} }`, pull);
const idle = (pull: boolean, more: Parameters<typeof makeItem>[0] = {}) =>
  makeItem({ isPullRequest: pull, updatedAt: ago(20), createdAt: ago(30), ...more });
/** What happens to an idle issue and an idle pull request. */
const both = (more: string, item: Parameters<typeof makeItem>[0] = {}) =>
  [false, true].map((pull) => decideStale(idle(pull, item), settings(more, pull), now).action);

describe('issue/PR-specific stale inputs over the common ones', () => {
  it.each([
    ['exempt-milestones: v1', ['none', 'none']],
    ['exempt-milestones: v1, exempt-issue-milestones: v2', ['mark', 'none']],
    ['exempt-milestones: v2, exempt-pr-milestones: v1', ['mark', 'none']],
    ['exempt-all-milestones: true', ['none', 'none']],
    ['exempt-all-milestones: true, exempt-all-issue-milestones: false', ['mark', 'none']],
    ['exempt-all-pr-milestones: true', ['mark', 'none']],
    ["exempt-milestones: 'v2, v1'", ['none', 'none']],
  ])('milestone v1 with %s → %j', (more, expected) => {
    expect(both(more, { milestone: 'v1' })).toEqual(expected);
  });

  it.each([
    ['exempt-assignees: mona', ['none', 'none']],
    ['exempt-assignees: mona, exempt-issue-assignees: lisa', ['mark', 'none']],
    ['exempt-all-assignees: true, exempt-all-pr-assignees: false', ['none', 'mark']],
    ['exempt-all-issue-assignees: true', ['none', 'mark']],
  ])('assigned to mona with %s → %j', (more, expected) => {
    expect(both(more, { assignees: ['mona'] })).toEqual(expected);
  });

  it.each([
    ['only-labels: bug', ['mark', 'mark']],
    ['only-labels: feature', ['none', 'none']],
    ['only-labels: feature, only-issue-labels: bug', ['mark', 'none']],
    ['only-pr-labels: feature', ['mark', 'none']],
    ["only-labels: 'bug, wip'", ['none', 'none']],
    ['any-of-labels: feature', ['none', 'none']],
    ["any-of-labels: 'feature, bug'", ['mark', 'mark']],
    ['any-of-labels: feature, any-of-issue-labels: bug', ['mark', 'none']],
    ['any-of-pr-labels: feature', ['mark', 'none']],
  ])('labelled bug with %s → %j', (more, expected) => {
    expect(both(more, { labels: ['bug'] })).toEqual(expected);
  });

  it.each([
    // Created 20 days ago, updated 5 days ago, stale after 10 days.
    ['ignore-updates: false', ['none', 'none']],
    ['ignore-updates: true', ['mark', 'mark']],
    ['ignore-updates: true, ignore-issue-updates: false', ['none', 'mark']],
    ['ignore-pr-updates: true', ['none', 'mark']],
  ])('updated 5 days ago with %s → %j', (more, expected) => {
    expect(both(more, { createdAt: ago(20), updatedAt: ago(5) })).toEqual(expected);
  });

  it.each([
    ['remove-stale-when-updated: false', ['none', 'none']],
    ['remove-stale-when-updated: true', ['unmark', 'unmark']],
    ['remove-stale-when-updated: false, remove-issue-stale-when-updated: true', ['unmark', 'none']],
    ['remove-stale-when-updated: true, remove-pr-stale-when-updated: false', ['unmark', 'none']],
  ])('marked 3 days ago and updated since, with %s → %j', (more, expected) => {
    const actions = [false, true].map(
      (pull) =>
        decideStale(idle(pull, { labels: ['stale'], updatedAt: ago(1) }), settings(more, pull), now, {
          markedAt: ago(3),
        }).action,
    );
    expect(actions).toEqual(expected);
  });
});
