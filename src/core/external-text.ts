// The one escaping rule for external strings (issue and comment text, branch, workflow-run, label and file names)
// in what GitHub renders as Markdown: the job summary, and the comments and replies the bot posts. Two forms:
// - `markdownText`: running text, shown as written (HTML entities for `<` `>` `&`, a backslash before the
//   characters of inline Markdown, line breaks as spaces): for job-summary lines and table cells.
// - `codeSpan`: a quotation of a stranger's text in a comment the bot posts. GitHub renders nothing inside a code
//   span: no @mention (no notification), no #reference, no link or autolink, no HTML. The delimiter is one backtick
//   longer than the longest run of backticks inside (CommonMark 6.1), so a backtick in the text cannot close it;
//   `<` and `>` become ‹ › so the raw body of our comment never holds a tag or a marker (`<!-- … -->`) that a
//   stranger wrote; line breaks and control characters become spaces, and the text is capped.
// The log has its own rule (core/runner-log.ts), outputs theirs (a random delimiter per value, core/outputs.ts).
export { escapeMarkdownText as markdownText, escapeMarkdownCell as markdownCell } from './table';

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

/** `text` as an inline code span that nothing inside can close or turn into a mention, link or tag. */
export function codeSpan(value: string, max = 80): string {
  let text = [...value]
    // eslint-disable-next-line no-control-regex -- control characters are what is replaced
    .map((c) => (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(c) ? ' ' : c === '<' ? '‹' : c === '>' ? '›' : c))
    .join('');
  if ([...text].length > max) text = `${[...text].slice(0, max).join('')}…`;
  if (text.trim() === '') return '` `';
  const fence = '`'.repeat(longestBacktickRun(text) + 1);
  // A space on each side when the text starts or ends with a backtick (CommonMark strips exactly one of each).
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
