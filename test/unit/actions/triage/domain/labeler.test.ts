// actions/labeler v5 files read as is, and the condition combinators, judged by actions/labeler's documented
// semantics (its README "Match Object" section and src/labeler.ts, src/changedFiles.ts, src/branch.ts).
import { describe, expect, it } from 'vitest';
import {
  changedFilesMatch,
  evaluateCondition,
  type ItemFacts,
} from '../../../../../src/actions/triage/domain/conditions';
import { labelerRules } from '../../../../../src/actions/triage/domain/labeler';
import { planRules } from '../../../../../src/actions/triage/plan';
import { config, makeItem } from '../items';

const LABELER = `
documentation:
- changed-files:
  - any-glob-to-any-file: ['docs/**', '*.md']
source:
- all:
  - changed-files:
    - any-glob-to-any-file: 'src/**'
    - all-globs-to-all-files: '!src/docs/*'
feature:
- head-branch: ['^feature', 'feature']
release:
- base-branch: 'release/.*'
- head-branch: '^hotfix/'
tests-only:
- changed-files:
  - any-glob-to-all-files: 'test/**'
`;

const pr = (files: string[], branch = 'topic', base = 'main', labels: string[] = []): ItemFacts => ({
  item: makeItem({ isPullRequest: true, labels }),
  files,
  pull: { branch, base, lines: 1 },
});
const labelsFor = (facts: ItemFacts, sync = false) =>
  planRules(labelerRules(LABELER, '.github/labeler.yml', sync), facts, new Set()).operations.map(
    (op) => `${op.kind} ${op.subject}`,
  );

describe('actions/labeler v5 file', () => {
  it('changed-files, all blocks, head-branch, base-branch OR-ed at the top level', () => {
    expect(labelsFor(pr(['docs/a.md']))).toEqual(['add-label documentation']);
    expect(labelsFor(pr(['src/a.ts']))).toEqual(['add-label source']);
    expect(labelsFor(pr(['src/docs/x']))).toEqual([]);
    expect(labelsFor(pr(['a.ts'], 'feature/x'))).toEqual(['add-label feature']);
    expect(labelsFor(pr(['a.ts'], 'topic', 'release/2'))).toEqual(['add-label release']);
    expect(labelsFor(pr(['a.ts'], 'hotfix/1'))).toEqual(['add-label release']);
    expect(labelsFor(pr(['test/a', 'test/b']))).toEqual(['add-label tests-only']);
    expect(labelsFor(pr(['test/a', 'README.md']))).toEqual(['add-label documentation']);
  });

  it('sync-labels removes a label of the file whose condition no longer holds, and only those', () => {
    expect(labelsFor(pr(['a.ts'], 'topic', 'main', ['documentation', 'bug']), true)).toEqual([
      'remove-label documentation',
    ]);
    expect(labelsFor(pr(['docs/a.md'], 'topic', 'main', ['documentation']), true)).toEqual([]);
    expect(labelsFor(pr(['a.ts'], 'topic', 'main', ['documentation']), false)).toEqual([]);
  });

  it('issues never match; a bad file names its line', () => {
    const issue: ItemFacts = { item: makeItem({ labels: [] }) };
    expect(labelsFor(issue)).toEqual([]);
    expect(() => labelerRules('docs:\n- changed-files:\n  - any-glob: x\n', 'l.yml', false)).toThrow(/l\.yml:3/);
  });
});

describe('changed-files forms', () => {
  const files = ['src/a.ts', 'src/b.ts'];
  it.each([
    [{ 'any-glob-to-any-file': ['src/a.ts', 'x'] }, true],
    [{ 'any-glob-to-all-files': ['src/*', 'x'] }, true],
    [{ 'any-glob-to-all-files': ['src/a.ts'] }, false],
    [{ 'all-globs-to-any-file': ['src/*', '*/a.ts'] }, true],
    [{ 'all-globs-to-any-file': ['src/*', 'x'] }, false],
    [{ 'all-globs-to-all-files': ['src/*', '**/*.ts'] }, true],
    [{ 'all-globs-to-all-files': ['src/*', '**/a.ts'] }, false],
  ])('%j → %s', (entry, expected) => {
    expect(changedFilesMatch(files, entry)).toBe(expected);
  });
});

describe('condition combinators', () => {
  const rule = (yaml: string) =>
    config(`rules:\n  - id: r\n    if: ${yaml}\n    then: { add-labels: [x] }\n`).rules[0].if;
  const item = makeItem({ title: 'Crash on start', body: 'no docs', labels: ['bug'] });
  const facts: ItemFacts = { item };
  it.each([
    ["{ not: { title: '/crash/i' } }", false],
    ["{ not: { body: '/steps to reproduce/i' } }", true],
    ["{ all: [{ title: '/crash/i' }, { labels-present: [bug] }] }", true],
    ["{ all: [{ title: '/crash/i' }, { labels-present: [bug, p1] }] }", false],
    ["{ any: [{ title: '/feature/i' }, { labels-present: [bug] }] }", true],
    ["{ any: [{ title: '/feature/i' }, { labels-absent: [bug] }] }", false],
    ["{ labels-present: [BUG], not: { any: [{ body: '/logs/' }, { title: '/^wip/i' }] } }", true],
  ])('%s → %s', (yaml, expected) => {
    expect(evaluateCondition(rule(yaml), facts).matched).toBe(expected);
  });

  it('a read still needed inside a combinator is asked for (no guess)', () => {
    const pull: ItemFacts = { item: makeItem({ isPullRequest: true }) };
    expect(evaluateCondition(rule("{ not: { files: ['docs/**'] } }"), pull).matched).toBe('needs-files');
    expect(evaluateCondition(rule("{ not: { files: ['docs/**'] } }"), { ...pull, files: ['src/a'] }).matched).toBe(
      true,
    );
  });
});
