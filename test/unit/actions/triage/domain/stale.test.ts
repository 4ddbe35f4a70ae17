import { describe, expect, it } from 'vitest';
import { DAY_MS, decideStale, staleOperations, type MarkHistory } from '../../../../../src/actions/triage/domain/stale';
import { makeItem, staleOf } from '../items';

const BASE =
  'stale: { days-before-stale: 60, days-before-close: 14, exempt-labels: [pinned], only: issues, stale-comment: Stale., close-comment: Closed.';
const stale = staleOf(`${BASE} }`);
const now = new Date('2026-06-01T00:00:00Z');
const ago = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY_MS + extraMs).toISOString();
const marked = (at: string | null, more: Partial<MarkHistory> = {}): MarkHistory => ({ markedAt: at, ...more });

describe('decideStale', () => {
  it.each<[string, ReturnType<typeof makeItem>, MarkHistory | undefined, string]>([
    ['active issue', makeItem({ updatedAt: ago(59) }), undefined, 'none'],
    ['idle issue', makeItem({ updatedAt: ago(60) }), undefined, 'mark'],
    ['idle pull request, only issues', makeItem({ isPullRequest: true, updatedAt: ago(100) }), undefined, 'none'],
    ['idle exempt issue', makeItem({ labels: ['Pinned'], updatedAt: ago(100) }), undefined, 'none'],
    [
      'stale and exempt: skipped, its label stays (as actions/stale)',
      makeItem({ labels: ['stale', 'pinned'], updatedAt: ago(1) }),
      undefined,
      'none',
    ],
    ['closed', makeItem({ state: 'closed', updatedAt: ago(100) }), undefined, 'none'],
    ['locked', makeItem({ locked: true, updatedAt: ago(100) }), undefined, 'none'],
    [
      "stale, one comment, idle past the close: read (the comment may be anyone's)",
      makeItem({ labels: ['stale'], comments: 1, updatedAt: ago(14) }),
      undefined,
      'needs-mark-time',
    ],
    [
      'stale, two comments (a reply?), idle past the close: read',
      makeItem({ labels: ['stale'], comments: 2, updatedAt: ago(14) }),
      undefined,
      'needs-mark-time',
    ],
    [
      'stale, marked long enough ago → close',
      makeItem({ labels: ['stale'], updatedAt: ago(14) }),
      marked(ago(14, -1000)),
      'close',
    ],
    ['a reply after the mark → unmark', makeItem({ labels: ['stale'], updatedAt: ago(3) }), marked(ago(10)), 'unmark'],
    ['stale, recent, not read', makeItem({ labels: ['stale'], updatedAt: ago(3) }), undefined, 'needs-mark-time'],
    [
      'stale, no activity since the mark',
      makeItem({ labels: ['stale'], updatedAt: ago(3) }),
      marked(ago(3, -1000)),
      'none',
    ],
    [
      'the own last write (a rule comment) after the mark is not activity',
      makeItem({ labels: ['stale'], updatedAt: ago(2) }),
      marked(ago(3), { ownActivityAt: ago(2, -500) }),
      'none',
    ],
    [
      'the label without the stale comment (a killed run) → the comment',
      makeItem({ labels: ['stale'], updatedAt: ago(3) }),
      marked(null),
      'mark-comment',
    ],
    [
      'locked, no stale comment → left alone',
      makeItem({ labels: ['stale'], locked: true, updatedAt: ago(3) }),
      marked(null),
      'none',
    ],
  ])('%s → %s', (_name, item, history, action) => {
    expect(decideStale(item, stale, now, history).action).toBe(action);
  });

  it('closes without a second comment when an earlier run commented but did not close', () => {
    const item = makeItem({ labels: ['stale'], updatedAt: ago(0, -5000) });
    expect(decideStale(item, stale, now, marked(ago(14), { closingAt: ago(0, -6000) }))).toEqual({
      action: 'close',
      comment: false,
    });
    expect(staleOperations(item, stale, { action: 'close', comment: false }).map((op) => op.kind)).toEqual(['close']);
    // A reply after that close comment unmarks instead.
    const replied = makeItem({ labels: ['stale'], updatedAt: ago(0) });
    expect(decideStale(replied, stale, now, marked(ago(14), { closingAt: ago(2) })).action).toBe('unmark');
  });

  it('leaves a locked item alone, marked or not (as actions/stale: a locked conversation is skipped)', () => {
    const item = makeItem({ labels: ['stale'], locked: true, comments: 1, updatedAt: ago(20) });
    expect(decideStale(item, stale, now)).toEqual({ action: 'none', reason: 'locked' });
    expect(decideStale(item, stale, now, marked(ago(20))).action).toBe('none');
  });

  it('posts no close comment unless one is configured', () => {
    const quiet = staleOf('stale: { days-before-close: 7 }');
    const item = makeItem({ labels: ['stale'], comments: 1, updatedAt: ago(8) });
    const decision = decideStale(item, quiet, now, marked(ago(8)));
    expect(staleOperations(item, quiet, decision).map((op) => op.kind)).toEqual(['close']);
    expect(quiet['stale-comment']).toMatch(/marked stale/);
  });

  it('never closes with days-before-close: -1', () => {
    const never = staleOf('stale: { days-before-close: -1 }');
    expect(decideStale(makeItem({ labels: ['stale'], updatedAt: ago(400) }), never, now, marked(ago(400))).action).toBe(
      'none',
    );
  });

  it('keeps the label on activity with remove-stale-when-updated: false', () => {
    const keep = staleOf('stale: { days-before-close: 14, remove-stale-when-updated: false }');
    const item = makeItem({ labels: ['stale'], updatedAt: ago(1) });
    expect(decideStale(item, keep, now, marked(ago(10))).action).toBe('none');
    expect(decideStale(item, keep, now, marked(ago(15))).action).toBe('close');
  });

  it.each([
    ['exempt-milestones', '{ exempt-milestones: [v2] }', { milestone: 'V2' }],
    ['exempt-all-milestones', '{ exempt-all-milestones: true }', { milestone: 'anything' }],
    ['exempt-assignees', '{ exempt-assignees: [mona] }', { assignees: ['Mona'] }],
    ['exempt-all-assignees', '{ exempt-all-assignees: true }', { assignees: ['rita'] }],
    ['exempt-draft-pr', '{ exempt-draft-pr: true }', { isPullRequest: true, draft: true }],
    ['only-labels', '{ only-labels: [bug, help] }', { labels: ['bug'] }],
    ['any-of-labels', '{ any-of-labels: [bug, help] }', { labels: ['docs'] }],
  ])('%s leaves the item alone', (_what, settings, fields) => {
    const cfg = staleOf(`stale: ${settings}`, 'isPullRequest' in fields);
    expect(decideStale(makeItem({ updatedAt: ago(100), ...fields }), cfg, now).action).toBe('none');
    expect(
      decideStale(
        makeItem({
          updatedAt: ago(100),
          ...fields,
          milestone: undefined,
          assignees: [],
          draft: false,
          labels: ['bug', 'help'],
        }),
        cfg,
        now,
      ).action,
    ).toBe('mark');
  });

  it('takes the issues and pull-requests sections over the common one', () => {
    const yaml =
      'stale: { days-before-stale: 30, issues: { days-before-stale: 90 }, pull-requests: { stale-label: old } }';
    expect(staleOf(yaml)['days-before-stale']).toBe(90);
    expect(staleOf(yaml, true)).toMatchObject({ 'days-before-stale': 30, 'stale-label': 'old' });
  });
});

describe('staleOperations', () => {
  const item = makeItem({ number: 9, labels: ['STALE', 'triaged'] });
  const extra = staleOf(`${BASE}, labels-to-remove-when-stale: [triaged], labels-to-add-when-unstale: [needs-look] }`);
  it.each([
    ['mark', ['add-label stale', 'comment Stale.', 'remove-label triaged']],
    ['close', ['comment Closed.', 'close not_planned']],
    ['unmark', ['remove-label STALE', 'add-label needs-look']],
    ['none', []],
  ] as const)('%s', (action, ops) => {
    const decision =
      action === 'unmark' || action === 'none'
        ? { action, reason: 'x' }
        : action === 'close'
          ? { action, comment: true }
          : { action };
    expect(staleOperations(item, extra, decision).map((op) => `${op.kind} ${op.subject}`)).toEqual(ops);
  });

  it('writes the label before the comment and marks the comment', () => {
    const [label, comment] = staleOperations(item, stale, { action: 'mark' });
    expect(label.kind).toBe('add-label');
    expect(comment.payload).toEqual({ type: 'comment', body: 'Stale.\n\n<!-- repo-actions:triage stale -->' });
  });
});
