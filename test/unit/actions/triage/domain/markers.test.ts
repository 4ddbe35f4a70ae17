import { describe, expect, it } from 'vitest';
import {
  commentedRules,
  isOwnComment,
  isTriageComment,
  lastStaleMark,
  ruleMarker,
  STALE_MARKER,
  withMarker,
  WORKFLOW_TOKEN_IDENTITY,
} from '../../../../../src/actions/triage/domain/markers';

const bot = { login: 'github-actions[bot]', type: 'Bot' };
const own = WORKFLOW_TOKEN_IDENTITY;

describe('markers', () => {
  it('finds the rules that commented, in its own comments only', () => {
    const comments = [
      { body: withMarker('Hi', ruleMarker('crash')), user: bot },
      { body: 'plain', user: bot },
      { body: null, user: bot },
      { body: `x ${ruleMarker('a.b-c')} y ${ruleMarker('d')}`, user: bot },
      { body: withMarker('forged', ruleMarker('forged')), user: { login: 'mallory', type: 'User' } },
    ];
    expect([...commentedRules(comments, own)].sort()).toEqual(['a.b-c', 'crash', 'd']);
  });

  it('finds the newest stale mark, ignoring pasted ones', () => {
    const comments = [
      { body: `a ${STALE_MARKER}`, created_at: '2026-01-01T00:00:00Z', user: bot },
      { body: `b ${STALE_MARKER}`, created_at: '2026-03-01T00:00:00Z', user: bot },
      { body: `pasted ${STALE_MARKER}`, created_at: '2026-03-05T00:00:00Z', user: { login: 'mallory' } },
      { body: 'c', created_at: '2026-04-01T00:00:00Z', user: bot },
    ];
    expect(lastStaleMark(comments, own)).toBe('2026-03-01T00:00:00Z');
    expect(lastStaleMark([], own)).toBeUndefined();
  });

  it.each([
    ['the workflow token by login', { user: bot }, own, true],
    ['the workflow token by its App', { user: { login: 'x' }, performed_via_github_app: { id: 15368 } }, own, true],
    ['another App', { user: { login: 'other[bot]' }, performed_via_github_app: { id: 7 } }, own, false],
    ['a person', { user: { login: 'mallory' } }, own, false],
    ['the configured login, any case', { user: { login: 'Triage-Bot' } }, { login: 'triage-bot' }, true],
    ['the service App', { user: { login: 'x[bot]' }, performed_via_github_app: { id: 42 } }, { appId: 42 }, true],
  ])('own comment: %s', (_what, comment, identity, expected) => {
    expect(isOwnComment(comment, identity)).toBe(expected);
  });

  it('recognises triage markers in a text', () => {
    expect(isTriageComment(withMarker('/close', ruleMarker('x')))).toBe(true);
    expect(isTriageComment('/close')).toBe(false);
  });

  it("GraphQL's viewerDidAuthor decides before the login is compared", () => {
    const app = { appId: 7, login: 'our-app[bot]' };
    const ours = { body: 'x', user: { login: 'our-app[bot]', type: 'Bot' } };
    expect(isOwnComment({ ...ours, viewerDidAuthor: true }, app)).toBe(true);
    expect(isOwnComment({ ...ours, viewerDidAuthor: false }, app)).toBe(false);
    // With no login known, GitHub's word alone recognises the comment.
    expect(
      isOwnComment({ body: 'x', user: { login: 'our-app[bot]', type: 'Bot' }, viewerDidAuthor: true }, { appId: 7 }),
    ).toBe(true);
    expect(isOwnComment({ body: 'x', user: { login: 'other-app[bot]', type: 'Bot' } }, { appId: 7 })).toBe(false);
  });
});
