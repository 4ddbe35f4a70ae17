// The wording rules catch the lines issue reports quoted, and pass their corrected forms.
import { describe, expect, it } from 'vitest';
import { logFindings, requestTotals, textFindings, totalFindings } from '../../e2e/wording/wording-rules';

describe('wording rules', () => {
  it('a line printed twice', () => {
    expect(logFindings(['370 items left for the next run.', 'Plan:', '370 items left for the next run.'])).toEqual([
      'printed twice: 370 items left for the next run.',
    ]);
    expect(logFindings(['kind  target', '----  ------', '', '----  ------', ''])).toEqual([]);
  });

  it('"(s)" and a 1 before a plural', () => {
    expect(textFindings(['370 item(s) left for the next run.'])).toEqual(['"(s)": 370 item(s) left for the next run.']);
    expect(textFindings(['it needs 1 requests, 12 remain', 'read 1 entries'])).toEqual([
      '"1 requests": it needs 1 requests, 12 remain',
      '"1 entries": read 1 entries',
    ]);
    expect(
      textFindings(['it needs 1 request, 11 requests remain', 'v1.1 labels', '21 requests', '0.1 writes']),
    ).toEqual([]);
  });

  it('two request totals for one step', () => {
    const step = ['    API: 9 requests (3 answered 304, free), 4 writes', '  exit 0 · 6 requests, 3 × 304 (free)'];
    expect(requestTotals(step)).toEqual([9, 6]);
    expect(totalFindings(step)).toEqual(['two request totals for one step: 9 and 6']);
    expect(totalFindings(['API: 9 requests (3 answered 304, free)', '  Requests sent              9'])).toEqual([]);
  });
});
