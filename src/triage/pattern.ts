// Text patterns of the config: `/source/flags` is a regular expression; any other string matches
// literally, ignoring case. Patterns are data: they are compiled with `new RegExp`, never evaluated.

export interface TextPattern {
  /** As written in the config, for logs. */
  readonly source: string;
  readonly regex: RegExp;
}

const REGEX_LITERAL = /^\/(.+)\/([dgimsuvy]*)$/s;
const ALLOWED_FLAGS = /^[imsu]*$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * Parses a pattern. Throws an Error with a readable message for a bad regular expression or flags
 * (`g` and `y` are refused: they make `test` stateful).
 */
export function parsePattern(text: string): TextPattern {
  const literal = REGEX_LITERAL.exec(text);
  if (!literal) return { source: text, regex: new RegExp(escapeRegExp(text), 'i') };
  const [, body, flags] = literal;
  if (!ALLOWED_FLAGS.test(flags))
    throw new Error(`unsupported regular expression flags "${flags}" (allowed: i, m, s, u)`);
  try {
    return { source: text, regex: new RegExp(body, flags) };
  } catch (err) {
    throw new Error(
      `invalid regular expression ${text}: ${(err as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '')}`,
    );
  }
}

/** A pattern that must match the whole text (trimmed): literals compare equal ignoring case. */
export function parseExactPattern(text: string): TextPattern {
  if (REGEX_LITERAL.test(text)) return parsePattern(text);
  return { source: text, regex: new RegExp(`^${escapeRegExp(text.trim())}$`, 'i') };
}

export function matches(pattern: TextPattern, text: string): boolean {
  return pattern.regex.test(text);
}
