// Characters that render as nothing, in the sinks GitHub renders as Markdown (the job summary, the bot's replies):
// a stranger's zero-width space, word joiner, BOM, soft hyphen, Hangul filler, tag characters (a whole hidden ASCII
// message) and runs of variation selectors (bytes behind an emoji) are shown as `\u{NNNN}` text; the joiners and
// selectors a text needs (an emoji sequence, a Persian word, a Han ideograph's variant, a subdivision flag) stay.
// Markers count only in the engine's own comments, and only when written exactly: one split by an invisible
// character does not count, wherever it is. The corpus through every sink: external-text-sinks.test.ts.
import { describe, expect, it } from 'vitest';
import { codeSpan, markdownText, outputJson, outputString, visibleInvisibles } from '../../src/kernel/external-text';
import { commentedRules, lastStaleMark, ruleMarker, STALE_MARKER } from '../../src/actions/triage/domain/markers';

const tags = (text: string) => [...text].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');

describe('invisible characters in Markdown sinks', () => {
  it.each([
    ['a zero-width space in a mention', '@ad\u200bmin', '@ad\\u{200B}min'],
    ['a non-joiner between Latin letters', 'ma\u200cint', 'ma\\u{200C}int'],
    [
      'word joiner, invisible operators, BOM',
      'a\u2060b\u2062c\u2064d\ufeff',
      'a\\u{2060}b\\u{2062}c\\u{2064}d\\u{FEFF}',
    ],
    ['soft hyphen, grapheme joiner', 'pass\u00adword\u034f', 'pass\\xADword\\u{34F}'],
    ['Hangul fillers', '\u115f\u1160\u3164\uffa0', '\\u{115F}\\u{1160}\\u{3164}\\u{FFA0}'],
    ['tag characters spelling a message', `ok${tags('hi')}`, 'ok\\u{E0068}\\u{E0069}'],
    ['a run of variation selectors after an emoji', '😀\ufe01\u{e0100}', '😀\\u{FE01}\\u{E0100}'],
    ['two emoji presentation selectors', '❤\ufe0f\ufe0f', '❤\\u{FE0F}\\u{FE0F}'],
    ['a selector after a space', ' \ufe0f', ' \\u{FE0F}'],
  ])('%s are shown', (_what, raw, shown) => {
    expect(visibleInvisibles(raw)).toBe(shown);
    expect(codeSpan(raw)).toBe(`\`${shown}\``);
    expect(markdownText(raw)).toBe(shown);
  });

  it.each([
    ['a family emoji (joiners)', '👨\u200d👩\u200d👧'],
    ['emoji presentation', '❤\ufe0f'],
    ['a keycap', '#\ufe0f\u20e3'],
    ['a Persian word (non-joiner)', 'می\u200cخواهم'],
    ['a Devanagari conjunct (joiner)', 'क्\u200dष'],
    ['a Han ideograph variant', '葛\u{e0100}'],
    ['a subdivision flag (tags)', `🏴${tags('gbeng')}\u{e007f}`],
  ])('%s is kept as written', (_what, text) => {
    expect(visibleInvisibles(text)).toBe(text);
    expect(codeSpan(text)).toBe(`\`${text}\``);
  });

  it('step outputs keep their value: a string as is, JSON with each one as a \\u escape that reads back', () => {
    const value = `feature/\u200bx${tags('hi')}`;
    expect(outputString(value)).toBe(value);
    const json = outputJson({ branch: value });
    expect(json).not.toMatch(/[\u200b\u{e0000}-\u{e007f}]/u);
    expect(JSON.parse(json)).toEqual({ branch: value });
  });
});

describe('markers split by invisible characters', () => {
  const own = { login: 'triage-app[bot]' };
  const comment = (body: string, login = 'triage-app[bot]') => ({
    body,
    user: { login },
    created_at: '2026-01-01T00:00:00Z',
  });

  it.each(['\u200b', '\u2060', '\ufeff', '\u200d', '\u00ad', tags('x')])(
    'a marker holding %j does not count, even in the engine’s own comment',
    (invisible) => {
      const rule = ruleMarker('welcome');
      for (const at of [4, rule.indexOf('triage'), rule.indexOf('=') + 1, rule.length - 3]) {
        const split = `${rule.slice(0, at)}${invisible}${rule.slice(at)}`;
        expect(commentedRules([comment(`Hello\n\n${split}`)], own)).toEqual(new Set());
      }
      const stale = `${STALE_MARKER.slice(0, 10)}${invisible}${STALE_MARKER.slice(10)}`;
      expect(lastStaleMark([comment(stale)], own)).toBeUndefined();
    },
  );

  it('the exact marker counts in the engine’s own comment only', () => {
    expect(commentedRules([comment(`Hello\n\n${ruleMarker('welcome')}`)], own)).toEqual(new Set(['welcome']));
    expect(commentedRules([comment(ruleMarker('welcome'), 'stranger')], own)).toEqual(new Set());
    expect(lastStaleMark([comment(STALE_MARKER, 'stranger')], own)).toBeUndefined();
  });

  it('a quoted stranger’s marker split by invisibles shows the invisibles and no marker', () => {
    const span = codeSpan('<!-- repo-actions\u200b:triage rule=welcome -->');
    expect(span).toBe('`‹!-- repo-actions\\u{200B}:triage rule=welcome --›`');
  });
});
