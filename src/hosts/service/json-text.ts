// JSON text that is safe to show and to split into lines. `JSON.stringify` escapes the C0 controls, `"` and `\`,
// and (since ES2019's well-formed JSON.stringify) lone surrogates, but leaves DEL, the C1 controls
// (U+0080–U+009F: in UTF-8 a terminal may still act on CSI U+009B or OSC U+009D), the line and paragraph
// separators U+2028/U+2029 (line breaks to many log readers) and the bidirectional embeddings, overrides and
// isolates (they reorder what a reader sees) as raw characters. Those appear only inside JSON strings, so
// writing each as a `\uXXXX` escape keeps the value the same for any JSON parser.

/** DEL, C1, U+2028/U+2029, bidirectional controls, and any surrogate not part of a pair. */
const UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udfff]/gu;

const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `JSON.stringify(value, null, space)` with every character above written as an escape. */
export function jsonText(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(UNSAFE, escaped);
}
