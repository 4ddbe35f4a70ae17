// Constructors of the answer shapes (the client's AnswerShape) that the generated GraphQL modules
// (`src/**/queries/documents.ts`, written by `npm run graphql:write`) are built from: a fragment's fields are written
// once and spread wherever the fragment is, so the modules read like the documents they come from.
import type { AnswerShape, GraphqlDocument, ScalarFormat } from '../client';

export type ShapeFields = Readonly<Record<string, AnswerShape>>;

/** A fragment as the generated modules carry it: its definition, sent after every document that spreads it, the
 * fragments its definition spreads (in the order it spreads them), and the fields it selects (on every type of its
 * condition, and per concrete `__typename`). */
export interface FragmentShape {
  readonly text: string;
  readonly spreads?: readonly FragmentShape[];
  readonly fields: ShapeFields;
  readonly on?: Readonly<Record<string, ShapeFields>>;
}

type Scalar = Extract<AnswerShape, { kind: 'scalar' }>['type'];

export const scalar = (type: Scalar, format?: ScalarFormat): AnswerShape =>
  format ? { kind: 'scalar', nullable: false, type, format } : { kind: 'scalar', nullable: false, type };

export const enumOf = (values: readonly string[]): AnswerShape => ({ kind: 'enum', nullable: false, values });

export const list = (of: AnswerShape): AnswerShape => ({ kind: 'list', nullable: false, of });

export function object(
  fields: ShapeFields,
  on?: Readonly<Record<string, ShapeFields>>,
): AnswerShape & { kind: 'object' } {
  return on ? { kind: 'object', nullable: false, fields, on } : { kind: 'object', nullable: false, fields };
}

/** The same shape where the schema allows null. */
export const nullable = <S extends AnswerShape>(shape: S): S => ({ ...shape, nullable: true });

/** GraphQL's `[T]` (GitHub's `nodes` of a connection): the list may be null, and so may each item. */
export const nullableList = (of: AnswerShape): AnswerShape => nullable(list(nullable(of)));

/** A document's text: its own, then the definitions of the fragments it spreads, directly or through another (each
 * once, in the order first spread: as tools/graphql/compile.ts's `spreadClosure` lists them). */
export function withFragments(text: string, spreads: readonly FragmentShape[]): string {
  const sent: FragmentShape[] = [];
  const visit = (f: FragmentShape) => {
    if (sent.includes(f)) return;
    sent.push(f);
    f.spreads?.forEach(visit);
  };
  spreads.forEach(visit);
  return [text, ...sent.map((f) => f.text)].join('\n');
}

/** What the build computed of a document: its kind and name (`query: 'LabelList'`), its cost by GitHub's formula,
 * and the fragments its own text spreads (in the order it spreads them). */
export type DocumentFacts = ({ query: string } | { mutation: string }) &
  Pick<GraphqlDocument, 'points' | 'nodes'> & { spreads: readonly FragmentShape[] };

/** A document as the actions send it: its text with its fragments' definitions after it, its cost by GitHub's
 * formula and the shape of its answer. */
export function graphqlDocument<TData, TVariables>(
  facts: DocumentFacts,
  shape: AnswerShape & { kind: 'object' },
  text: string,
): GraphqlDocument<TData, TVariables> {
  const { points, nodes, spreads } = facts;
  const [operation, name] =
    'query' in facts ? (['query', facts.query] as const) : (['mutation', facts.mutation] as const);
  return { name, operation, points, nodes, text: withFragments(text, spreads), shape };
}
