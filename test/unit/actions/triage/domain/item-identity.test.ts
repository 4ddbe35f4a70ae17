// Items are who they were (src/actions/triage/domain/item-identity.ts): an answer about another number or repository is refused.
import { describe, expect, it } from 'vitest';
import { checkSameItem, isItemMoved } from '../../../../../src/actions/triage/domain/item-identity';

const url = (repo: string) => `https://api.github.com/repos/${repo}`;

describe('checkSameItem', () => {
  it.each([
    ['the same number and repository', 7, { number: 7, repository_url: url('octo/app') }, undefined],
    ['the same repository in another case', 7, { number: 7, repository_url: url('Octo/App') }, undefined],
    ['no repository_url (an older answer): the number decides', 7, { number: 7 }, undefined],
    [
      'another number (mcp-workspace#256: 2950 → 1139)',
      2950,
      { number: 1139, repository_url: url('octo/app') },
      '#1139',
    ],
    ['another repository, same number', 7, { number: 7, repository_url: url('octo/other') }, 'octo/other#7'],
    [
      'a GHES URL of another repository',
      7,
      { number: 3, repository_url: 'https://ghe.example/api/v3/repos/a/b' },
      'a/b#3',
    ],
  ])('%s', (_what, number, answer, names) => {
    let thrown: unknown;
    try {
      checkSameItem('octo/app', number, answer);
    } catch (err) {
      thrown = err;
    }
    if (names === undefined) expect(thrown).toBeUndefined();
    else {
      expect(isItemMoved(thrown)).toBe(true);
      expect((thrown as Error).message).toContain(`#${number} now answers as ${names}`);
    }
  });
});
