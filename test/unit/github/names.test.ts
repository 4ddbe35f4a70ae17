import { describe, expect, it } from 'vitest';
import { labelNameProblem, parseRepositoryName, pathSegment, repositoryNameProblem } from '../../../src/github/names';

describe('repository names (GitHub rules)', () => {
  it.each(['octo/app', 'Octo-Org/app.js', 'a/b', 'octo/.github', 'octo/_x', 'octo/x..y', 'managed_user/r'])(
    'accepts %s',
    (name) => {
      expect(repositoryNameProblem(name)).toBeUndefined();
      expect(parseRepositoryName(` ${name} `)).toEqual({ owner: name.split('/')[0], repo: name.split('/')[1] });
    },
  );

  it.each([
    ['../..', /".." is not a GitHub account name/],
    ['octo/..', /".." is not a repository name/],
    ['octo/.', /"\." is not a repository name/],
    ['octo', /one slash/],
    ['octo/app/extra', /one slash/],
    ['https://github.com/octo/app', /one slash/],
    ['-octo/app', /not a GitHub account name/],
    [`${'a'.repeat(40)}/app`, /not a GitHub account name/],
    [`octo/${'r'.repeat(101)}`, /not a repository name/],
    ['octo/a b', /not a repository name/],
    ['octo/a%2F..', /not a repository name/],
    ['', /one slash/],
  ])('refuses %j', (name, problem) => {
    expect(repositoryNameProblem(name)).toMatch(problem);
    expect(() => parseRepositoryName(name)).toThrow(problem);
  });
});

describe('label names', () => {
  it.each(['bug', 'type/bug', 'good first issue', '🐛'.repeat(50), 'a'.repeat(50), '...', '.x'])('accepts %j', (n) => {
    expect(labelNameProblem(n)).toBeUndefined();
  });

  it.each([
    ['', /cannot be empty/],
    ['   ', /cannot be empty/],
    ['.', /not a usable label name/],
    [' .. ', /not a usable label name/],
    ['a'.repeat(51), /longer than 50 characters/],
    ['🐛'.repeat(51), /longer than 50 characters/],
  ])('refuses %j', (n, problem) => {
    expect(labelNameProblem(n)).toMatch(problem);
  });
});

describe('pathSegment, the one encoder of user text in URL paths', () => {
  it.each([
    ['type/bug', 'type%2Fbug'],
    ['why?', 'why%3F'],
    ['#1', '%231'],
    ['100%', '100%25'],
    ['a b', 'a%20b'],
    ['...', '...'],
    ['🐛', '%F0%9F%90%9B'],
  ])('%j → %s', (text, segment) => {
    expect(pathSegment(text)).toBe(segment);
    expect(decodeURIComponent(pathSegment(text))).toBe(text);
  });

  it.each(['', '.', '..'])('refuses %j, which URL normalisation would remove', (text) => {
    expect(() => pathSegment(text)).toThrow(/cannot be used in a URL path/);
  });
});
