// actions/stale's rules found by running its own spec suite against triage (issue 37, item 7), and its name and
// comment comparisons: a stale item closes when it was neither updated within days-before-close nor replied to
// (no wait since the mark is asked), names compare after lower case and lodash `deburr` (labels, milestones,
// assignees), and a comment counts from its last edit (GitHub's `since` compares `updated_at`). Triage's own
// semantics keep theirs: a wait of days-before-close after the mark, GitHub's case-insensitive names, a reply
// counted from when it was posted.
import { describe, expect, it } from 'vitest';
import { planItem } from '../../../../src/actions/triage/domain/item-plan';
import { WORKFLOW_TOKEN_IDENTITY, type CommentLike } from '../../../../src/actions/triage/domain/markers';
import { commentsOf } from '../../../../src/actions/triage/graphql/to-item';
import { decisionView } from '../../../../src/actions/triage/domain/comment-view';
import {
  DAY_MS,
  decideStale,
  exemption,
  filteredOut,
  type MarkHistory,
} from '../../../../src/actions/triage/domain/stale';
import { staleSettingsFor } from '../../../../src/actions/triage/domain/stale-settings';
import { withStaleInputs } from '../../../../src/actions/triage/domain/stale-inputs';
import type { Item } from '../../../../src/actions/triage/domain/item';
import { fakeReader, silentLog } from './fakes';
import { config, makeItem, staleOf } from './items';

