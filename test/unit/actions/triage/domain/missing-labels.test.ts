import { describe, expect, it } from 'vitest';
import { resolveMissingLabels } from '../../../../../src/actions/triage/domain/missing-labels';
import { operation } from '../../../../../src/actions/triage/operations';
import { makeItem } from '../items';

const one = makeItem({ number: 1 });
const two = makeItem({ number: 2 });
const plan = [
  operation(one, { type: 'add-label', label: 'Bug' }, 'rule crash'),
  operation(one, { type: 'add-label', label: 'needs-triage' }, 'rule crash'),
  operation(two, { type: 'add-label', label: 'NEEDS-TRIAGE' }, '/label by @mona'),
  operation(two, { type: 'remove-label', label: 'gone' }, 'rule x'),
];

describe('resolveMissingLabels', () => {
  it('keeps adds of existing labels (compared case-insensitively) and drops missing ones with a warning naming the label and its source', () => {
    const out = resolveMissingLabels(plan, ['bug'], { create: false, color: 'c5def5' });
    expect(out.operations.map((op) => `${op.kind} ${op.target} ${op.subject}`)).toEqual([
      'add-label #1 Bug',
      'remove-label #2 gone',
    ]);
    expect(out.created).toEqual([]);
    expect(out.warnings).toHaveLength(2);
    expect(out.warnings[0]).toMatch(/Label "needs-triage" does not exist.*#1.*rule crash/);
    expect(out.warnings[1]).toMatch(/Label "NEEDS-TRIAGE" does not exist.*#2.*\/label by @mona/);
  });

  it('with create: the first add of each missing label creates it in the colour, priced one more write', () => {
    const out = resolveMissingLabels(plan, ['BUG'], { create: true, color: 'ff0000' });
    expect(out.warnings).toEqual([]);
    expect(out.created).toEqual(['needs-triage']);
    expect(out.operations.map((op) => op.payload)).toEqual([
      { type: 'add-label', label: 'Bug' },
      { type: 'add-label', label: 'needs-triage', create: { color: 'ff0000' } },
      { type: 'add-label', label: 'NEEDS-TRIAGE' },
      { type: 'remove-label', label: 'gone' },
    ]);
    expect(out.operations[1].cost).toEqual({ requests: 2, writes: 2 });
    expect(out.operations[2].cost).toEqual({ requests: 1, writes: 1 });
  });
});
