// The job summary as terminal text: headings, aligned tables (escaped pipes kept inside their cell), lists.
import { describe, expect, it } from 'vitest';
import { plainText, summaryAsText, tableCells } from '../../../../src/hosts/cli/summary-text';
import { styleFor } from '../../../../src/hosts/cli/terminal';
import { cpuTimed } from '../../../security/cpu-time';

const plain = styleFor({ isTTY: false });

describe('summaryAsText', () => {
  it('renders headings, a table with a header row, and the escapes removed', () => {
    const markdown = [
      '## label-sync: planned (dry run)',
      '',
      '| operation | label | requests |',
      '| --- | --- | --- |',
      '| create | \\*emph\\* | 1 |',
      '| update | a \\| b | 1 |',
      '',
      '### API usage',
      '',
      '| metric | value |',
      '| --- | --- |',
      '| Requests sent | 3 |',
      '',
    ].join('\n');
    expect(summaryAsText(markdown, plain)).toBe(
      [
        'label-sync: planned (dry run)',
        '',
        '  operation  label   requests',
        '  create     *emph*  1',
        '  update     a | b   1',
        '',
        'API usage',
        '',
        '  metric         value',
        '  Requests sent  3',
      ].join('\n'),
    );
  });

  it('drops an empty header row and shows lists as bullets', () => {
    const markdown = '| | |\n| --- | --- |\n| Retries | 0 |\n\n- one\n- two &lt;b&gt;\n';
    expect(summaryAsText(markdown, plain)).toBe('  Retries  0\n\n  • one\n  • two <b>');
  });

  it('is empty for an empty summary', () => {
    expect(summaryAsText('\n\n', plain)).toBe('');
  });
});

describe('tableCells and plainText', () => {
  it.each([
    { what: 'plain cells', line: '| a | b |', cells: ['a', 'b'] },
    { what: 'an escaped pipe stays in its cell', line: '| a \\| b | c |', cells: ['a | b', 'c'] },
    { what: 'a line break', line: '| one<br>two |', cells: ['one ⏎ two'] },
    { what: 'entities', line: '| &lt;tag&gt; &amp; |', cells: ['<tag> &'] },
  ])('$what', ({ line, cells }) => {
    expect(tableCells(line)).toEqual(cells);
  });

  it('takes linear time on a hostile cell', () => {
    const hostile = `| ${'\\'.repeat(50_000)}${'|-'.repeat(50_000)} |`;
    const { cpuMs } = cpuTimed(() => {
      tableCells(hostile);
      plainText(hostile);
      summaryAsText(`${hostile}\n${'| --- '.repeat(20_000)}|\n${hostile}\n`, plain);
    });
    expect(cpuMs).toBeLessThan(5_000);
  });
});
