// The one escaping rule for external strings (issue and comment text, branch, workflow-run, label and file names)
// in every sink but the log (which has its own, kernel/log-escape.ts, whose control rule this module shares):
// - `markdownText`: running text in what GitHub renders as Markdown (job-summary lines and table cells), shown as
//   written: HTML entities for `<` `>` `&`, a backslash before the characters of inline Markdown, line breaks as
//   spaces (`markdownCell`: as `<br>`).
// - `codeSpan`: a quotation of a stranger's text in a comment the bot posts. GitHub renders nothing inside a code
//   span: no @mention (no notification), no #reference, no link or autolink, no HTML. The delimiter is one backtick
//   longer than the longest run of backticks inside (CommonMark 6.1), so a backtick in the text cannot close it;
//   `<` and `>` become ‹ › so the raw body of our comment never holds a tag or a marker (`<!-- … -->`) that a
//   stranger wrote; line breaks become spaces, and the text is capped.
// In both, C0/C1 control characters (ESC of an ANSI sequence, BEL, NEL…) are shown as `\xNN` text and the
// bidirectional controls (embeddings, overrides, isolates, the LRM/RLM/ALM marks) as `\u{NNNN}` text — the log's
// form (`visibleControls`) — so a stranger's text can neither reorder how a reply or a summary line reads (an RLO
// turning `gnp.exe` into `exe.png`) nor reach a terminal that shows the raw text. A visible escape (not U+FFFD) says
// which character was there. Markdown leaves a backslash before a letter as it is, so the escapes render as written.
// Characters that render as nothing are shown the same way (`visibleInvisibles`): zero-width spaces and joiners,
// word joiner and invisible operators, BOM, soft hyphen, the grapheme joiner, Hangul and Mongolian fillers, tag
// characters and stray variation selectors. Raw, they hide text (tag characters carry a whole ASCII message no one
// sees; a run of variation selectors after an emoji carries bytes), split what a reader or a filter takes as one
// word (`@ad\u{200B}min`, `<!-- repo-actions\u{2060}:triage … -->`) and make two strings that look alike differ. They
// are kept only where text needs them and nothing can hide: a joiner inside an emoji sequence or inside a word of a
// script that joins (Arabic, Indic: letters on both sides, none Latin), one variation selector after the character
// it selects a form of (emoji presentation, a Han ideograph's variant), tag letters inside a subdivision flag.
// - `outputString` / `outputJson`: step outputs. An output is data for the next step, so it keeps its value, but a
//   step that echoes it must not print a workflow command: a string output follows the log's rule (a value that
//   could be read as a command, or that holds control characters, is changed as the log would change it; any other
//   value — numbers, SHAs, URLs, git ref names, ordinary names — is written as is); an object or array is JSON in
//   which every control, format and line-separator character and every `#[` is a `\uNNNN` escape, so the text
//   holds no line break and no `##[`, yet `fromJSON` reads back exactly the value.
import { neutralizeLogText, visibleControls } from './log-escape';

export type Cell = string | number | boolean | null | undefined;

const text = (cell: Cell): string => (cell === null || cell === undefined ? '' : String(cell));

/**
 * Text safe inside Markdown: shown as written, never as formatting. HTML-significant `<`, `>`, `&` become entities;
 * the characters of inline Markdown (emphasis, code, links, strike-through, `|`) get a backslash; a line break becomes
 * a space; controls become visible escapes. For names and messages from issues, label files and the API.
 */
export function markdownText(value: Cell): string {
  const escaped = text(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_~[\]|]/g, '\\$&');
  return visibleInvisibles(visibleControls(escaped, '\t\r\n')).replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');
}

/** Characters that render as nothing (see the header); variation selectors and joiners are kept in context. */
/* eslint-disable no-misleading-character-class -- each character is listed alone on purpose */
const INVISIBLE =
  /[\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200d\u2060-\u2064\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/u;
/* eslint-enable no-misleading-character-class */
const EMOJI_PART = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]/u;
const JOINING_LETTER = /[\p{L}\p{M}]/u;
const LATIN = /[\p{Script=Latin}\p{ASCII}]/u;
/** A subdivision flag: 🏴, tag letters or digits, the cancel tag (Unicode TS #51, emoji tag sequences). */
const TAG_FLAG = /^\u{1f3f4}[\u{e0030}-\u{e0039}\u{e0061}-\u{e007a}]{1,6}\u{e007f}/u;

