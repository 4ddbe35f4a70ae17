// actions/stale's inputs under their own names (config section and step inputs) and the decisions they select,
// checked against actions/stale's documented behaviour (its README and src/classes/issues-processor.ts).
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/kernel/inputs';
import { DAY_MS, decideStale, staleOperations, type MarkHistory } from '../../../../src/actions/triage/domain/stale';
import { staleSectionOfInputs, withStaleInputs } from '../../../../src/actions/triage/domain/stale-inputs';
import { staleSettingsFor } from '../../../../src/actions/triage/domain/stale-settings';
import { inStaleOrder } from '../../../../src/actions/triage/domain/sweep';
import { config, makeItem, staleOf } from './items';

const now = new Date('2026-06-01T00:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
const kinds = (ops: { kind: string; subject: string }[]) => ops.map((op) => `${op.kind} ${op.subject}`);

describe('actions/stale names in the stale section', () => {
  it('issue/PR-specific names go to their section and win over the common ones', () => {
    const yaml = `stale:
  days-before-stale: 30
  days-before-issue-stale: 10
  days-before-pr-close: -1
  stale-issue-message: Issue stale.
  stale-pr-message: PR stale.
  stale-issue-label: old-issue
  exempt-issue-labels: 'pinned, security'
  exempt-pr-labels: [wip]
  close-pr-label: closed-stale
  close-issue-reason: completed`;
    const issue = staleOf(yaml);
    const pull = staleOf(yaml, true);
    expect(issue).toMatchObject({
      'days-before-stale': 10,
      'days-before-close': 7,
      'stale-comment': 'Issue stale.',
      'stale-label': 'old-issue',
      'exempt-labels': ['pinned', 'security'],
      'close-reason': 'completed',
    });
    expect(pull).toMatchObject({
      'days-before-stale': 30,
      'days-before-close': -1,
      'stale-comment': 'PR stale.',
      'stale-label': 'stale',
      'exempt-labels': ['wip'],
      'close-label': 'closed-stale',
      'close-reason': 'not_planned',
    });
  });

  it('accepts days-before-stale 0, fractions and -1; refuses -2', () => {
    expect(staleOf('stale: { days-before-stale: 0 }')['days-before-stale']).toBe(0);
    expect(staleOf('stale: { days-before-stale: 0.5 }')['days-before-stale']).toBe(0.5);
    expect(staleOf('stale: { days-before-stale: -1 }')['days-before-stale']).toBe(-1);
    expect(() => config('stale: { days-before-stale: -2 }')).toThrow(/days-before-stale/);
  });

  it('step inputs are strings, typed by the section schema; a bad one names the input', () => {
    const section = staleSectionOfInputs({
      'days-before-issue-stale': '0.25',
      'remove-stale-when-updated': 'false',
      'only-labels': 'a,b',
      'operations-per-run': '5',
    })!;
    expect(staleSettingsFor(section, false)).toMatchObject({
      'days-before-stale': 0.25,
      'remove-stale-when-updated': false,
      'only-labels': ['a', 'b'],
    });
    expect(section['operations-per-run']).toBe(5);
    expect(staleSectionOfInputs({})).toBeUndefined();
    let error: unknown;
    try {
      staleSectionOfInputs({ 'days-before-pr-close': 'soon' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).input).toBe('days-before-pr-close');
  });

  it("step inputs override the file's settings, keeping what they do not name", () => {
    const merged = withStaleInputs(config('stale: { only: issues, days-before-close: 3, exempt-labels: [keep] }'), {
      'days-before-close': '9',
      'stale-issue-label': 'Stale',
    });
    expect(merged.stale).toMatchObject({ only: 'issues', 'days-before-close': 9, 'exempt-labels': ['keep'] });
    expect(staleSettingsFor(merged.stale!, false)['stale-label']).toBe('Stale');
  });
});

describe('actions/stale decisions', () => {
  /** Stale settings with days-before-stale 30 and days-before-close 7 unless `more` sets them. */
  const settings = (more = '', pull = false) => {
    const keys = [
      ...(/days-before-stale/.test(more) ? [] : ['days-before-stale: 30']),
      ...(/days-before-close/.test(more) ? [] : ['days-before-close: 7']),
      ...(more ? [more] : []),
    ];
    return staleOf(`stale: { ${keys.join(', ')} }`, pull);
  };
  const marked = (markedAt: string | null, more: Partial<MarkHistory> = {}): MarkHistory => ({ markedAt, ...more });

  it('days-before-stale 0 marks at once; -1 never marks but still closes what is marked', () => {
    expect(decideStale(makeItem({ updatedAt: now.toISOString() }), settings('days-before-stale: 0'), now)).toEqual({
      action: 'mark',
    });
    const never = settings('days-before-stale: -1');
    expect(decideStale(makeItem({ updatedAt: ago(400) }), never, now).action).toBe('none');
    expect(decideStale(makeItem({ labels: ['stale'], updatedAt: ago(8) }), never, now, marked(ago(8))).action).toBe(
      'close',
    );
  });

  it('fractional days: half a day idle is stale with 0.5', () => {
    const half = settings('days-before-stale: 0.5');
    expect(decideStale(makeItem({ updatedAt: ago(0.6) }), half, now).action).toBe('mark');
    expect(decideStale(makeItem({ updatedAt: ago(0.4) }), half, now).action).toBe('none');
  });

  it('days-before-close 0: marked and closed in one run, the stale comment first', () => {
    const zero = settings('days-before-close: 0, close-label: closed-stale');
    const item = makeItem({ updatedAt: ago(40) });
    const decision = decideStale(item, zero, now);
    expect(decision).toEqual({ action: 'mark', close: true });
    expect(kinds(staleOperations(item, zero, decision))).toEqual([
      'add-label stale',
      expect.stringMatching(/^comment /),
      'add-label closed-stale',
      'close not_planned',
    ]);
  });

  it('ignore-updates counts from creation', () => {
    const ignore = settings('ignore-updates: true');
    expect(decideStale(makeItem({ updatedAt: ago(1), createdAt: ago(40) }), ignore, now).action).toBe('mark');
    expect(decideStale(makeItem({ updatedAt: ago(40), createdAt: ago(20) }), ignore, now).action).toBe('none');
  });

  it('include-only-assigned, only-issue-types (issues only) and start-date skip items', () => {
    const s = settings('include-only-assigned: true');
    expect(decideStale(makeItem({ updatedAt: ago(40) }), s, now).action).toBe('none');
    expect(decideStale(makeItem({ updatedAt: ago(40), assignees: ['mona'] }), s, now).action).toBe('mark');
    const types = 'only-issue-types: "bug, Task"';
    expect(decideStale(makeItem({ updatedAt: ago(40), issueType: 'Bug' }), settings(types), now).action).toBe('mark');
    expect(decideStale(makeItem({ updatedAt: ago(40), issueType: 'Feature' }), settings(types), now).action).toBe(
      'none',
    );
    expect(decideStale(makeItem({ updatedAt: ago(40), isPullRequest: true }), settings(types, true), now).action).toBe(
      'mark',
    );
    const start = settings("start-date: '2026-05-01T00:00:00Z'");
    expect(decideStale(makeItem({ updatedAt: ago(40), createdAt: ago(40) }), start, now).action).toBe('none');
    const recent = makeItem({ updatedAt: ago(0), createdAt: ago(20) });
    expect(
      decideStale(
        recent,
        settings("start-date: '2026-05-01T00:00:00Z', ignore-updates: true, days-before-stale: 10"),
        now,
      ).action,
    ).toBe('mark');
  });

  it('a reply after the mark unmarks even when updated_at did not move past it; labels-to-remove-when-unstale', () => {
    const s = settings('labels-to-remove-when-unstale: [waiting], labels-to-add-when-unstale: [triage]');
    const item = makeItem({ labels: ['stale', 'waiting'], updatedAt: ago(3) });
    const decision = decideStale(item, s, now, marked(ago(3), { otherCommentAt: ago(2.9) }));
    expect(decision.action).toBe('unmark');
    expect(kinds(staleOperations(item, s, decision))).toEqual([
      'remove-label stale',
      'remove-label waiting',
      'add-label triage',
    ]);
  });

  it("a person's label: triage posts its comment first; actions-stale counts from the labeled event", () => {
    const item = makeItem({ labels: ['stale'], updatedAt: ago(10) });
    expect(decideStale(item, settings(), now, marked(null)).action).toBe('mark-comment');
    const exact = settings('semantics: actions-stale');
    expect(decideStale(item, exact, now, marked(null, { labeledAt: ago(10) })).action).toBe('close');
    // Updated after the label was put on (a reply moved updated_at): the label goes.
    const replied = makeItem({ labels: ['stale'], updatedAt: ago(1) });
    expect(decideStale(replied, exact, now, marked(null, { labeledAt: ago(5) })).action).toBe('unmark');
    // No event read: the last update stands for the mark (actions/stale's fallback).
    expect(decideStale(item, exact, now, marked(null)).action).toBe('close');
  });

  it('actions-stale without a stale message marks with the label alone', () => {
    const exact = settings('semantics: actions-stale');
    const item = makeItem({ updatedAt: ago(40) });
    expect(kinds(staleOperations(item, exact, decideStale(item, exact, now)))).toEqual(['add-label stale']);
    const withMessage = settings('semantics: actions-stale, stale-issue-message: Stale.');
    expect(staleOperations(item, withMessage, { action: 'mark' })).toHaveLength(2);
  });

  it('sort-by and ascending order the sweep; without them the list order stays', () => {
    const items = [
      makeItem({ number: 1, createdAt: ago(10), updatedAt: ago(5), comments: 3 }),
      makeItem({ number: 2, createdAt: ago(30), updatedAt: ago(1), comments: 1 }),
      makeItem({ number: 3, createdAt: ago(20), updatedAt: ago(9), comments: 2 }),
    ];
    const order = (yaml: string) => inStaleOrder(items, config(yaml).stale).map((i) => i.number);
    expect(order('stale: {}')).toEqual([1, 2, 3]);
    expect(order('stale: { ascending: false }')).toEqual([1, 3, 2]);
    expect(order('stale: { ascending: true }')).toEqual([2, 3, 1]);
    expect(order('stale: { sort-by: updated, ascending: true }')).toEqual([3, 1, 2]);
    expect(order('stale: { sort-by: comments }')).toEqual([1, 3, 2]);
  });
});
