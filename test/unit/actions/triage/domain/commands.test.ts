import { describe, expect, it } from 'vitest';
import {
  effectivePermission,
  parseCommands,
  permits,
  planCommands,
  splitArguments,
} from '../../../../../src/actions/triage/domain/commands';
import { config, makeItem } from '../items';

describe('parseCommands', () => {
  it.each([
    ['/label bug', [{ name: 'label', labels: ['bug'], line: 1 }]],
    ['/label bug, needs info', [{ name: 'label', labels: ['bug', 'needs info'], line: 1 }]],
    ['/label "good first issue" bug', [{ name: 'label', labels: ['good first issue', 'bug'], line: 1 }]],
    ['/label a b a', [{ name: 'label', labels: ['a', 'b'], line: 1 }]],
    ['/unlabel  stale ', [{ name: 'unlabel', labels: ['stale'], line: 1 }]],
    ['/assign @octocat @hubot', [{ name: 'assign', logins: ['octocat', 'hubot'], line: 1 }]],
    ['/unassign octocat', [{ name: 'unassign', logins: ['octocat'], line: 1 }]],
    ['/close', [{ name: 'close', reason: 'completed', line: 1 }]],
    ['/close not planned', [{ name: 'close', reason: 'not_planned', line: 1 }]],
    ['/close as not_planned', [{ name: 'close', reason: 'not_planned', line: 1 }]],
    ['/CLOSE completed', [{ name: 'close', reason: 'completed', line: 1 }]],
    ['/reopen', [{ name: 'reopen', line: 1 }]],
    [
      'Thanks!\n\n/label bug\n/assign @me-too',
      [
        { name: 'label', labels: ['bug'], line: 3 },
        { name: 'assign', logins: ['me-too'], line: 4 },
      ],
    ],
    ['no command here /label bug', []],
    ['> /label quoted', []],
    ['```\n/label fenced\n```\n/reopen', [{ name: 'reopen', line: 4 }]],
    ['Run:\n\n    /close\n\t/reopen\n  /reopen', [{ name: 'reopen', line: 5 }]],
    ['~~~\n```\n/close\n~~~\n/reopen', [{ name: 'reopen', line: 5 }]],
    ['````\n```\n/close\n```\n/label inside\n````\n/reopen', [{ name: 'reopen', line: 7 }]],
    ['/deploy production', []],
    ['/labels x', []],
    ['', []],
  ])('%j', (body, commands) => {
    expect(parseCommands(body).commands).toEqual(commands);
  });

  it.each([
    ['/label', /needs at least one label/],
    ['/assign $(rm -rf /)', /is not a user login/],
    ['/assign `whoami`', /is not a user login/],
    ['/close later', /completed or not_planned/],
    ['/reopen now', /takes no arguments/],
    [`/label ${'x'.repeat(51)}`, /longer than 50/],
  ])('refuses %j', (body, problem) => {
    const parsed = parseCommands(body);
    expect(parsed.commands).toEqual([]);
    expect(parsed.problems[0]).toMatch(problem);
  });

  it('treats shell text as plain data', () => {
    expect(parseCommands('/label $(touch /tmp/pwned); `id`').commands).toEqual([
      { name: 'label', labels: ['$(touch', '/tmp/pwned);', '`id`'], line: 1 },
    ]);
  });

  it.each([
    ['/unlabel ..', /`\.\.` is not a usable label name/],
    ['/label .', /`\.` is not a usable label name/],
    ['/label "  "', /needs at least one label/],
    [`/label ${'x'.repeat(51)}`, /longer than 50 characters/],
  ])('refuses %s as a label name', (line, problem) => {
    const parsed = parseCommands(line);
    expect(parsed.commands).toEqual([]);
    expect(parsed.problems[0]).toMatch(problem);
  });

  it('splits arguments', () => {
    expect(splitArguments('a, b ,c')).toEqual(['a', 'b', 'c']);
    expect(splitArguments("'x y' z")).toEqual(['x y', 'z']);
    expect(splitArguments('')).toEqual([]);
  });
});

describe('permissions', () => {
  it.each([
    [{ permission: 'admin', role_name: 'admin' }, 'admin'],
    [{ permission: 'write', role_name: 'maintain' }, 'maintain'],
    [{ permission: 'read', role_name: 'triage' }, 'triage'],
    [{ permission: 'write', role_name: 'write' }, 'write'],
    [{ permission: 'write', role_name: 'custom-release-manager' }, 'write'],
    [{ permission: 'read' }, 'read'],
    [{ permission: 'none', role_name: null }, 'none'],
    [undefined, 'none'],
  ] as const)('%j → %s', (response, expected) => {
    expect(effectivePermission(response)).toBe(expected);
  });

  const levels = ['none', 'read', 'triage', 'write', 'maintain', 'admin'] as const;
  const needs = ['read', 'triage', 'write', 'maintain', 'admin'] as const;
  it.each(levels.flatMap((have) => needs.map((need) => [have, need] as const)))('%s satisfies %s?', (have, need) => {
    expect(permits(have, need)).toBe(levels.indexOf(have) >= levels.indexOf(need));
  });
});

describe('planCommands', () => {
  const all = config('commands: {}').commands!;
  const some = config('commands: { allow: [label] }').commands!;
  const item = makeItem({ number: 7, labels: ['Bug'], assignees: ['octocat'] });
  const plan = (body: string, cfg = all, it = item) => {
    const p = planCommands(parseCommands(body).commands, it, cfg, 'alice');
    return { ops: p.operations.map((op) => `${op.kind} ${op.subject} (${op.detail})`), skipped: p.skipped };
  };

  it.each([
    ['/label bug, docs', ['add-label docs (/label by @alice)'], ['/label changes nothing'].slice(1)],
    ['/unlabel bug', ['remove-label Bug (/unlabel by @alice)'], []],
    ['/unlabel gone', [], ['/unlabel changes nothing']],
    ['/assign @octocat @hubot', ['assign @hubot (/assign by @alice)'], []],
    ['/unassign @OctoCat', ['unassign @OctoCat (/unassign by @alice)'], []],
    ['/close not_planned', ['close not_planned (/close by @alice)'], []],
    ['/reopen', [], ['/reopen changes nothing']],
    ['/close\n/reopen', ['close completed (/close by @alice)', 'reopen  (/reopen by @alice)'], []],
  ])('%j', (body, ops, skipped) => {
    expect(plan(body)).toEqual({ ops, skipped });
  });

  it('refuses commands the config does not allow', () => {
    expect(plan('/label docs\n/close', some)).toEqual({
      ops: ['add-label docs (/label by @alice)'],
      skipped: ['/close is not allowed by the config'],
    });
  });

  it('reopens a closed item', () => {
    expect(plan('/reopen', all, makeItem({ state: 'closed' })).ops).toEqual(['reopen  (/reopen by @alice)']);
  });
});
