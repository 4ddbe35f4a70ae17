// Text patterns of the config: `/source/flags` is a regular expression; any other string matches
// literally, ignoring case. Patterns are written by whoever edits the config and run on text strangers write,
// so they are compiled with re2js (RE2: time linear in the text, whatever the pattern) and see at most the
// first PATTERN_TEXT_LIMIT characters of a text. What RE2 cannot express in linear time (back-references,
// look-around) is refused when the config is loaded, before any request.
import { RE2JS } from 're2js';

/** The most characters of a text (title, body, branch, form answer) a pattern is matched against. */
export const PATTERN_TEXT_LIMIT = 64 * 1024;

export interface TextPattern {
  /** As written in the config, for logs. */
  readonly source: string;
  readonly regex: RE2JS;
}

const ALLOWED_FLAGS = 'imsu';
/** The flags of a JavaScript regular expression literal: anything else after the last `/` makes the text a literal. */
const JS_FLAGS = 'dgimsuvy';

/** `/body/flags` split by plain string code (the last `/` ends the body), or undefined for a literal. */
function regexLiteral(text: string): { body: string; flags: string } | undefined {
  if (text.length < 3 || !text.startsWith('/')) return undefined;
  const end = text.lastIndexOf('/');
  if (end <= 1) return undefined;
  const flags = text.slice(end + 1);
  for (const flag of flags) if (!JS_FLAGS.includes(flag)) return undefined;
  return { body: text.slice(1, end), flags };
}

function flagBits(flags: string, text: string): number {
  let bits = 0;
  for (const flag of flags) {
    if (!ALLOWED_FLAGS.includes(flag))
      throw new Error(`unsupported regular expression flags "${flags}" in ${text} (allowed: i, m, s, u)`);
    if (flag === 'i') bits |= RE2JS.CASE_INSENSITIVE;
    if (flag === 'm') bits |= RE2JS.MULTILINE;
    if (flag === 's') bits |= RE2JS.DOTALL;
    // `u`: RE2 reads text as Unicode code points already.
  }
  return bits;
}

function compile(source: string, bits: number, text: string): RE2JS {
  try {
    return RE2JS.compile(RE2JS.translateRegExp(source), bits);
  } catch (err) {
    const why = err instanceof Error ? err.message.replace(/^error parsing regexp: /, '') : String(err);
    throw new Error(
      `regular expression ${text} cannot be used: ${why} (patterns run on RE2, which has no back-references or look-around)`,
    );
  }
}

/** Parses a pattern. Throws an Error with a readable message for a bad or unsupported regular expression or flags. */
export function parsePattern(text: string): TextPattern {
  const literal = regexLiteral(text);
  if (!literal) return { source: text, regex: RE2JS.compile(RE2JS.quote(text), RE2JS.CASE_INSENSITIVE) };
  return { source: text, regex: compile(literal.body, flagBits(literal.flags, text), text) };
}

/** A pattern that must match the whole text (trimmed): literals compare equal ignoring case. */
export function parseExactPattern(text: string): TextPattern {
  if (regexLiteral(text)) return parsePattern(text);
  return { source: text, regex: RE2JS.compile(`^${RE2JS.quote(text.trim())}$`, RE2JS.CASE_INSENSITIVE) };
}

/** True when the pattern matches within the first PATTERN_TEXT_LIMIT characters of the text. */
export function matches(pattern: TextPattern, text: string): boolean {
  return pattern.regex.test(text.length > PATTERN_TEXT_LIMIT ? text.slice(0, PATTERN_TEXT_LIMIT) : text);
}
