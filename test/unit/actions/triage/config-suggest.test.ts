// Unknown config keys get a "did you mean" (edit distance over the schema's keys and actions/stale's names).
import { describe, expect, it } from 'vitest';
import { editDistance } from '../../../../src/actions/triage/domain/suggest';
import { config } from './items';

describe('unknown keys: did you mean', () => {
  it.each([
    ['stale:\n  exempt-isue-labels: [a]\n', 'exempt-issue-labels'],
    ['stale:\n  days-befor-stale: 3\n', 'days-before-stale'],
    ['rules:\n  - id: a\n    if: { labels-presnt: [x] }\n    then: { add-labels: [b] }\n', 'labels-present'],
    ['stale:\n  stale-issue-mesage: Hi\n', 'stale-issue-message'],
  ])('%j suggests %s', (yaml, near) => {
    expect(() => config(yaml)).toThrow(`(did you mean "${near}"?)`);
  });

  it('suggests nothing for a key far from every known one', () => {
    expect(() => config('stale:\n  frobnicate: 1\n')).toThrow(/unknown key "frobnicate"$/m);
  });

  it('accepts exempt-issue-labels (actions/stale’s name)', () => {
    expect(config('stale:\n  exempt-issue-labels: [pinned]\n').stale!.issues).toEqual({ 'exempt-labels': ['pinned'] });
  });
});

describe('editDistance', () => {
  it.each([
    ['stale', 'stale', 0],
    ['stale', 'Stale', 0],
    ['lable', 'label', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
  ])('%s ~ %s = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });
});
