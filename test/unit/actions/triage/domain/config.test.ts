import { RE2JS } from 're2js';
import { staleSettingsFor } from '../../../../../src/actions/triage/domain/stale-settings';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../../../src/kernel/config-file';
import { parseTriageConfig } from '../../../../../src/actions/triage/domain/config';

const FULL = `
rules:
  - id: crash-report
    if:
      type: issue
      title: '/\\bcrash/i'
      body: '/panic:/'
      form: { Component: [API, CLI] }
      author-association: [NONE, FIRST_TIME_CONTRIBUTOR]
      labels-absent: [triaged]
    then:
      add-labels: [bug]
      remove-labels: [needs-info]
      assign: [octocat]
      comment: 'Thanks for the report.'
      close: not_planned
  - id: docs
    if: { type: pull_request, files: ['docs/**'] }
    then: { add-labels: documentation }
  - id: ci-failing
    if: { workflow: { name: CI, conclusion: failure } }
    then: { add-labels: ['ci: failing'] }
commands:
  permission: triage
  allow: [label, unlabel, assign, unassign, close, reopen]
stale:
  days-before-stale: 60
  days-before-close: 14
  stale-label: stale
  exempt-labels: [pinned, security]
  only: issues
  stale-comment: 'Stale.'
  close-comment: 'Closed.'
  close-reason: not_planned
`;

function errorOf(text: string): ConfigError {
  try {
    parseTriageConfig(text, '.github/triage.yml');
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('parseTriageConfig', () => {
  it('parses the full example of the issue', () => {
    const config = parseTriageConfig(FULL, 'triage.yml');
    expect(config.rules.map((r) => r.id)).toEqual(['crash-report', 'docs', 'ci-failing']);
    const [crash, docs, ci] = config.rules;
    expect(crash.if.title!.regex.flags() & RE2JS.CASE_INSENSITIVE).toBe(RE2JS.CASE_INSENSITIVE);
    expect(crash.if.form?.Component.map((p) => p.source)).toEqual(['API', 'CLI']);
    expect(crash.then).toEqual({
      'add-labels': ['bug'],
      'remove-labels': ['needs-info'],
      assign: ['octocat'],
      comment: 'Thanks for the report.',
      close: 'not_planned',
    });
    expect(docs.if.files).toEqual(['docs/**']);
    expect(docs.then['add-labels']).toEqual(['documentation']);
    expect(ci.if.workflow?.conclusion).toEqual(['failure']);
    expect(config.commands).toEqual({
      permission: 'triage',
      allow: ['label', 'unlabel', 'assign', 'unassign', 'close', 'reopen'],
      'author-can': [],
    });
    expect(config.stale?.['days-before-close']).toBe(14);
    expect(config.stale?.only).toBe('issues');
  });

  it('applies defaults; an empty file is an empty config', () => {
    expect(parseTriageConfig('', 'e.yml')).toEqual({
      rules: [],
      'create-missing-labels': false,
      'missing-label-color': 'c5def5',
    });
    const config = parseTriageConfig('commands: {}\nstale: {}\n', 'd.yml');
    expect(config.commands).toEqual({
      permission: 'write',
      allow: ['label', 'unlabel', 'assign', 'unassign', 'close', 'reopen'],
      'author-can': [],
    });
    expect(config.stale).toEqual({ only: 'both', semantics: 'triage' });
    expect(staleSettingsFor(config.stale!, false)).toMatchObject({
      'days-before-stale': 60,
      'days-before-close': 7,
      'stale-label': 'stale',
      only: 'both',
      'close-reason': 'not_planned',
      'remove-stale-when-updated': true,
    });
    expect(staleSettingsFor(config.stale!, false)['close-comment']).toBeUndefined();
  });

  it('reads JSON too', () => {
    const config = parseTriageConfig('{"rules":[{"id":"a","if":{"title":"x"},"then":{"add-labels":["b"]}}]}', 't.json');
    expect(config.rules[0].then['add-labels']).toEqual(['b']);
  });

  it.each([
    [
      'rules:\n  - id: a\n    if:\n      title: "/(x/"\n    then: { add-labels: [b] }\n',
      4,
      /rules\[0\]\.if\.title: regular expression \/\(x\/ cannot be used/,
    ],
    [
      'rules:\n  - id: a\n    if:\n      body: "/(a+)\\\\1/"\n    then: { add-labels: [b] }\n',
      4,
      /rules\[0\]\.if\.body: .*back-references/,
    ],
    ['rules:\n  - id: a\n    then:\n      add-labels: [".."]\n', 4, /not a usable label name/],
    ['stale:\n  exempt-labels: ["  "]\n', 2, /cannot be empty/],
    ['stale:\n  days-before-close: -2\n', 2, /days-before-close/],
    ['rules:\n  - id: a\n    then: {}\n', 3, /a rule must do something/],
    ['rules:\n  - id: a\n    then:\n      close: maybe\n', 4, /rules\[0\]\.then\.close/],
    [
      'rules:\n  - id: a\n    then: { add-labels: [b] }\n  - id: a\n    then: { add-labels: [c] }\n',
      4,
      /duplicate rule id "a"/,
    ],
    ['rules:\n  - id: "bad id"\n    then: { add-labels: [b] }\n', 2, /rules\[0\]\.id/],
    [
      'rules:\n  - id: a\n    if: { author-association: [STRANGER] }\n    then: { add-labels: [b] }\n',
      3,
      /author-association/,
    ],
    ['rules:\n  - id: a\n    if: { colour: red }\n    then: { add-labels: [b] }\n', 3, /unknown key "colour"/],
    ['commands:\n  permission: superuser\n', 2, /commands\.permission/],
    ['commands:\n  allow: [label, eval]\n', 2, /commands\.allow\[1\]/],
    ['stale:\n  days-before-stale: -2\n', 2, /days-before-stale/],
    ['stale:\n  only: discussions\n', 2, /stale\.only/],
    ['rules:\n  - id: a\n    then: { assign: ["not a login"] }\n', 3, /must be a user login/],
    ['rules: [\n', 2, /.+/],
  ])('reports %j at line %i', (text, line, message) => {
    const error = errorOf(text);
    expect(error.file).toBe('.github/triage.yml');
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
  });
});
