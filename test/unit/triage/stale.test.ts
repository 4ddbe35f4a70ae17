import { describe, expect, it } from 'vitest';
import { DAY_MS, decideStale, staleOperations } from '../../../src/triage/stale';
import { config, makeItem } from './items';

const stale = config(
  'stale: { days-before-stale: 60, days-before-close: 14, exempt-labels: [pinned], only: issues, stale-comment: Stale., close-comment: Closed. }',
).stale!;
const now = new Date('2026-06-01T00:00:00Z');
const ago = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY_MS + extraMs).toISOString();

describe('decideStale', () => {
  it.each([
    ['active issue', makeItem({ updatedAt: ago(59) }), undefined, 'none'],
    ['idle issue', makeItem({ updatedAt: ago(60) }), undefined, 'mark'],
    ['idle pull request, only issues', makeItem({ isPullRequest: true, updatedAt: ago(100) }), undefined, 'none'],
    ['idle exempt issue', makeItem({ labels: ['Pinned'], updatedAt: ago(100) }), undefined, 'none'],
    ['stale and exempt', makeItem({ labels: ['stale', 'pinned'], updatedAt: ago(1) }), undefined, 'unmark'],
    ['closed', makeItem({ state: 'closed', updatedAt: ago(100) }), undefined, 'none'],
    ['locked', makeItem({ locked: true, updatedAt: ago(100) }), undefined, 'none'],
    ['stale, idle long enough → close', makeItem({ labels: ['stale'], updatedAt: ago(14) }), ago(14, -1000), 'close'],
    ['stale by hand, idle long enough → close', makeItem({ labels: ['stale'], updatedAt: ago(14) }), null, 'close'],
    [
      'stale, idle long enough, not read',
      makeItem({ labels: ['stale'], updatedAt: ago(14) }),
      undefined,
      'needs-mark-time',
    ],
    [
      'stale, a reply after the mark, then idle past the close',
      makeItem({ labels: ['stale'], updatedAt: ago(20) }),
      ago(30),
      'unmark',
    ],
    ['stale, recent, not read', makeItem({ labels: ['stale'], updatedAt: ago(3) }), undefined, 'needs-mark-time'],
    ['stale, no activity since the mark', makeItem({ labels: ['stale'], updatedAt: ago(3) }), ago(3, -1000), 'none'],
    ['stale, activity after the mark', makeItem({ labels: ['stale'], updatedAt: ago(1) }), ago(3), 'unmark'],
    [
      'stale by hand or interrupted (no stale comment), recent → the comment',
      makeItem({ labels: ['stale'], updatedAt: ago(3) }),
      null,
      'mark-comment',
    ],
    [
      'stale, locked, no stale comment, recent → waiting',
      makeItem({ labels: ['stale'], locked: true, updatedAt: ago(3) }),
      null,
      'none',
    ],
  ])('%s → %s', (_name, item, markedAt, action) => {
    expect(decideStale(item, stale, now, markedAt).action).toBe(action);
  });

  it('closes without a second comment when an earlier run commented but did not close', () => {
    const item = makeItem({ labels: ['stale'], updatedAt: ago(0, -5000) });
    expect(decideStale(item, stale, now, ago(14), ago(0, -6000))).toEqual({ action: 'close', comment: false });
    expect(staleOperations(item, stale, { action: 'close', comment: false }).map((op) => op.kind)).toEqual(['close']);
    // A reply after that close comment unmarks instead.
    expect(decideStale(makeItem({ labels: ['stale'], updatedAt: ago(0) }), stale, now, ago(14), ago(2)).action).toBe(
      'unmark',
    );
    // An older close comment (an earlier round, reopened since) does not count.
    expect(
      decideStale(makeItem({ labels: ['stale'], updatedAt: ago(3) }), stale, now, ago(3, -1000), ago(40)).action,
    ).toBe('none');
  });

  it('closes a locked stale item without commenting (a locked conversation refuses comments)', () => {
    const item = makeItem({ labels: ['stale'], locked: true, updatedAt: ago(20) });
    const decision = decideStale(item, stale, now, ago(20, -1000));
    expect(decision).toEqual({ action: 'close', comment: false });
    expect(staleOperations(item, stale, decision).map((op) => op.kind)).toEqual(['close']);
  });

  it('covers both kinds with only: both / pull requests with only: pull-requests', () => {
    const both = { ...stale, only: 'both' as const };
    const pulls = { ...stale, only: 'pull-requests' as const };
    const pr = makeItem({ isPullRequest: true, updatedAt: ago(61) });
    expect(decideStale(pr, both, now).action).toBe('mark');
    expect(decideStale(pr, pulls, now).action).toBe('mark');
    expect(decideStale(makeItem({ updatedAt: ago(61) }), pulls, now).action).toBe('none');
  });
});

describe('staleOperations', () => {
  const item = makeItem({ number: 9, labels: ['STALE'] });
  it.each([
    ['mark', ['add-label stale', 'comment Stale.']],
    ['close', ['comment Closed.', 'close not_planned']],
    ['unmark', ['remove-label STALE']],
    ['none', []],
  ] as const)('%s', (action, ops) => {
    const decision =
      action === 'unmark' ? { action, reason: 'x' } : action === 'none' ? { action, reason: 'x' } : { action };
    expect(staleOperations(item, stale, decision).map((op) => `${op.kind} ${op.subject}`)).toEqual(ops);
  });

  it('marks comments so the mark time can be found', () => {
    const [, comment] = staleOperations(item, stale, { action: 'mark' });
    expect(comment.payload).toEqual({ type: 'comment', body: 'Stale.\n\n<!-- repo-actions:triage stale -->' });
  });
});
