// The close label of a reopened item: actions/stale (src/classes/issues-processor.ts `_removeCloseLabel`, v10.1.1)
// removes `close-issue-label` / `close-pr-label` from every open, unlocked item it processes, after its scope checks
// (include-only-assigned, only-issue-types, only-labels) and before the others (start-date, exemptions,
// any-of-labels), whatever the item's stale state.
import { describe, expect, it } from 'vitest';
import { DAY_MS, decideStale, keepsCloseLabel, staleOperations } from '../../../../src/actions/triage/domain/stale';
import { makeItem, staleOf } from './items';

const now = new Date('2026-06-01T00:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
const kinds = (ops: { kind: string; subject: string }[]) => ops.map((op) => `${op.kind} ${op.subject}`);
const settings = (more = '', pull = false) =>
  staleOf(
    `stale: { days-before-stale: 30, days-before-close: 7, close-issue-label: closed-stale, close-pr-label: closed-stale${more} }`,
    pull,
  );
const plan = (item: ReturnType<typeof makeItem>, s = settings()) =>
  kinds(staleOperations(item, s, decideStale(item, s, now)));

describe('close-issue-label / close-pr-label on an open item', () => {
  it('comes off a reopened item, recent or idle, issue or pull request (the label as the item spells it)', () => {
    expect(plan(makeItem({ labels: ['Closed-Stale'], updatedAt: ago(1) }))).toEqual(['remove-label Closed-Stale']);
    // Idle again: the close label comes off and the item is marked in the same run.
    expect(plan(makeItem({ labels: ['closed-stale'], updatedAt: ago(40) }))).toEqual([
      'remove-label closed-stale',
      'add-label stale',
      expect.stringMatching(/^comment /),
    ]);
    const pull = makeItem({ isPullRequest: true, labels: ['closed-stale'], updatedAt: ago(1) });
    expect(plan(pull, settings('', true))).toEqual(['remove-label closed-stale']);
  });

  it('comes off exempt items and items before start-date or outside any-of-labels (checked after it)', () => {
    expect(plan(makeItem({ labels: ['closed-stale', 'pinned'] }), settings(', exempt-issue-labels: pinned'))).toEqual([
      'remove-label closed-stale',
    ]);
    const early = makeItem({ labels: ['closed-stale'], createdAt: ago(300), updatedAt: ago(1) });
    expect(plan(early, settings(", start-date: '2026-05-01T00:00:00Z'"))).toEqual(['remove-label closed-stale']);
    expect(plan(makeItem({ labels: ['closed-stale'] }), settings(', any-of-labels: bug'))).toEqual([
      'remove-label closed-stale',
    ]);
  });

  it('stays on closed and locked items, and on items the scope checks skip', () => {
    expect(plan(makeItem({ labels: ['closed-stale'], state: 'closed' }))).toEqual([]);
    expect(plan(makeItem({ labels: ['closed-stale'], locked: true }))).toEqual([]);
    expect(plan(makeItem({ labels: ['closed-stale'] }), settings(', include-only-assigned: true'))).toEqual([]);
    expect(
      plan(makeItem({ labels: ['closed-stale'], issueType: 'Task' }), settings(', only-issue-types: bug')),
    ).toEqual([]);
    expect(plan(makeItem({ labels: ['closed-stale'] }), settings(', only-labels: bug'))).toEqual([]);
    expect(
      plan(makeItem({ labels: ['closed-stale', 'bug'], updatedAt: ago(1) }), settings(', only-labels: bug')),
    ).toEqual(['remove-label closed-stale']);
  });

  it('without a close label nothing is removed; an item closed in this run keeps it', () => {
    const none = staleOf('stale: { days-before-stale: 30 }');
    expect(keepsCloseLabel(makeItem({ labels: ['closed-stale'] }), none)).toBe(true);
    const closing = makeItem({ labels: ['stale', 'closed-stale'], updatedAt: ago(10) });
    const s = settings();
    const decision = decideStale(closing, s, now, { markedAt: ago(10) });
    expect(decision.action).toBe('close');
    expect(kinds(staleOperations(closing, s, decision))).toEqual(['close not_planned']);
  });
});

describe('days-before-close with semantics actions-stale', () => {
  it('is a whole number of days, as actions/stale parses it (parseInt); triage keeps fractions', () => {
    expect(staleOf('stale: { days-before-close: 1.5, semantics: actions-stale }')['days-before-close']).toBe(1);
    expect(staleOf('stale: { days-before-close: -1, semantics: actions-stale }')['days-before-close']).toBe(-1);
    expect(staleOf('stale: { days-before-close: 1.5 }')['days-before-close']).toBe(1.5);
  });
});
