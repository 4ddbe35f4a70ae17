// The answer check derived from a document: every selected field present, with its type and nullability.
import { describe, expect, it } from 'vitest';
import type { AnswerShape } from '../../../../src/github/graphql/document';
import { shapeProblem } from '../../../../src/github/graphql/shape';

const str = (nullable = false): AnswerShape => ({ kind: 'scalar', nullable, type: 'string' });
const shape: AnswerShape = {
  kind: 'object',
  nullable: false,
  fields: {
    items: {
      kind: 'list',
      nullable: false,
      of: {
        kind: 'object',
        nullable: false,
        fields: { __typename: str(), title: str(true) },
        on: { Issue: { state: { kind: 'enum', nullable: false, values: ['OPEN', 'CLOSED'] } } },
      },
    },
  },
};

describe('shapeProblem', () => {
  it('accepts an answer that fits, nulls where nullable, fragments by __typename', () => {
    expect(
      shapeProblem(shape, {
        items: [
          { __typename: 'Issue', title: null, state: 'OPEN' },
          { __typename: 'PullRequest', title: 'x' },
        ],
      }),
    ).toBeUndefined();
  });

  it('names the first difference by its path', () => {
    expect(shapeProblem(shape, { items: null })).toBe('items: expected a list, got null');
    expect(shapeProblem(shape, { items: [{ __typename: 'Issue', title: 'x' }] })).toBe('items[0].state: missing');
    expect(shapeProblem(shape, { items: [{ __typename: 'Issue', title: 1, state: 'OPEN' }] })).toBe(
      'items[0].title: expected a string, got a number',
    );
    expect(shapeProblem(shape, { items: [{ __typename: 'Issue', title: 'x', state: 'MERGED' }] })).toMatch(
      /^items\[0\]\.state: expected one of OPEN, CLOSED/,
    );
    expect(shapeProblem(shape, { items: [{ title: 'x' }] })).toBe('items[0].__typename: missing');
    expect(shapeProblem(shape, [])).toBe('data: expected an object, got a list');
  });
});
