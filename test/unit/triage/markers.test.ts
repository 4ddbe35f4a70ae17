import { describe, expect, it } from 'vitest';
import {
  commentedRules,
  isTriageComment,
  lastStaleMark,
  ruleMarker,
  STALE_MARKER,
  withMarker,
} from '../../../src/triage/markers';

describe('markers', () => {
  it('finds the rules that commented', () => {
    const comments = [
      { body: withMarker('Hi', ruleMarker('crash')) },
      { body: 'plain' },
      { body: null },
      { body: `x ${ruleMarker('a.b-c')} y ${ruleMarker('d')}` },
    ];
    expect([...commentedRules(comments)].sort()).toEqual(['a.b-c', 'crash', 'd']);
  });

  it('finds the newest stale mark', () => {
    const comments = [
      { body: `a ${STALE_MARKER}`, created_at: '2026-01-01T00:00:00Z' },
      { body: `b ${STALE_MARKER}`, created_at: '2026-03-01T00:00:00Z' },
      { body: 'c', created_at: '2026-04-01T00:00:00Z' },
    ];
    expect(lastStaleMark(comments)).toBe('2026-03-01T00:00:00Z');
    expect(lastStaleMark([])).toBeUndefined();
  });

  it('recognises its own comments', () => {
    expect(isTriageComment(withMarker('/close', ruleMarker('x')))).toBe(true);
    expect(isTriageComment('/close')).toBe(false);
  });
});