const now = new Date('2026-06-01T00:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
const exact = (more = '', close = 7) =>
  staleOf(`stale: { semantics: actions-stale, days-before-stale: 30, days-before-close: ${close}${more} }`);
const own = (more = '') => staleOf(`stale: { days-before-stale: 30, days-before-close: 7${more} }`);
const inputs = (given: Record<string, string>) =>
  staleSettingsFor(withStaleInputs(config(''), { 'days-before-stale': '30', ...given }).stale!, false);

describe('closing a stale item under actions/stale semantics asks no wait since the mark', () => {
  // The label's event `marked` days ago, the item's update `updated` days ago (older than the label: a state seeded
  // by hand, or remove-stale-when-updated off), a person's reply or not.
  const off = ', remove-stale-when-updated: false';
  it.each([
    ['marked today, updated 40 days ago', 'close', 'none', 0, 40, false],
    ['marked 3 days ago, updated 5 days ago', 'none', 'none', 3, 5, false],
    ['marked 10 days ago, updated 8 days ago', 'close', 'close', 10, 8, false],
    ['marked today, updated 40 days ago, replied', 'none', 'none', 0, 40, true],
  ])('%s: actions-stale %s, triage %s', (_name, asActionsStale, asTriage, marked, updated, replied) => {
    const item = makeItem({ labels: ['stale'], updatedAt: daysAgo(updated) });
    const history: MarkHistory = {
      markedAt: null,
      labeledAt: daysAgo(marked),
      ...(replied ? { otherCommentAt: daysAgo(marked) } : {}),
    };
    expect(decideStale(item, exact(off), now, history).action).toBe(asActionsStale);
    const triageMark: MarkHistory = { ...history, markedAt: daysAgo(marked), ownActivityAt: daysAgo(marked) };
    expect(decideStale(item, own(off), now, triageMark).action).toBe(asTriage);
  });

  it('days-before-close -1 never closes, and the close comment is posted when given', () => {
    const item = makeItem({ labels: ['stale'], updatedAt: daysAgo(40) });
    const history: MarkHistory = { markedAt: null, labeledAt: daysAgo(0) };
    expect(decideStale(item, exact('', -1), now, history).action).toBe('none');
    expect(decideStale(item, exact(', close-comment: Closed.'), now, history)).toEqual({
      action: 'close',
      comment: true,
    });
  });
});

describe("names compare as actions/stale's cleanLabel under its rules (lower case, no accents)", () => {
  const item = (more: Partial<Item>) => makeItem({ labels: ['Wöntfix', 'Aréa: Dócs'], ...more });
  it.each([
    ['exempt label', { 'exempt-issue-labels': 'wontfix' }, {}, 'exempt label wontfix'],
    ['exempt milestone', { 'exempt-milestones': 'version 2' }, { milestone: 'Vérsion 2' }, 'exempt milestone'],
    ['exempt assignee', { 'exempt-assignees': 'zoe' }, { assignees: ['Zoë'] }, 'assigned to exempt @zoe'],
  ])('%s: matched with its inputs and its semantics, not under triage', (_name, given, more, reason) => {
    const subject = item(more);
    expect(exemption(subject, inputs(given))).toContain(reason);
    const section = Object.entries(given)
      .map(([k, v]) => `${k === 'exempt-issue-labels' ? 'exempt-labels' : k}: [${v}]`)
      .join(', ');
    expect(exemption(subject, exact(`, ${section}`))).toContain(reason);
    expect(exemption(subject, own(`, ${section}`))).toBeUndefined();
  });

  it.each([
    ['only-labels', 'only-labels: ["area: docs"]'],
    ['any-of-labels', 'any-of-labels: [nothing, "AREA: DOCS"]'],
  ])('%s keeps an item whose label differs by accents only', (_name, setting) => {
    expect(filteredOut(item({}), exact(`, ${setting}`))).toBeUndefined();
    expect(filteredOut(item({}), own(`, ${setting}`))).toBeDefined();
  });

  it('a stale label `Stále` is the `stale` mark: its events are read by its own name and it is the one removed', async () => {
    const subject = makeItem({ labels: ['Stále'], updatedAt: daysAgo(2) });
    const reader = fakeReader({ items: [subject] });
    const asked: string[] = [];
    reader.labelEvent = async (_n, label) => (asked.push(label), { at: daysAgo(3), actor: 'mona' });
    reader.onlyLabeledSince = async (_n, label) => (asked.push(`only ${label}`), false);
    const ops = await planItem(
      {
        item: subject,
        rules: [],
        stale: config('stale: { semantics: actions-stale, days-before-stale: 30 }').stale,
        now,
      },
      { reader, log: silentLog, identity: WORKFLOW_TOKEN_IDENTITY },
    );
    expect(ops.map((op) => `${op.kind} ${op.subject}`)).toEqual(['remove-label Stále']);
    expect(asked).toEqual(['Stále', 'only Stále']);
    // Triage's own semantics: `Stále` is another label; the item is not stale and gets marked with `stale`.
    const ownOps = await planItem(
      {
        item: { ...subject, updatedAt: daysAgo(40) },
        rules: [],
        stale: config('stale: { days-before-stale: 30 }').stale,
        now,
      },
      { reader: fakeReader({ items: [subject] }), log: silentLog, identity: WORKFLOW_TOKEN_IDENTITY },
    );
    expect(ownOps.map((op) => `${op.kind} ${op.subject}`)[0]).toBe('add-label stale');
  });
});

describe('a comment counts from its last edit under actions/stale rules', () => {
  // A person's comment written 20 days ago, before the mark (10 days ago), edited `edited` days ago.
  const person = (edited?: number): CommentLike => ({
    body: 'any news?',
    created_at: daysAgo(20),
    ...(edited === undefined ? {} : { updated_at: daysAgo(edited) }),
    user: { login: 'mona', type: 'User' },
  });
  const plan = async (yaml: string, comment: CommentLike) => {
    const subject = makeItem({ labels: ['stale'], updatedAt: daysAgo(10) });
    const reader = fakeReader({ items: [subject], comments: { 1: [comment] } });
    reader.labelEvent = async () => ({ at: daysAgo(10), actor: 'maintainer' });
    const ops = await planItem(
      { item: subject, rules: [], stale: config(yaml).stale, now },
      { reader, log: silentLog, identity: WORKFLOW_TOKEN_IDENTITY },
    );
    return ops.map((op) => `${op.kind} ${op.subject}`);
  };
  const semantics = 'stale: { semantics: actions-stale, days-before-stale: 30, days-before-close: 7 }';
  const ownYaml = 'stale: { days-before-stale: 30, days-before-close: 7, stale-comment: Stale. }';
  it.each([
    ['never edited', ['close not_planned'], undefined],
    ['edited before the mark', ['close not_planned'], 15],
    ['edited at the mark', ['remove-label stale'], 10],
    ['edited after the mark', ['remove-label stale'], 2],
  ])('%s → %j', async (_name, expected: string[], edited: number | undefined) => {
    expect(await plan(semantics, person(edited))).toEqual(expected);
  });

  it('triage semantics count when a comment was posted: an edit of an older one is no reply', async () => {
    // The person's label has no stale comment of triage's: it gets one (no reply since the label either way).
    expect(await plan(ownYaml, person(2))).toEqual(['comment Stale.']);
    expect(
      decideStale(makeItem({ labels: ['stale'], updatedAt: daysAgo(10) }), own(), now, {
        markedAt: daysAgo(10),
        ownActivityAt: daysAgo(10),
        otherCommentAt: daysAgo(20),
      }).action,
    ).toBe('close');
  });

  it('the REST view keeps updated_at and the GraphQL answer maps updatedAt', () => {
    const view = decisionView(WORKFLOW_TOKEN_IDENTITY);
    expect(view({ ...person(2), body: 'x' }).updated_at).toBe(daysAgo(2));
    const nodes = [
      {
        body: 'x',
        createdAt: daysAgo(20),
        updatedAt: daysAgo(2),
        viewerDidAuthor: false,
        author: { __typename: 'User' as const, login: 'mona' },
      },
      { body: 'y', createdAt: daysAgo(20), updatedAt: daysAgo(20), viewerDidAuthor: false, author: null },
    ];
    const comments = commentsOf({ totalCount: 2, nodes });
    expect(comments?.map((c) => c.updated_at)).toEqual([daysAgo(2), daysAgo(20)]);
  });
});
