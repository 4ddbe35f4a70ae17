import { describe, expect, it } from 'vitest';
import { evaluateCondition, filesMatch, type ItemFacts } from '../../../../../src/actions/triage/domain/conditions';
import { config, makeItem } from '../items';

function condition(yaml: string) {
  return config(`rules:\n  - id: r\n    if: ${yaml}\n    then: { add-labels: [x] }\n`).rules[0].if;
}

const formBody = '### Component\n\nAPI\n\n### Checks\n\n- [x] Linux\n- [ ] macOS\n';
const issue = makeItem({
  title: 'App crashes',
  body: 'thread main panic: boom',
  labels: ['bug'],
  authorAssociation: 'FIRST_TIME_CONTRIBUTOR',
});
const pull = makeItem({ number: 2, isPullRequest: true, title: 'Fix docs', labels: [] });
const form = makeItem({ body: formBody });

describe('evaluateCondition', () => {
  it.each<[string, string, ItemFacts, boolean | 'needs-files']>([
    ['empty condition', '{}', { item: issue }, true],
    ['type issue on issue', '{ type: issue }', { item: issue }, true],
    ['type issue on pull', '{ type: issue }', { item: pull }, false],
    ['type pull_request on pull', '{ type: pull_request }', { item: pull }, true],
    ['type pull_request on issue', '{ type: pull_request }', { item: issue }, false],
    ['title regex', "{ title: '/\\bcrash/i' }", { item: issue }, true],
    ['title regex miss', "{ title: '/^crash/' }", { item: issue }, false],
    ['title literal ignores case', '{ title: CRASHES }', { item: issue }, true],
    ['body regex', "{ body: '/panic:/' }", { item: issue }, true],
    ['body regex miss', "{ body: '/segfault/' }", { item: issue }, false],
    ['form answer', '{ form: { Component: [API, CLI] } }', { item: form }, true],
    ['form answer ignores heading case', '{ form: { component: api } }', { item: form }, true],
    ['form answer miss', '{ form: { Component: [CLI] } }', { item: form }, false],
    ['form missing field', '{ form: { Version: [1] } }', { item: form }, false],
    ['form checkbox ticked', '{ form: { Checks: Linux } }', { item: form }, true],
    ['form checkbox not ticked', '{ form: { Checks: macOS } }', { item: form }, false],
    ['form regex', "{ form: { Component: '/^A/' } }", { item: form }, true],
    ['author association listed', '{ author-association: [NONE, FIRST_TIME_CONTRIBUTOR] }', { item: issue }, true],
    ['author association not listed', '{ author-association: [MEMBER, OWNER] }', { item: issue }, false],
    ['labels-absent holds', '{ labels-absent: [triaged] }', { item: issue }, true],
    ['labels-absent fails (case-insensitive)', '{ labels-absent: [BUG] }', { item: issue }, false],
    ['files unknown → needs files', "{ files: ['docs/**'] }", { item: pull }, 'needs-files'],
    ['files match', "{ files: ['docs/**'] }", { item: pull, files: ['docs/a/b.md', 'src/x.ts'] }, true],
    ['files no match', "{ files: ['docs/**'] }", { item: pull, files: ['src/x.ts'] }, false],
    ['files on an issue', "{ files: ['docs/**'] }", { item: issue }, false],
    ['files not read when another condition fails', "{ title: nomatch, files: ['docs/**'] }", { item: pull }, false],
    [
      'workflow match',
      '{ workflow: { name: CI, conclusion: failure } }',
      { item: pull, workflow: { name: 'CI', conclusion: 'failure' } },
      true,
    ],
    [
      'workflow name miss',
      '{ workflow: { name: CI, conclusion: failure } }',
      { item: pull, workflow: { name: 'Lint', conclusion: 'failure' } },
      false,
    ],
    [
      'workflow conclusion miss',
      '{ workflow: { name: CI, conclusion: failure } }',
      { item: pull, workflow: { name: 'CI', conclusion: 'success' } },
      false,
    ],
    [
      'workflow conclusion list',
      '{ workflow: { conclusion: [failure, timed_out] } }',
      { item: pull, workflow: { name: 'X', conclusion: 'timed_out' } },
      true,
    ],
    ['workflow outside a run', '{ workflow: { name: CI } }', { item: pull }, false],
  ])('%s', (_name, yaml, facts, expected) => {
    expect(evaluateCondition(condition(yaml), facts).matched).toBe(expected);
  });

  it('says why it did not match', () => {
    expect(evaluateCondition(condition('{ labels-absent: [bug] }'), { item: issue })).toEqual({
      matched: false,
      reason: 'it has the label bug',
    });
  });
});

describe('filesMatch', () => {
  it.each([
    [['docs/a.md'], ['docs/**'], true],
    [['.github/workflows/ci.yml'], ['.github/**'], true],
    [['docs/a.md'], ['docs/**', '!docs/a.md'], false],
    [['docs/a.md', 'docs/b.md'], ['docs/**', '!docs/a.md'], true],
    [['src/a.ts'], ['*.ts'], false],
    [['src/a.ts'], ['**/*.ts'], true],
    [[], ['**'], false],
  ])('%j against %j → %s', (files, globs, expected) => {
    expect(filesMatch(files, globs)).toBe(expected);
  });
});
