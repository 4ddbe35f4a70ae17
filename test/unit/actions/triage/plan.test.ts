import { describe, expect, it } from 'vitest';
import { needsCommentCheck, needsFiles, planRules, rulesFor } from '../../../../src/actions/triage/plan';
import { config, makeItem } from './items';

const RULES = config(`
rules:
  - id: crash
    if: { type: issue, title: '/crash/i', labels-absent: [triaged] }
    then:
      add-labels: [bug, needs-triage]
      remove-labels: [question]
      assign: [octocat]
      comment: Thanks for the report.
  - id: wontfix
    if: { title: '/wontfix/' }
    then: { close: not_planned, comment: Closing. }
  - id: untriage
    if: { title: '/crash/i' }
    then: { remove-labels: [needs-triage], add-labels: [Bug] }
  - id: docs
    if: { files: ['docs/**'] }
    then: { add-labels: [documentation] }
  - id: ci
    if: { workflow: { name: CI, conclusion: failure } }
    then: { add-labels: ['ci: failing'] }
`).rules;

const summary = (ops: ReturnType<typeof planRules>['operations']) =>
  ops.map((op) => `${op.kind} ${op.subject} (${op.detail})`);

describe('planRules', () => {
  it('combines matching rules in order; a later rule wins; case-insensitive labels', () => {
    const item = makeItem({ title: 'Crash on start', labels: ['question'] });
    const plan = planRules(rulesFor(RULES, 'item'), { item });
    expect(plan.matched).toEqual(['crash', 'untriage']);
    expect(summary(plan.operations)).toEqual([
      'remove-label question (rule crash)',
      'add-label bug (rule untriage)',
      'assign @octocat (rule crash)',
      'comment Thanks for the report. (rule crash)',
    ]);
    const comment = plan.operations.find((op) => op.kind === 'comment');
    expect(comment?.payload).toEqual({
      type: 'comment',
      body: 'Thanks for the report.\n\n<!-- repo-actions:triage rule=crash -->',
    });
    expect(plan.operations.every((op) => op.cost.requests === 1 && op.cost.writes === 1 && op.target === '#1')).toBe(
      true,
    );
  });

  it('plans nothing when the item is already in line (idempotent)', () => {
    const item = makeItem({ title: 'Crash on start', labels: ['BUG'], assignees: ['OctoCat'], comments: 1 });
    expect(planRules(rulesFor(RULES, 'item'), { item }, new Set(['crash'])).operations).toEqual([]);
  });

  it('closes an open item once, not a closed one', () => {
    expect(summary(planRules(RULES, { item: makeItem({ title: 'wontfix' }) }).operations)).toEqual([
      'comment Closing. (rule wontfix)',
      'close not_planned (rule wontfix)',
    ]);
    expect(summary(planRules(RULES, { item: makeItem({ title: 'wontfix', state: 'closed' }) }).operations)).toEqual([
      'comment Closing. (rule wontfix)',
    ]);
  });

  it('uses changed files once read; unread files do not match', () => {
    const pull = makeItem({ isPullRequest: true, title: 'Update' });
    expect(needsFiles(rulesFor(RULES, 'item'), { item: pull })).toBe(true);
    expect(needsFiles(rulesFor(RULES, 'item'), { item: makeItem() })).toBe(false);
    expect(planRules(rulesFor(RULES, 'item'), { item: pull }).operations).toEqual([]);
    expect(summary(planRules(rulesFor(RULES, 'item'), { item: pull, files: ['docs/x.md'] }).operations)).toEqual([
      'add-label documentation (rule docs)',
    ]);
  });

  it('runs only workflow rules on a workflow run, and none of them otherwise', () => {
    expect(rulesFor(RULES, 'workflow').map((r) => r.id)).toEqual(['ci']);
    expect(rulesFor(RULES, 'item').map((r) => r.id)).toEqual(['crash', 'wontfix', 'untriage', 'docs']);
    const pull = makeItem({ isPullRequest: true, labels: [] });
    expect(
      summary(
        planRules(rulesFor(RULES, 'workflow'), { item: pull, workflow: { name: 'CI', conclusion: 'failure' } })
          .operations,
      ),
    ).toEqual(['add-label ci: failing (rule ci)']);
  });

  it('knows when a comment needs the existing comments checked', () => {
    const rules = rulesFor(RULES, 'item');
    expect(needsCommentCheck(rules, { item: makeItem({ title: 'crash', comments: 0 }) })).toBe(false);
    expect(needsCommentCheck(rules, { item: makeItem({ title: 'crash', comments: 3 }) })).toBe(true);
    expect(needsCommentCheck(rules, { item: makeItem({ title: 'other', comments: 3 }) })).toBe(false);
  });
});

describe('needsFiles', () => {
  const rules = config(`
rules:
  - id: docs
    if: { files: ['docs/**'] }
    then: { add-labels: [documentation] }
`).rules;
  it.each([
    ['a pull request without the label', makeItem({ isPullRequest: true }), true],
    [
      'a pull request that has the label already (no read)',
      makeItem({ isPullRequest: true, labels: ['Documentation'] }),
      false,
    ],
    ['an issue', makeItem(), false],
  ])('%s → %s', (_name, item, expected) => {
    expect(needsFiles(rules, { item })).toBe(expected);
  });
});
