// The one escaping rule for external strings (src/kernel/external-text.ts), each form on its own: the code span the
// bot posts, Markdown text and cells of the job summary, and the step outputs (a string, and JSON). The corpus
// through every sink of every action is test/security/external-text-sinks.test.ts and external-text-outputs.test.ts.
import { describe, expect, it } from 'vitest';
import { codeSpan, markdownCell, markdownText, outputJson, outputString } from '../../../src/kernel/external-text';

const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const MARKS = ['\u200e', '\u200f', '\u061c'];
const hex = (c: string) => c.charCodeAt(0).toString(16).toUpperCase();

describe('codeSpan', () => {
  it.each([...BIDI, ...MARKS])('shows the bidirectional control U+%s as visible text', (c) => {
    const span = codeSpan(`a${c}b`);
    expect(span).toBe(`\`a\\u{${hex(c)}}b\``);
  });

  it('shows an RLO-spoofed file name in its reading order', () => {
    expect(codeSpan('invoice\u202egnp.exe')).toBe('`invoice\\u{202E}gnp.exe`');
  });

  it('shows ANSI escapes, BEL, DEL and C1 controls as \\xNN, and line breaks as spaces', () => {
    expect(codeSpan('\u001b[31mred\u0007\u007f\u0085\u009b')).toBe('`\\x1B[31mred\\x07\\x7F\\x85\\x9B`');
    expect(codeSpan('a\nb\r\nc\td\u2028e')).toBe('`a b  c d e`');
  });

  it('keeps the existing rule: backticks cannot close it, no tag, the mention and link stay inside', () => {
    expect(codeSpan('``x`')).toBe('``` ``x` ```');
    expect(codeSpan('<img src=x> @org/team [a](https://e.x)')).toBe('`‹img src=x› @org/team [a](https://e.x)`');
    expect(codeSpan('  ')).toBe('` `');
  });

  it('caps the text at `max` characters of the input, never cutting an escape', () => {
    expect(codeSpan('abc\u202edef', 4)).toBe('`abc\\u{202E}…`');
    expect(codeSpan('abcdef', 6)).toBe('`abcdef`');
    expect(codeSpan('😀😀😀', 2)).toBe('`😀😀…`');
  });
});

describe('markdownText and markdownCell (the job summary)', () => {
  it.each([...BIDI, ...MARKS])('shows the bidirectional control U+%s as visible text', (c) => {
    expect(markdownText(`a${c}b`)).toBe(`a\\u{${hex(c)}}b`);
    expect(markdownCell(`a${c}b`)).toBe(`a\\u{${hex(c)}}b`);
  });

  it('shows controls as \\xNN and keeps the existing escaping of HTML and inline Markdown', () => {
    expect(markdownText('\u001b]8;;x\u0007 <b>*a*</b> & `c` [l](u) a|b')).toBe(
      '\\x1B\\]8;;x\\x07 &lt;b&gt;\\*a\\*&lt;/b&gt; &amp; \\`c\\` \\[l\\](u) a\\|b',
    );
    expect(markdownText(null)).toBe('');
    expect(markdownText(3)).toBe('3');
  });

  it('turns line breaks into spaces in text and into <br> in a cell', () => {
    expect(markdownText('a\nb\r\nc\rd\u2028e')).toBe('a b c d e');
    expect(markdownCell('a\nb\r\nc\u2029<d>')).toBe('a<br>b<br>c<br>&lt;d&gt;');
    expect(markdownText('tab\tkept')).toBe('tab\tkept');
  });
});

describe('outputString', () => {
  it.each([
    'd'.repeat(40),
    'https://github.com/o/r/pull/1',
    'feature/update-deps',
    'v1.2.3',
    'bug,needs triage,@org/team',
    'two\nlines',
    'a: b :: c',
    '#1 ## not a command',
    '',
  ])('writes %j as it is', (value) => {
    expect(outputString(value)).toBe(value);
  });

  it.each([
    ['::error::x', '\\::error::x'],
    ['  ::add-mask::secret', '\\  ::add-mask::secret'],
    ['ok\n::stop-commands::t', 'ok\n\\::stop-commands::t'],
    ['ok\r::warning::x', 'ok\n\\::warning::x'],
    ['a ##[group]x', 'a ##\\[group]x'],
    ['\u001b[2Jclear', '\\x1B[2Jclear'],
    ['rlo\u202eexe', 'rlo\\u{202E}exe'],
    ['nel\u0085::error::x', 'nel\\x85::error::x'],
  ])('neutralises %j as the log would', (value, written) => {
    expect(outputString(value)).toBe(written);
  });
});

describe('outputJson', () => {
  const hostile = [
    'line\nbreak\r::error::x',
    '##[group]fold',
    '#\u200b#[warning]x',
    'sep\u2028::warning::x\u2029y\u0085z',
    'bidi \u202egnp.exe \u2066x\u2069 \u200e\u200f\u061c',
    '\u001b[31mred \u009b1m',
    'tag \u{e0041} astral ignorable',
    '\\#[ back',
  ];

  it('reads back to exactly the value', () => {
    const value = [{ name: hostile, n: 1, ok: true, none: null }, hostile];
    expect(JSON.parse(outputJson(value))).toEqual(value);
  });

  it.each(hostile)('writes %j with no line break, no `#[` and no control or format character', (text) => {
    const json = outputJson({ label: text });
    expect(json).not.toMatch(/#\[/);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(json).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\p{Default_Ignorable_Code_Point}]/u);
    expect(JSON.parse(json)).toEqual({ label: text });
  });

  it('is plain JSON for ordinary values', () => {
    const value = { labels: ['bug', 'good first issue'], count: 2, url: 'https://x/y#z' };
    expect(outputJson(value)).toBe(JSON.stringify(value));
  });
});
