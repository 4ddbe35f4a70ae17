// YAML reads some unquoted values of a label file as numbers or booleans, losing what was typed: the colour `008672`
// (GitHub's own "help wanted" colour) becomes 8672, `1e3456` becomes Infinity, `0x1234` becomes 4660, the name `1.0`
// becomes 1. The source text still has them: such plain scalars are quoted before the file is parsed for good, so a
// colour is checked (and reported) as written. Lines keep their numbers
// (only columns after a quoted value on the same line move by two).
import { isPair, isScalar, isSeq, parseDocument, type Scalar, visit } from 'yaml';

/** Keys whose values are text, whatever YAML makes of them (and `color`: a colour is the text as written). */
const TEXT_KEYS = new Set(['name', 'description', 'from_name']);

function typedPlain(node: unknown): node is Scalar & { range: [number, number, number]; source: string } {
  return (
    isScalar(node) &&
    node.type === 'PLAIN' &&
    (typeof node.value === 'number' || typeof node.value === 'boolean') &&
    !!node.source &&
    !!node.range
  );
}

export function quoteTypedScalars(text: string): string {
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) return text;
  const ranges: [number, number][] = [];
  const quote = (node: Scalar & { range: [number, number, number] }) => ranges.push([node.range[0], node.range[1]]);
  visit(doc, {
    Pair(_, pair) {
      if (!isPair(pair) || !isScalar(pair.key) || typeof pair.key.value !== 'string') return;
      const key = pair.key.value;
      const value = pair.value;
      if ((key === 'color' || TEXT_KEYS.has(key)) && typedPlain(value)) quote(value);
      else if (key === 'aliases' && isSeq(value)) value.items.filter(typedPlain).forEach(quote);
    },
  });
  // One pass over the text, each value quoted in place (in the order of the text): linear in the text's size.
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of ranges.sort((a, b) => a[0] - b[0])) {
    parts.push(text.slice(at, start), '"', text.slice(start, end), '"');
    at = end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
