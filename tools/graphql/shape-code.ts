// The code that builds an answer shape with the constructors of src/github/graphql/shape-builders.ts, from the shape itself
// (every fragment expanded): for a key selected twice, whose two selections merge into one shape.
import type { AnswerShape } from '../../src/github/graphql/document';

const literal = (s: string) => JSON.stringify(s);

/** The code of an expanded shape (where two selections of one key merged). */
export function shapeCode(shape: AnswerShape): string {
  const wrap = (code: string) => (shape.nullable ? `nullable(${code})` : code);
  switch (shape.kind) {
    case 'scalar':
      return wrap(
        shape.format ? `scalar(${literal(shape.type)}, ${literal(shape.format)})` : `scalar(${literal(shape.type)})`,
      );
    case 'enum':
      return wrap(`enumOf(${JSON.stringify(shape.values)})`);
    case 'list':
      return wrap(`list(${shapeCode(shape.of)})`);
    case 'object': {
      const fields = (f: Readonly<Record<string, AnswerShape>>) =>
        `{ ${Object.entries(f)
          .map(([k, s]) => `${k}: ${shapeCode(s)}`)
          .join(', ')} }`;
      const on = shape.on
        ? `, { ${Object.entries(shape.on)
            .map(([t, f]) => `${t}: ${fields(f)}`)
            .join(', ')} }`
        : '';
      return wrap(`object(${fields(shape.fields)}${on})`);
    }
  }
}
