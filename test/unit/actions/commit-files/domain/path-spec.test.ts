import { describe, expect, it } from 'vitest';
import {
  parsePathSpec,
  parsePathSpecs,
  PathSelection,
  PathSpecError,
} from '../../../../../src/actions/commit-files/domain/path-spec';

describe('parsePathSpec', () => {
  it.each([
    ['.', 'all'],
    ['./', 'all'],
    ['**', 'all'],
    ['src', 'path'],
    ['./src/a.txt', 'path'],
    ['src/', 'path'],
    ['src/**/*.ts', 'glob'],
    ['*.md', 'glob'],
  ])('%s is a %s spec', (text, kind) => {
    expect(parsePathSpec('paths', text).kind).toBe(kind);
  });

  it('normalises paths and finds the literal base of a glob', () => {
    expect(parsePathSpec('paths', './a//b/')).toMatchObject({ kind: 'path', path: 'a/b' });
    expect(parsePathSpec('paths', 'docs/api/**/*.md')).toMatchObject({ kind: 'glob', base: 'docs/api' });
    expect(parsePathSpec('paths', '*.md')).toMatchObject({ kind: 'glob', base: '' });
    expect(parsePathSpec('paths', '!dist')).toMatchObject({ kind: 'path', path: 'dist', negated: true });
  });

  it.each([
    ['/etc/passwd', /absolute path/],
    ['C:\\x', /absolute path/],
    ['~/x', /absolute path/],
    ['../outside', /escapes working-directory/],
    ['a/../../b', /escapes working-directory/],
    ['src/../..', /escapes working-directory/],
    ['.git', /\.git folder/],
    ['.git/config', /\.git folder/],
    ['sub/.GIT/hooks', /\.git folder/],
    ['', /is empty/],
  ])('refuses %j naming the input', (text, reason) => {
    const fn = () => parsePathSpec('delete-paths', text);
    expect(fn).toThrow(PathSpecError);
    expect(fn).toThrow(reason);
    expect(fn).toThrow(/^Input "delete-paths"/);
  });
});

describe('PathSelection', () => {
  const sel = (...texts: string[]) => new PathSelection(parsePathSpecs('paths', texts));

  it('selects by folder, file, glob, and excludes by negation', () => {
    const s = sel('docs', 'README.md', 'src/**/*.ts', '!docs/private');
    expect(s.selects('docs/a.md')).toBe(true);
    expect(s.selects('docs/deep/b.png')).toBe(true);
    expect(s.selects('docs/private/x')).toBe(false);
    expect(s.selects('docsx/a.md')).toBe(false);
    expect(s.selects('README.md')).toBe(true);
    expect(s.selects('README.md.bak')).toBe(false);
    expect(s.selects('src/a/b.ts')).toBe(true);
    expect(s.selects('src/a/b.js')).toBe(false);
  });

  it('a glob matching a folder selects what is under it; dotfiles match', () => {
    const s = sel('packages/*', '.github/**');
    expect(s.selects('packages/x/index.js')).toBe(true);
    expect(s.selects('.github/workflows/ci.yml')).toBe(true);
  });

  it('never selects .git paths', () => {
    expect(sel('.').selects('.git/config')).toBe(false);
    expect(sel('**/*').selects('sub/.git/HEAD')).toBe(false);
  });

  it('mayContain prunes folders no spec can reach', () => {
    const s = sel('docs/api/**/*.md', 'bin/tool');
    expect(s.mayContain('')).toBe(true);
    expect(s.mayContain('docs')).toBe(true);
    expect(s.mayContain('docs/api/v1')).toBe(true);
    expect(s.mayContain('bin')).toBe(true);
    expect(s.mayContain('src')).toBe(false);
    expect(s.mayContain('docs/other')).toBe(false);
    expect(sel('.').mayContain('anything/at/all')).toBe(true);
    expect(sel('.').mayContain('.git')).toBe(false);
  });
});
