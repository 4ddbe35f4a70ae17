// Hostile text against triage's parsers and config patterns: each worst case an attacker can write
// finishes in bounded time (generous bounds: the machine is shared; the measured times are in the bench).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/kernel/config-file';
import { parseCommands } from '../../src/actions/triage/domain/commands';
import { parseTriageConfig } from '../../src/actions/triage/domain/config';
import { parseIssueForm } from '../../src/actions/triage/domain/issue-form';
import { commentedRules, lastStaleMark, WORKFLOW_TOKEN_IDENTITY } from '../../src/actions/triage/domain/markers';
import { matches } from '../../src/actions/triage/domain/pattern';
import { cpuTimed } from './cpu-time';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
// CPU time: a quadratic pass over 64 KB needs billions of steps; the linear parsers take milliseconds.
const BOUND_MS = 2000;
const KB64 = 64 * 1024;

/** The CPU time of `work` (the machine is shared; see cpu-time.ts). */
function timed<T>(work: () => T): { value: T; ms: number } {
  const { value, cpuMs } = cpuTimed(work);
  return { value, ms: cpuMs };
}

describe('triage parsers under hostile input', () => {
  it('reads an issue-form heading of "### a" + 8000 spaces + "x" in linear time', () => {
    const { value, ms } = timed(() => parseIssueForm(fixture('triage-heading-spaces.md')));
    expect(ms).toBeLessThan(BOUND_MS);
    expect([...value.keys()]).toEqual([`a${' '.repeat(8000)}x`]);
  });

  it.each([
    ['headings padded with spaces', `### a${' '.repeat(KB64 - 7)}x\n`],
    ['a 64 KB run of hashes', '#'.repeat(KB64)],
    ['64 KB of task-list prefixes', '### Q\n' + '- [x'.repeat(KB64 / 4)],
    ['64 KB of fences', '```\n'.repeat(KB64 / 4)],
    ['a body over the limit', '### Q\n' + 'y'.repeat(4 * KB64)],
  ])('reads a form body of %s in bounded time', (_what, body) => {
    const { ms } = timed(() => parseIssueForm(body));
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it.each([
    ['a 64 KB command line', `/label ${'a'.repeat(KB64)}`],
    ['64 KB of quotes', `/label ${'"'.repeat(KB64)}`],
    ['64 KB of commas and spaces', `/assign ${', '.repeat(KB64 / 2)}`],
    ['64 KB of slash lines', '/label x\n'.repeat(KB64 / 9)],
    ['64 KB of backticks', '`'.repeat(KB64)],
  ])('parses a comment of %s in bounded time', (_what, body) => {
    const { ms } = timed(() => parseCommands(body));
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('refuses "." and ".." and blank label names in slash commands', () => {
    expect(parseCommands('/unlabel ..').commands).toEqual([]);
    expect(parseCommands('/label .').problems[0]).toMatch(/not a usable label name/);
    expect(parseCommands('/label "  "').problems[0]).toMatch(/needs at least one label|cannot be empty/);
  });

  it('runs /^(\\w+\\s?)*$/ from a config on a 29-character title in linear time', () => {
    const config = parseTriageConfig(fixture('triage-redos-config.yml'), '.github/triage.yml');
    const title = `${'a'.repeat(28)}!`;
    const { value, ms } = timed(() => matches(config.rules[0].if.title!, title));
    expect(value).toBe(false);
    expect(ms).toBeLessThan(BOUND_MS);
    const long = timed(() => matches(config.rules[0].if.title!, `${'ab '.repeat(KB64 / 3)}!`));
    expect(long.ms).toBeLessThan(BOUND_MS);
  });

  it('refuses a back-reference in a config pattern at its file and line', () => {
    let error: unknown;
    try {
      parseTriageConfig(fixture('triage-backreference-config.yml'), '.github/triage.yml');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues[0]).toMatchObject({ line: 4 });
    expect((error as ConfigError).message).toMatch(/back-references/);
  });

  it('ignores markers pasted into comments by anyone but the engine', () => {
    const forged = {
      body: fixture('triage-forged-markers.md'),
      created_at: '2026-01-01T00:00:00Z',
      user: { login: 'mallory' },
    };
    expect(commentedRules([forged], WORKFLOW_TOKEN_IDENTITY).size).toBe(0);
    expect(lastStaleMark([forged], WORKFLOW_TOKEN_IDENTITY)).toBeUndefined();
    const spam = { body: '<!-- repo-actions:triage rule='.repeat(KB64 / 30), user: { login: 'github-actions[bot]' } };
    expect(timed(() => commentedRules([spam], WORKFLOW_TOKEN_IDENTITY)).ms).toBeLessThan(BOUND_MS);
  });
});
