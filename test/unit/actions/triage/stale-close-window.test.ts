// When a marked item is closed with remove-stale-when-updated off. actions/stale (v10.1.1 `_processStaleIssue`)
// closes only an item not updated within days-before-close and with no reply since the mark (main.spec.ts: a label
// put on 26 days ago and an update 9 days ago closes with 7 days); `semantics: actions-stale` does the same, triage's
// own semantics count days-before-close from the mark.
import { describe, expect, it } from 'vitest';
import { DAY_MS, decideStale } from '../../../../src/actions/triage/domain/stale';
import { makeItem, staleOf } from './items';

const now = new Date('2026-06-01T00:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
const settings = (semantics: string) =>
  staleOf(
    `stale: { days-before-stale: 30, days-before-close: 7, remove-stale-when-updated: false, semantics: ${semantics} }`,
  );

describe('closing a marked item with remove-stale-when-updated off', () => {
  it('actions-stale: an update 9 days ago with 7 days closes; one 3 days ago or a reply since the mark does not', () => {
    const exact = settings('actions-stale');
    const old = makeItem({ labels: ['stale'], updatedAt: ago(9) });
    expect(decideStale(old, exact, now, { markedAt: null, labeledAt: ago(26) }).action).toBe('close');
    const recent = makeItem({ labels: ['stale'], updatedAt: ago(3) });
    expect(decideStale(recent, exact, now, { markedAt: null, labeledAt: ago(26) }).action).toBe('none');
    expect(decideStale(old, exact, now, { markedAt: null, labeledAt: ago(26), otherCommentAt: ago(10) }).action).toBe(
      'none',
    );
  });

  it('triage: days-before-close counts from the mark, the label stays on', () => {
    const own = settings('triage');
    const recent = makeItem({ labels: ['stale'], updatedAt: ago(3) });
    expect(decideStale(recent, own, now, { markedAt: ago(26), otherCommentAt: ago(3) }).action).toBe('close');
  });
});
