// Marks by evidence (issue 37): a stale label without the engine's marker comment is judged by who put it on. Its
// last `labeled` event by this run's identity makes it this action's mark, dated by that event; someone else's label
// follows actions/stale's rules when its inputs are given (it marks alone, no comment), triage's own otherwise.
import { describe, expect, it } from 'vitest';
import { DAY_MS, decideStale, type MarkHistory } from '../../../../src/actions/triage/domain/stale';
import { staleSettingsFor } from '../../../../src/actions/triage/domain/stale-settings';
import { withStaleInputs } from '../../../../src/actions/triage/domain/stale-inputs';
import { config, makeItem, staleOf } from './items';

const now = new Date('2026-06-01T00:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
const triageOwn = staleOf('stale: { days-before-stale: 30, days-before-close: 7 }');
const fromInputs = staleSettingsFor(
  withStaleInputs(config(''), { 'days-before-stale': '30', 'days-before-close': '7', 'stale-issue-message': 'Stale.' })
    .stale!,
  false,
);
const labelled = (days: number) => makeItem({ labels: ['stale'], updatedAt: ago(days) });
const history = (days: number, more: Partial<MarkHistory>): MarkHistory => ({
  markedAt: null,
  labeledAt: ago(days),
  ...more,
});

describe('stale marks by evidence', () => {
  it("this identity's label with its comment (actions/stale's mark) is the mark, dated by the event", () => {
    const own = { labeledByOwn: true, ownCommentSinceLabel: true, ownActivityAt: ago(10) };
    for (const settings of [triageOwn, fromInputs]) {
      expect(decideStale(labelled(10), settings, now, history(10, own)).action).toBe('close');
      expect(decideStale(labelled(3), settings, now, history(3, { ...own, ownActivityAt: ago(3) })).action).toBe(
        'none',
      );
    }
  });

  it("this identity's label without its comment since (a killed run) gets the stale comment", () => {
    expect(decideStale(labelled(10), triageOwn, now, history(10, { labeledByOwn: true })).action).toBe('mark-comment');
  });

  it("someone else's label: actions/stale's rules with its inputs (no comment, close after the days), triage's own without", () => {
    expect(decideStale(labelled(10), fromInputs, now, history(10, {})).action).toBe('close');
    expect(decideStale(labelled(5), fromInputs, now, history(5, {})).action).toBe('none');
    expect(decideStale(labelled(10), fromInputs, now, history(10, { otherCommentAt: ago(9) })).action).toBe('unmark');
    expect(decideStale(labelled(10), triageOwn, now, history(10, {})).action).toBe('mark-comment');
  });

  it('filters and exemptions skip a labelled item: its label stays', () => {
    const only = staleOf('stale: { days-before-stale: 30, only-labels: [hue], exempt-labels: [pinned] }');
    for (const labels of [['stale'], ['stale', 'hue', 'pinned']])
      expect(decideStale(makeItem({ labels, updatedAt: ago(1) }), only, now).action).toBe('none');
  });
});
