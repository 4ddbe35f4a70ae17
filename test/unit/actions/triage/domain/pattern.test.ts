import { describe, expect, it } from 'vitest';
import { matches, parseExactPattern, parsePattern } from '../../../../../src/actions/triage/domain/pattern';

describe('parsePattern', () => {
  it.each([
    ['/\\bcrash/i', 'App CRASHes on start', true],
    ['/\\bcrash/i', 'nocrash here', false],
    ['/panic:/', 'thread main panic: oops', true],
    ['/panic:/', 'PANIC: oops', false],
    ['/^\\[bug\\]/', '[bug] it fails', true],
    ['/a.b/s', 'a\nb', true],
    ['/^b$/m', 'a\nb\nc', true],
    ['crash', 'It CRASHED', true],
    ['a.b', 'axb', false],
    ['a.b', 'see a.b', true],
    ['/path/to', 'see /path/to', true],
  ])('%s on %j → %s', (pattern, text, expected) => {
    expect(matches(parsePattern(pattern), text)).toBe(expected);
  });

  it.each([
    ['/(unclosed/', /regular expression \/\(unclosed\/ cannot be used: missing closing \)/],
    ['/(a)\\1/', /cannot be used: invalid escape sequence/],
    ['/(?=a)b/', /cannot be used: invalid or unsupported Perl syntax/],
    ['/(?<!a)b/', /cannot be used/],
    ['/x/g', /unsupported regular expression flags "g"/],
    ['/x/y', /unsupported regular expression flags "y"/],
  ])('refuses %s', (pattern, message) => {
    expect(() => parsePattern(pattern)).toThrow(message);
  });

  it('is stateless across calls (no g flag)', () => {
    const p = parsePattern('/bug/i');
    expect([matches(p, 'bug'), matches(p, 'bug'), matches(p, 'bug')]).toEqual([true, true, true]);
  });
});

describe('parseExactPattern', () => {
  it.each([
    ['API', 'api', true],
    ['API', ' API ', false],
    ['API', 'API v2', false],
    ['/^v2\\./', 'v2.3', true],
    ['C++', 'c++', true],
  ])('%s on %j → %s', (pattern, text, expected) => {
    expect(matches(parseExactPattern(pattern), text)).toBe(expected);
  });
});
