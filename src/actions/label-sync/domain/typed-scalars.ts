// YAML reads some unquoted values of a label file as numbers or booleans, losing what was typed: the colour `008672`
// (GitHub's own "help wanted" colour) becomes 8672, `1e3456` becomes Infinity, `0x1234` becomes 4660, the name `1.0`
// becomes 1. The parsed document still has the source text of each plain scalar: such values are given back their
// text before the document becomes a value, so a colour is checked (and reported) as written. One walk over the
// document, nothing parsed twice: linear in the file's size.
import { type Document, isPair, isScalar, isSeq, type Scalar, visit } from 'yaml';

/** Keys whose values are text, whatever YAML makes of them (and `color`: a colour is the text as written). */
const TEXT_KEYS = new Set(['name', 'description', 'from_name', 'color']);

function typedPlain(node: unknown): node is Scalar & { source: string } {
  return (
    isScalar(node) &&
    node.type === 'PLAIN' &&
    (typeof node.value === 'number' || typeof node.value === 'boolean') &&
    !!node.source
  );
}

/** Gives every number or boolean YAML read from a label's text field its text back, in place. */
export function keepTypedScalarsAsText(doc: Document): void {
  const asText = (node: Scalar & { source: string }) => {
    node.value = node.source;
  };
  visit(doc, {
    Pair(_, pair) {
      if (!isPair(pair) || !isScalar(pair.key) || typeof pair.key.value !== 'string') return;
      const value = pair.value;
      if (TEXT_KEYS.has(pair.key.value) && typedPlain(value)) asText(value);
      else if (pair.key.value === 'aliases' && isSeq(value)) value.items.filter(typedPlain).forEach(asText);
    },
  });
}
