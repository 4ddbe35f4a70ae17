// Text from files, issues, comments, labels and configs, made safe for the runner's log protocol.
//
// How the Actions runner reads a step's stdout (actions/runner, src/Runner.Sdk/ProcessInvoker.cs and
// src/Runner.Common/ActionCommand.cs):
// - lines come from .NET `StreamReader.ReadLine`, which ends a line at `\n`, at `\r` and at `\r\n`;
// - a line is a command (`TryParseV2`) when, after `TrimStart()` (every Unicode white space, U+0085 included), it
//   starts with `::` — compared with the culture-sensitive `StartsWith(string)`, which under ICU skips characters
//   that collate as ignorable (controls, soft hyphen, zero-width and other format characters);
// - a line is also a command (the older `TryParse`) when it contains `##[` anywhere (`IndexOf`, also
//   culture-sensitive);
// - only the data and properties of a command are `%`-decoded; a plain line is shown as written.
//
// The scheme, per line of plain log text (`neutralizeLogText`):
// 1. controls become visible text first (`visibleControls`): no raw C0/C1 byte (ESC, BEL, a lone `\r`, NEL…)
//    reaches the log, so neither a terminal nor the collation can act on one;
// 2. the text is split where the runner splits it (`\r\n`, `\r`, `\n`) and joined with `\n`, so what a reader sees
//    line by line is exactly what the runner parses line by line;
// 3. a line whose first characters other than white space and ignorable characters are `:` `:` gets a leading
//    backslash; every `##[` (with ignorable characters allowed between) gets a backslash before its `[`.
// The backslash is a visible ASCII character that no comparison ignores and that neither command syntax allows
// where it is put, so a legitimate multi-line message stays readable while no line can begin a command, issue
// `::add-mask::` or `::stop-commands::`. `%` needs no encoding on a plain line (the runner decodes only command
// data). Annotation messages and properties are command data and properties: `@actions/core` encodes them
// (`escapeData`: `%`, `\r`, `\n`; `escapeProperty`: also `:` and `,`), so a literal `%0A` in a name stays literal
// text; `src/kernel/runner-log.ts` makes their controls visible first and a test checks the toolkit's encoding.

/** White space as .NET's `Char.IsWhiteSpace` sees it (JavaScript's `\s` plus NEL). */
const WHITE_SPACE = /^[\s\u0085]$/u;
/** Characters a culture-sensitive comparison may skip: format characters and default-ignorable code points. */
const IGNORABLE = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;
/**
 * C0 and C1 controls, DEL, and the bidirectional controls (embeddings, overrides, isolates, and the LRM, RLM and
 * ALM marks): they reorder what is seen.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Ignorable (no ASCII character is, once controls are text). */
const ignorable = (c: string) => c.charCodeAt(0) >= 0x80 && IGNORABLE.test(c);
const skippable = (c: string) => c === ' ' || c === '\t' || WHITE_SPACE.test(c) || ignorable(c);

/**
 * C0 and C1 control characters (and DEL) as `\xNN` text, bidirectional controls as `\u{NNNN}`; the characters in
 * `keep` (by default tab and line feed) stay as they are. For any text shown to a person: a log, a terminal.
 */
export function visibleControls(text: string, keep = '\t\n'): string {
  return text.replace(CONTROL, (c) => {
    if (keep.includes(c)) return c;
    const code = c.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
      : `\\u{${code.toString(16).toUpperCase()}}`;
  });
}

/** True when the runner could read the line as a `::command::` (see the header). */
export function beginsWorkflowCommand(line: string): boolean {
  let colons = 0;
  for (const c of line) {
    if (c === ':') {
      if (++colons === 2) return true;
    } else if (!(colons === 0 ? skippable(c) : ignorable(c))) return false;
  }
  return false;
}

/** Puts a backslash before the `[` of every `##[` (ignorable characters between them count as nothing). */
export function breakLegacyCommands(line: string): string {
  if (!line.includes('[') || !line.includes('#')) return line;
  let out = '';
  let hashes = 0;
  for (const c of line) {
    if (c === '[' && hashes >= 2) out += '\\';
    out += c;
    if (c === '#') hashes++;
    else if (!ignorable(c)) hashes = 0;
  }
  return out;
}

/** One line of plain log text that cannot be a workflow command. */
function neutralizeLine(line: string): string {
  const guarded = breakLegacyCommands(line);
  return beginsWorkflowCommand(guarded) ? `\\${guarded}` : guarded;
}

/** Plain log text (possibly several lines) in which no line can be read as a workflow command. */
export function neutralizeLogText(text: string): string {
  return visibleControls(text, '\t\r\n')
    .split(/\r\n|\r|\n/)
    .map(neutralizeLine)
    .join('\n');
}
