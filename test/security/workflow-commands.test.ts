// Workflow commands through external text: every line the runner's log gets from the kernel's logger is safe, whatever
// a file, label, issue or config name holds.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseOutputFile } from '../../src/hosts/cli/runner-env';
import { setOutputs } from '../../src/hosts/actions-runner/outputs';
import { markdownTable } from '../../src/kernel/table';
import { beginsWorkflowCommand, neutralizeLogText, visibleControls } from '../../src/kernel/log-escape';
import { runnerLog } from '../../src/kernel/runner-log';
import { cpuTimed } from './cpu-time';
import { forgedCommands, runnerCommands } from './runner-commands';

/** Names an attacker can give a file, a label or a config (the reviewer's reproductions and their variants). */
export const HOSTILE_NAMES = [
  'x\n::error title=INJECTED::forged annotation\n::add-mask::webapp\nz',
  'a\r::warning title=INJECTED::carriage return',
  'b\r\n  ::notice title=INJECTED::indented',
  'c\n\t\u00a0\u2003::error title=INJECTED::unicode space',
  'd\n\u00ad::error title=INJECTED::soft hyphen',
  'e\n\u200b:\u200d:error title=INJECTED::zero width between',
  'f\n\u001b[31m::error title=INJECTED::escape first',
  'g\n\u0085::error title=INJECTED::next line',
  'h ##[error title=INJECTED]legacy syntax',
  'i #\u200b#[add-mask]webapp',
  'j\n::stop-commands::INJECTED\n::error::after stop',
  'k %0A::error title=INJECTED::literal percent',
  'l\n::add-mask::webapp',
  'm\u2028::error title=INJECTED::line separator',
];

describe('neutralizeLogText', () => {
  it.each(HOSTILE_NAMES)('no line of %j can be read as a command', (name) => {
    const text = neutralizeLogText(`Uploaded ${name} (12 bytes)`);
    expect(runnerCommands(text)).toEqual([]);
    // eslint-disable-next-line no-control-regex -- no raw control character may remain
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it.each([
    ['a plain line stays as it is', 'Read 3 labels from .github/labels.yml', 'Read 3 labels from .github/labels.yml'],
    ['lines stay lines', 'first\nsecond\n  third', 'first\nsecond\n  third'],
    ['a carriage return ends a line, as for the runner', 'safe\r::add-mask::x', 'safe\n\\::add-mask::x'],
    ['a command-looking line gets a backslash', '::error::x', '\\::error::x'],
    ['the backslash goes before the white space', '  ::error::x', '\\  ::error::x'],
    ['one colon is not a command', ':x: done', ':x: done'],
    ['a colon later in the line is fine', 'see a::b::c', 'see a::b::c'],
    ['the legacy syntax is broken anywhere', 'x ##[error]y', 'x ##\\[error]y'],
    ['escape sequences become text', 'x\u001b]0;title\u0007\u001b[2J', 'x\\x1B]0;title\\x07\\x1B[2J'],
    ['%0A stays literal text', 'k %0A::error::x', 'k %0A::error::x'],
    ['tabs stay', 'a\tb', 'a\tb'],
  ])('%s', (_what, input, shown) => {
    expect(neutralizeLogText(input)).toBe(shown);
  });

  it('is linear: a megabyte of white space and colons in well under a second', () => {
    const { cpuMs } = cpuTimed(() => neutralizeLogText(`${' '.repeat(500_000)}:${'#'.repeat(500_000)}\n`.repeat(2)));
    expect(cpuMs).toBeLessThan(5_000);
  });
});

describe('beginsWorkflowCommand', () => {
  it.each([
    ['::x::', true],
    [' \t::x::', true],
    ['\u00ad::x', true],
    [':\u200b:x', true],
    ['\u{e0020}::x', true],
    ['a::x', false],
    [':', false],
    ['', false],
  ])('%j → %s', (line, expected) => {
    expect(beginsWorkflowCommand(line)).toBe(expected);
  });
});

describe('visibleControls', () => {
  it('shows C0, DEL, C1 and bidirectional controls as text, keeps what it is told to keep', () => {
    expect(visibleControls('a\u0000b\u007fc\u009bd\u202ee\tf\ng')).toBe('a\\x00b\\x7Fc\\x9Bd\\u{202E}e\tf\ng');
    expect(visibleControls('a\tb\nc', '')).toBe('a\\x09b\\x0Ac');
  });
});

describe('runnerLog (what reaches stdout)', () => {
  let written: string[];
  beforeEach(() => {
    written = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  it.each(HOSTILE_NAMES)('info, debug, annotations, groups and failures carrying %j forge nothing', (name) => {
    runnerLog.info(`Uploaded ${name}`);
    runnerLog.debug(`debug ${name}`);
    runnerLog.warning(`warning ${name}`, { title: name, file: name, startLine: 1 });
    runnerLog.error(`error ${name}`, { title: name, file: name });
    runnerLog.notice(`notice ${name}`, { title: name });
    runnerLog.startGroup(`group ${name}`);
    runnerLog.endGroup();
    runnerLog.fail(`failed ${name}`);
    const stdout = written.join('');
    expect(forgedCommands(stdout, 'INJECTED', [])).toEqual([]);
    // The runner sees exactly the commands that were issued: 1 debug, 3 annotations, a group, its end, a failure.
    expect(runnerCommands(stdout).map((c) => c.name)).toEqual([
      'debug',
      'warning',
      'error',
      'notice',
      'group',
      'endgroup',
      'error',
    ]);
  });

  it('annotation properties are encoded as @actions/core encodes them (escapeProperty)', () => {
    runnerLog.error('message %0A with\nlines', { title: 'a,b:c%d\ne', file: 'x,y.yml', startLine: 3 });
    const [command] = runnerCommands(written.join(''));
    expect(command.properties).toBe('title=a%2Cb%3Ac%25d%0Ae,file=x%2Cy.yml,line=3');
    expect(command.data).toBe('message %0A with\nlines');
  });
});

describe('outputs and the job summary carrying hostile text', () => {
  afterEach(() => {
    delete process.env.GITHUB_OUTPUT;
  });

  it('an output value cannot end its heredoc or add an output (a random delimiter per value)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'security-outputs-'));
    try {
      process.env.GITHUB_OUTPUT = join(dir, 'output');
      writeFileSync(process.env.GITHUB_OUTPUT, '');
      const value = 'a\nEOF\nghadelimiter_\ninjected=true\n::set-output name=x::y';
      setOutputs({ files: value, count: 2 });
      const written = readFileSync(process.env.GITHUB_OUTPUT, 'utf8');
      // Every line stays (a heredoc's lines are data), the last neutralised as the log would: echoed, no command.
      expect(parseOutputFile(written)).toEqual({ files: neutralizeLogText(value), count: '2' });
      expect(runnerCommands(parseOutputFile(written).files)).toEqual([]);
      const delimiters = [...written.matchAll(/^files<<(.+)$/gm)].map((m) => m[1]);
      expect(delimiters).toHaveLength(1);
      expect(delimiters[0]).toMatch(/^ghadelimiter_[0-9a-f-]{36}$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('table cells show names as text: no column, code span, HTML or line break of their own', () => {
    const table = markdownTable(['name'], [['a|b `c` <img src=x onerror=alert(1)> [l](http://x)\n## h']]);
    const row = table.split('\n')[2];
    expect(row).toBe('| a\\|b \\`c\\` &lt;img src=x onerror=alert(1)&gt; \\[l\\](http://x)<br>## h |');
    expect(row.replace(/\\\|/g, '').match(/\|/g)).toHaveLength(2);
  });
});
