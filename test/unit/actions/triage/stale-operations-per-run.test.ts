// operations-per-run at item boundaries: actions/stale checks its count before each item and finishes the item it
// started (__tests__/operations-per-run.spec.ts, v10.1.1: a limit of 1 makes the label and the comment of the first
// item; 3 with two such items makes 4; 2 makes 2 and stops). Triage's own semantics take whole items within the limit.
import { describe, expect, it } from 'vitest';
import { operation } from '../../../../src/actions/triage/operations';
import { itemOperations } from '../../../../src/actions/triage/domain/sweep';
import { makeItem } from './items';

const item = makeItem({ number: 1 });
const mark = [
  operation(item, { type: 'add-label', label: 'stale' }, 'stale'),
  operation(item, { type: 'comment', body: 'Stale.' }, 'stale'),
];

describe('operations-per-run at item boundaries', () => {
  it('actions-stale semantics: an item is started while room is left, and finished', () => {
    expect(itemOperations(mark, 1, true, 'actions-stale')).toHaveLength(2);
    // Two items, a limit of 3: the second starts with 1 left and is finished (4 in all).
    expect(itemOperations(mark, 1, false, 'actions-stale')).toHaveLength(2);
    // A limit of 2: the second item finds no room.
    expect(itemOperations(mark, 0, false, 'actions-stale')).toEqual([]);
  });

  it('triage semantics: whole items within the limit; a first item larger than it is started', () => {
    expect(itemOperations(mark, 2, false, 'triage')).toHaveLength(2);
    expect(itemOperations(mark, 1, false, 'triage')).toEqual([]);
    expect(itemOperations(mark, 1, true, undefined)).toHaveLength(1);
  });
});
