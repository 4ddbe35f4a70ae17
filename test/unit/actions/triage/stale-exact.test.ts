// actions/stale's exact comparisons under its rules (issue 37): an update counts when `updated_at` is more than 15 s
// after the mark (its `isDateMoreRecentThan(updated, marked, 15)`), a comment at the mark's second is a reply (its
// comments are listed `since` the mark), and a comment whose text is the stale message is no reply
// (`_hasCommentsSince`). Triage's own semantics keep their 60 s window after the engine's last write.
import { describe, expect, it } from 'vitest';
import { planItem } from '../../../../src/actions/triage/domain/item-plan';
import { WORKFLOW_TOKEN_IDENTITY, type CommentLike } from '../../../../src/actions/triage/domain/markers';
import { DAY_MS, decideStale, type MarkHistory } from '../../../../src/actions/triage/domain/stale';
import { staleSettingsFor } from '../../../../src/actions/triage/domain/stale-settings';
import { withStaleInputs } from '../../../../src/actions/triage/domain/stale-inputs';
import { onlyLabeledSinceMark } from '../../../../src/actions/triage/domain/reader';
import { fakeReader, silentLog } from './fakes';
import { config, makeItem, staleOf } from './items';

const now = new Date('2026-06-01T00:00:00Z');
const at = (ms: number) => new Date(now.getTime() - 10 * DAY_MS + ms).toISOString();
const triageOwn = staleOf('stale: { days-before-stale: 30, days-before-close: 7 }');
const semantics = staleOf('stale: { semantics: actions-stale, days-before-stale: 30, days-before-close: 7 }');
const withMessage = staleOf(
  'stale: { semantics: actions-stale, days-before-stale: 30, days-before-close: 7, stale-comment: This is Stale. }',
);
const fromInputs = staleSettingsFor(
  withStaleInputs(config(''), { 'days-before-stale': '30', 'days-before-close': '7', 'stale-issue-message': 'Stale.' })
    .stale!,
  false,
);
// Someone else's label, put on 10 days ago (the mark), and the item's last update `ms` after it.
const labelled = (ms: number) => makeItem({ labels: ['stale'], updatedAt: at(ms) });
const mark = (more: Partial<MarkHistory> = {}): MarkHistory => ({ markedAt: null, labeledAt: at(0), ...more });

describe("actions/stale's update window", () => {
  it.each([
    ['the same second', 0, 'close', 'close'],
    ['15 s after (equal within the tolerance)', 15_000, 'close', 'close'],
    ['15.001 s after', 15_001, 'unmark', 'close'],
    ['59 s after', 59_000, 'unmark', 'close'],
    ['61 s after', 61_000, 'unmark', 'unmark'],
  ])('an update %s: actions/stale rules %s, triage %s', (_name, ms, exact, own) => {
    for (const settings of [semantics, fromInputs])
      expect(decideStale(labelled(ms), settings, now, mark()).action).toBe(exact);
    const triageMark: MarkHistory = { markedAt: at(0), ownActivityAt: at(0) };
    expect(decideStale(labelled(ms), triageOwn, now, triageMark).action).toBe(own);
  });

  it('a comment at the mark itself is a reply under its rules, not under triage', () => {
    expect(decideStale(labelled(0), semantics, now, mark({ otherCommentAt: at(0) })).action).toBe('unmark');
    const triageMark: MarkHistory = { markedAt: at(0), ownActivityAt: at(0), otherCommentAt: at(0) };
    expect(decideStale(labelled(0), triageOwn, now, triageMark).action).toBe('close');
  });
});

