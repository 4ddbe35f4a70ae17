import { describe, expect, it } from 'vitest';
import { excludeMatcher } from '../../../../../src/actions/label-sync/domain/exclude';

describe('excludeMatcher', () => {
  it.each([
    [['bug'], 'bug', true],
    [['bug'], 'BUG', true],
    [['Bug'], 'bug', true],
    [['bug'], 'bugs', false],
    [['priority:*'], 'Priority: high', true],
    [['priority:*'], 'priority high', false],
    [['priority:*'], 'priority:high', true],
    [['priority*'], 'Priority: high', true],
    [['*bug*'], 'type/bug', true],
    [['area/*'], 'area/api', true],
    [['area/*'], 'area/api/v2', true],
    [['area/*'], 'areas/api', false],
    [['?x'], 'ax', true],
    [['?x'], 'abx', false],
    [['{wontfix,invalid}'], 'Invalid', true],
    [['.hidden*'], '.hidden-label', true],
    [['*'], '.dot', true],
    [['#keep'], '#keep', true],
    [['!keep'], '!keep', true],
    [[], 'anything', false],
    [['  ', ''], 'anything', false],
    [['a', 'b*'], 'bee', true],
  ])('%j matches %j: %s', (globs, name, expected) => {
    expect(excludeMatcher(globs)(name)).toBe(expected);
  });
});