/** Whether the invisible `chars[i]` is needed by the text around it (see the header). */
function neededInvisible(chars: readonly string[], i: number): boolean {
  const c = chars[i];
  const before = chars[i - 1] ?? '';
  const after = chars[i + 1] ?? '';
  if (c === '\u200d' && EMOJI_PART.test(before) && /\p{Extended_Pictographic}/u.test(after)) return true;
  if (c === '\u200c' || c === '\u200d')
    return JOINING_LETTER.test(before) && /\p{L}/u.test(after) && !LATIN.test(before) && !LATIN.test(after);
  if (INVISIBLE.test(after) && /[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/u.test(after)) return false; // a run hides bytes
  if (c === '\ufe0e' || c === '\ufe0f') return /\p{Emoji}/u.test(before) && !INVISIBLE.test(before);
  if (c >= '\ufe00' && c <= '\ufe0d') return /[\p{L}\p{N}\p{S}]/u.test(before) && !INVISIBLE.test(before);
  if (/[\u{e0100}-\u{e01ef}]/u.test(c)) return /\p{Script=Han}/u.test(before);
  return false;
}

/** `\xNN` up to U+00FF, else `\u{NNNN}`: the form of `visibleControls`. */
const escapedCodePoint = (code: number) =>
  code <= 0xff ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u{${code.toString(16).toUpperCase()}}`;

/** Invisible characters as `\u{NNNN}` text, except where the text around them needs them (see the header). */
export function visibleInvisibles(value: string): string {
  if (!INVISIBLE.test(value)) return value;
  const chars = [...value];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === '\u{1f3f4}') {
      const flag = TAG_FLAG.exec(chars.slice(i, i + 9).join(''));
      if (flag) {
        out += flag[0];
        i += [...flag[0]].length - 1;
        continue;
      }
    }
    out += INVISIBLE.test(c) && !neededInvisible(chars, i) ? escapedCodePoint(c.codePointAt(0)!) : c;
  }
  return out;
}

/** A cell safe inside a markdown table: escaped as `markdownText`, except that line breaks become `<br>`. */
export function markdownCell(cell: Cell): string {
  return text(cell)
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => markdownText(line))
    .join('<br>');
}

/** The longest run of backticks in `text`. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === '`' ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/** `text` as an inline code span that nothing inside can close or turn into a mention, link, tag or reordering. */
export function codeSpan(value: string, max = 80): string {
  const chars = [...value];
  const cut = chars.length > max;
  let text = visibleInvisibles(
    visibleControls(
      chars
        .slice(0, max)
        .map((c) => (/[\t\n\r\u2028\u2029]/.test(c) ? ' ' : c === '<' ? '‹' : c === '>' ? '›' : c))
        .join(''),
      '',
    ),
  );
  if (cut) text += '…';
  if (text.trim() === '') return '` `';
  const fence = '`'.repeat(longestBacktickRun(text) + 1);
  // A space on each side when the text starts or ends with a backtick (CommonMark strips exactly one of each).
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A string step output: as it is, unless echoing it could issue a workflow command or show a raw control. */
export function outputString(value: string): string {
  return neutralizeLogText(value);
}

/** Control, format (bidi, zero-width, ignorable) and line-separator characters: written as `\uNNNN` in JSON. */
const JSON_UNSAFE = /[\u007f-\u009f\u2028\u2029\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** An object or array step output: JSON with no line break, control, `##[` or bidi control in its text. */
export function outputJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(JSON_UNSAFE, (c) => {
      let escaped = '';
      for (let i = 0; i < c.length; i++) escaped += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
      return escaped;
    })
    .replace(/#\[/g, '\\u0023[');
}
