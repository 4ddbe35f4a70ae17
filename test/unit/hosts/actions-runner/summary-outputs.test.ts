import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outputText, setOutputs } from '../../../../src/hosts/actions-runner/outputs';
import { detailsMarkdown } from '../../../../src/kernel/report';
import {
  addHeading,
  addList,
  addMarkdown,
  escapeMarkdownCell,
  pendingSummary,
  writeSummary,
} from '../../../../src/hosts/actions-runner/summary';
import { markdownTable, textTable } from '../../../../src/kernel/table';

const dir = mkdtempSync(join(tmpdir(), 'core-summary-'));
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('escapeMarkdownCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a|b', 'a\\|b'],
    ['line1\nline2\r\nline3', 'line1<br>line2<br>line3'],
    ['<script>&', '&lt;script&gt;&amp;'],
    ['back\\slash|', 'back\\\\slash\\|'],
    [42, '42'],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (cell, expected) => {
    expect(escapeMarkdownCell(cell)).toBe(expected);
  });
});

describe('textTable', () => {
  it('aligns columns by characters', () => {
    expect(
      textTable(
        ['a', 'bb'],
        [
          ['ééé', 1],
          ['x', null],
        ],
      ),
    ).toBe('a    bb\n---  --\nééé  1\nx');
  });
});

describe('job summary', () => {
  const file = join(dir, 'step-summary.md');
  beforeEach(() => {
    writeFileSync(file, 'earlier step\n');
    process.env.GITHUB_STEP_SUMMARY = file;
  });

  it('appends headings, tables, text, lists and details as markdown', async () => {
    addHeading('Label sync\nplan', 2);
    addMarkdown(markdownTable(['label', 'change'], [['bug|fix', 'color\nd73a4a']]));
    addMarkdown('Nothing else.  \n');
    addMarkdown('   ');
    addList(['one', 'two\nlines']);
    addMarkdown(detailsMarkdown('<raw> log', 'x'));
    expect(await writeSummary()).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(
      [
        'earlier step',
        '## Label sync plan',
        '',
        '| label | change |',
        '| --- | --- |',
        '| bug\\|fix | color<br>d73a4a |',
        '',
        'Nothing else.',
        '',
        '- one',
        '- two lines',
        '',
        '<details><summary>&lt;raw> log</summary>',
        '',
        'x',
        '',
        '</details>',
        '',
        '',
      ].join('\n'),
    );
    expect(pendingSummary()).toBe('');
  });

  it('without GITHUB_STEP_SUMMARY: returns false, drops the buffer, never throws', async () => {
    delete process.env.GITHUB_STEP_SUMMARY;
    addHeading('dropped');
    await expect(writeSummary()).resolves.toBe(false);
    expect(pendingSummary()).toBe('');
  });
});

describe('outputs', () => {
  it.each([
    ['text', 'text'],
    [3, '3'],
    [0, '0'],
    [true, 'true'],
    [false, 'false'],
    [null, ''],
    [undefined, ''],
    [['a', 'b'], '["a","b"]'],
    [{ created: 2 }, '{"created":2}'],
  ])('%j is written as %j', (value, expected) => {
    expect(outputText(value)).toBe(expected);
  });

  it('setOutputs writes every output to GITHUB_OUTPUT', () => {
    const file = join(dir, 'output.txt');
    writeFileSync(file, '');
    process.env.GITHUB_OUTPUT = file;
    setOutputs({ created: 2, changed: true, names: ['a', 'b'], note: 'multi\nline' });
    const text = readFileSync(file, 'utf8');
    const values: Record<string, string> = {};
    // name<<DELIMITER\nvalue\nDELIMITER
    for (const m of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) values[m[1]] = m[3];
    expect(values).toEqual({ created: '2', changed: 'true', names: '["a","b"]', note: 'multi\nline' });
  });
});
