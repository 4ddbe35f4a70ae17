// The generator's own price of a GraphQL operation, written from GitHub's documented rules ("Rate limits and query
// limits for the GraphQL API", docs.github.com/en/graphql/overview/rate-limits-and-query-limits-for-the-graphql-api),
// not borrowed from the emulator (which models GitHub independently; test/unit/tools/graphql-cost.test.ts checks the
// two agree on every document of the project):
// - "Clients must supply a first or last argument on any connection. Values of first and last must be within
//   1-100. Individual calls cannot request more than 500,000 total nodes."
// - nodes: each connection's page size times the page sizes of the connections it sits in, summed ("Calculating
//   nodes in a call": 50 repositories + 50 × 10 issues = 550 nodes);
// - points: "Add up the number of requests needed to fulfill each unique connection in the call. Assume every
//   request will reach the first or last argument limits. Divide the number by 100 and round the result", at least
//   1 point (their example: 1 request for the viewer's repositories + 100 for their issues + 5,000 for the issues'
//   labels = 5,101 → 51 points).
// A connection is a field that pages by `first`/`last` and answers a Relay connection (an object with `pageInfo`);
// a plain list (`nodes(ids:)`, a tree's `entries`) is not one and multiplies nothing. Fragments are expanded where
// they are spread. "Each unique connection": selections of one field under one type (a fragment and the document
// both selecting `labels`) are one connection, merged as GraphQL merges them; the same name under two type
// conditions (`... on Issue { comments }`, `... on PullRequest { comments }`) is two, each counted, so the price
// bounds any answer. A size given by a variable is the value passed, else the variable's default, else 100 (the
// largest a request may ask): the generator prices a document for every call it may make.
import {
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

export const NODE_LIMIT = 500_000;
export const PAGE_MIN = 1;
export const PAGE_MAX = 100;

export interface PriceProblem {
  kind: 'unbounded-connection' | 'page-out-of-range' | 'node-limit';
  /** Response keys from the root to the connection; empty for the whole operation. */
  path: string[];
  message: string;
}

/** One unique connection: its page size, and how many parent objects it is fetched for (its requests). */
export interface PricedConnection {
  path: string[];
  size: number;
  requests: number;
  nodes: number;
}

export interface Price {
  requests: number;
  points: number;
  nodes: number;
  connections: PricedConnection[];
  problems: PriceProblem[];
}

export interface PriceOptions {
  /** The call's variables; a size variable not given takes its default, else `unbound`. */
  variables?: Readonly<Record<string, unknown>>;
  unbound?: number;
}

/** A field selected under one type, with every selection set it was given (merged). */
interface Merged {
  node: FieldNode;
  def: GraphQLField<unknown, unknown> | undefined;
  sets: SelectionSetNode[];
}

const fieldsOf = (type: GraphQLNamedType | undefined) =>
  type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields() : {};

/** A Relay connection field: it pages by `first`/`last` and its type has `pageInfo`. */
export function isConnectionField(field: GraphQLField<unknown, unknown>): boolean {
  const pages = field.args.some((a) => a.name === 'first' || a.name === 'last');
  return pages && 'pageInfo' in fieldsOf(getNamedType(field.type));
}

/** The operation of a document: the one named, or its only one. */
export function operationIn(doc: DocumentNode, name?: string): OperationDefinitionNode | undefined {
  const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (name !== undefined) return ops.find((op) => op.name?.value === name);
  return ops.length === 1 ? ops[0] : undefined;
}

export function priceOperation(
  schema: GraphQLSchema,
  doc: DocumentNode,
  operation: OperationDefinitionNode,
  options: PriceOptions = {},
): Price {
  const { variables = {}, unbound = PAGE_MAX } = options;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of doc.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const defaults = new Map((operation.variableDefinitions ?? []).map((v) => [v.variable.name.value, v.defaultValue]));
  const price: Price = { requests: 0, points: 0, nodes: 0, connections: [], problems: [] };

  const intOf = (value: ValueNode | undefined): number | undefined => {
    if (!value || value.kind === Kind.NULL) return undefined;
    if (value.kind === Kind.INT) return Number.parseInt(value.value, 10);
    if (value.kind !== Kind.VARIABLE) return unbound;
    const given = variables[value.name.value];
    if (typeof given === 'number') return given;
    if (given === null) return undefined;
    const fallback = defaults.get(value.name.value);
    return fallback?.kind === Kind.INT ? Number.parseInt(fallback.value, 10) : unbound;
  };

  /** The page size a connection asks (the larger of `first` and `last`), or undefined with its problem noted. */
  const pageSize = (field: FieldNode, path: string[]): number | undefined => {
    const name = field.name.value;
    const asked = (['first', 'last'] as const).flatMap((which) => {
      const n = intOf(field.arguments?.find((a) => a.name.value === which)?.value);
      return n === undefined ? [] : [{ which, n }];
    });
    if (!asked.length) {
      const message = `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`;
      price.problems.push({ kind: 'unbounded-connection', path, message });
      return undefined;
    }
    for (const { which, n } of asked) {
      if (n > PAGE_MAX) {
        const message = `Requesting ${n} records on the \`${name}\` connection exceeds the \`${which}\` limit of ${PAGE_MAX} records.`;
        price.problems.push({ kind: 'page-out-of-range', path, message });
      } else if (n < PAGE_MIN) {
        const message = `\`${which}\` on the \`${name}\` connection is ${n}: it must be within ${PAGE_MIN}-${PAGE_MAX}.`;
        price.problems.push({ kind: 'page-out-of-range', path, message });
      }
    }
    return Math.max(...asked.map((a) => a.n));
  };

  /** The fields a selection set selects, fragments expanded, merged per (type condition, response key). */
  const collect = (sets: SelectionSetNode[], parent: GraphQLNamedType | undefined): Merged[] => {
    const merged = new Map<string, Merged>();
    const visit = (set: SelectionSetNode, scope: GraphQLNamedType | undefined, expanding: readonly string[]) => {
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          const key = `${scope?.name ?? ''}.${sel.alias?.value ?? sel.name.value}`;
          const had = merged.get(key);
          if (had) {
            if (sel.selectionSet) had.sets.push(sel.selectionSet);
          } else {
            const def = fieldsOf(scope)[sel.name.value];
            merged.set(key, { node: sel, def, sets: sel.selectionSet ? [sel.selectionSet] : [] });
          }
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          const on = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : scope;
          visit(sel.selectionSet, on ?? undefined, expanding);
        } else {
          const name = sel.name.value;
          const frag = fragments.get(name);
          // A spread inside its own expansion is a cycle (invalid GraphQL): expanded once, not forever.
          if (!frag || expanding.includes(name)) continue;
          visit(frag.selectionSet, schema.getType(frag.typeCondition.name.value) ?? undefined, [...expanding, name]);
        }
      }
    };
    for (const set of sets) visit(set, parent, []);
    return [...merged.values()];
  };

  /** Prices the fields under `parents` objects of `parent`'s type. */
  const walk = (sets: SelectionSetNode[], parent: GraphQLNamedType | undefined, parents: number, at: string[]) => {
    for (const { node, def, sets: inner } of collect(sets, parent)) {
      if (!inner.length || !def) continue;
      const path = [...at, node.alias?.value ?? node.name.value];
      let objects = parents;
      if (isConnectionField(def)) {
        const size = pageSize(node, path) ?? 0;
        price.connections.push({ path, size, requests: parents, nodes: parents * size });
        price.requests += parents;
        price.nodes += parents * size;
        objects = parents * size;
      }
      walk(inner, getNamedType(def.type), objects, path);
    }
  };

  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  walk([operation.selectionSet], root ?? undefined, 1, []);
  price.points = Math.max(1, Math.round(price.requests / 100));
  if (price.nodes > NODE_LIMIT) {
    const n = (x: number) => x.toLocaleString('en-US');
    const message = `This query requests up to ${n(price.nodes)} possible nodes which exceeds the maximum limit of ${n(NODE_LIMIT)}.`;
    price.problems.push({ kind: 'node-limit', path: [], message });
  }
  return price;
}
