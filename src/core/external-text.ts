// The one escaping rule for external strings (issue and comment text, branch, workflow-run, label and file names)
// in every sink but the log (which has its own, core/log-escape.ts, whose control rule this module shares):
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
  return visibleControls(escaped, '\t\r\n').replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');
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
  let text = visibleControls(
    chars
      .slice(0, max)
      .map((c) => (/[\t\n\r\u2028\u2029]/.test(c) ? ' ' : c === '<' ? '‹' : c === '>' ? '›' : c))
      .join(''),
    '',
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