describe('a comment repeating the stale message', () => {
  const person = (body: string): CommentLike => ({ body, created_at: at(1000), user: { login: 'mona', type: 'User' } });
  // `own`: the label and an (unmarked) stale comment are this identity's, as actions/stale leaves them.
  const plan = async (settingsYaml: string, body: string, own = false) => {
    const item = makeItem({ labels: ['stale'], updatedAt: at(1000) });
    const ownComment: CommentLike = {
      body: 'Stale.',
      created_at: at(0),
      user: { login: 'github-actions[bot]', type: 'Bot' },
    };
    const comments = own ? [ownComment, person(body)] : [person(body)];
    const reader = fakeReader({ items: [item], comments: { 1: comments } });
    reader.labelEvent = async () => ({ at: at(0), actor: own ? 'github-actions[bot]' : 'someone' });
    const ops = await planItem(
      { item, rules: [], stale: config(settingsYaml).stale, now },
      { reader, log: silentLog, identity: WORKFLOW_TOKEN_IDENTITY },
    );
    return ops.map((op) => `${op.kind} ${op.subject}`);
  };
  const yaml =
    'stale: { semantics: actions-stale, days-before-stale: 30, days-before-close: 7, stale-comment: This is Stale. }';

  it('is no reply under actions/stale semantics (case-insensitively): the item is closed', async () => {
    expect(withMessage['stale-comment']).toBe('This is Stale.');
    expect(await plan(yaml, 'this is STALE.')).toEqual(['close not_planned']);
    expect(await plan(yaml, 'this is STALE.', true)).toEqual(['close not_planned']);
  });

  it('any other text is a reply, and with no stale message every comment is one', async () => {
    expect(await plan(yaml, 'This is Stale. Still needed!')).toEqual(['remove-label stale']);
    const noMessage = 'stale: { semantics: actions-stale, days-before-stale: 30, days-before-close: 7 }';
    expect(
      await plan(
        noMessage,
        'This has had no activity for a while and is now marked stale. It will be closed if nothing happens.',
      ),
    ).toEqual(['remove-label stale']);
  });

  it("under triage's own semantics the text does not matter: a person's comment is a reply", async () => {
    const own = 'stale: { days-before-stale: 30, days-before-close: 7, stale-comment: This is Stale. }';
    expect(await plan(own, 'This is Stale.', true)).toEqual(['remove-label stale']);
  });
});

describe("actions/stale 10.2+: an update with only the stale label's events since the mark", () => {
  const ev = (event: string, ms: number, label?: string) => ({ event, created_at: at(ms), label });
  it.each([
    ['only the label', [ev('labeled', 0, 'Stale')], true],
    ['an older event before it', [ev('assigned', -5000), ev('labeled', 0, 'stale')], true],
    ['the label twice', [ev('labeled', 0, 'stale'), ev('labeled', 0, 'stale')], true],
    ['another label since', [ev('labeled', 0, 'stale'), ev('labeled', 2000, 'bug')], false],
    ['an event at the same second', [ev('labeled', 0, 'stale'), ev('renamed', 0)], false],
    [
      'unlabeled and labeled again',
      [ev('labeled', -9000, 'stale'), ev('unlabeled', -5000, 'stale'), ev('labeled', 0, 'stale')],
      true,
    ],
    ['no labeled event of it', [ev('labeled', 0, 'bug')], false],
    ['no events', [], false],
  ])('%s → %s', (_name, events, expected) => {
    expect(onlyLabeledSinceMark(events, 'stale')).toBe(expected);
  });

  it('the update is no activity under its rules (a reply still is); triage semantics ignore the flag', () => {
    const flagged = mark({ onlyLabeledSince: true });
    expect(decideStale(labelled(3600_000), semantics, now, flagged).action).toBe('close');
    expect(decideStale(labelled(3600_000), semantics, now, { ...flagged, otherCommentAt: at(1000) }).action).toBe(
      'unmark',
    );
    const triageMark: MarkHistory = { markedAt: at(0), ownActivityAt: at(0), onlyLabeledSince: true };
    expect(decideStale(labelled(3600_000), triageOwn, now, triageMark).action).toBe('unmark');
  });

  it('planItem reads the events only when the update alone would unmark', async () => {
    const run = async (updatedMs: number, only: boolean, comments: CommentLike[] = []) => {
      const item = makeItem({ labels: ['stale'], updatedAt: at(updatedMs) });
      const reader = fakeReader({ items: [item], comments: { 1: comments } });
      reader.labelEvent = async () => ({ at: at(0), actor: 'someone' });
      const asked: number[] = [];
      reader.onlyLabeledSince = async (n) => (asked.push(n), only);
      const ops = await planItem(
        { item, rules: [], stale: config('stale: { semantics: actions-stale, days-before-stale: 30 }').stale, now },
        { reader, log: silentLog, identity: WORKFLOW_TOKEN_IDENTITY },
      );
      return { ops: ops.map((op) => `${op.kind} ${op.subject}`), asked };
    };
    expect(await run(3600_000, true)).toEqual({ ops: ['close not_planned'], asked: [1] });
    expect(await run(3600_000, false)).toEqual({ ops: ['remove-label stale'], asked: [1] });
    expect(await run(0, true)).toEqual({ ops: ['close not_planned'], asked: [] });
    const reply: CommentLike = { body: 'still here', created_at: at(1000), user: { login: 'mona', type: 'User' } };
    expect(await run(3600_000, true, [reply])).toEqual({ ops: ['remove-label stale'], asked: [] });
  });
});
