// GitHub's point cost and node count of a GraphQL operation ("Rate limits and query limits for the GraphQL API",
// docs.github.com/graphql/overview/rate-limits-and-query-limits-for-the-graphql-api):
// - every connection needs `first` or `last`, each within 1..100 ("Node limit": "Clients must supply a first or
//   last argument on any connection. Values of first and last must be within 1-100.");
// - nodes: each connection's size times the sizes of the connections around it, summed ("Calculating nodes in a
//   call": 50 repositories + 50 × 10 issues = 550); a call may not request more than 500,000;
// - cost: "Add up the number of requests needed to fulfill each unique connection in the call. Assume every request
//   will reach the first or last argument limits. Divide the number by 100 and round the result to get the final
//   aggregate cost", at least 1 (their example: 1 + 100 + 5,000 requests → 51 points).
// A connection is a field whose type's name ends in `Connection` and that takes `first`/`last` (the Relay
// convention GitHub's schema follows). Used by the emulator, with the request's variables (a variable without a
// value or default counts at 100, the largest a request may ask). The product's generator prices its documents with
// a model of its own (tools/graphql/cost.ts); test/unit/tools/graphql-cost.test.ts checks the two agree.
import {
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

export const NODE_LIMIT = 500_000;
export const MAX_PAGE = 100;

export interface CostProblem {
  /** GitHub's `extensions.code` / error type for it. */
  code: 'missingPaginationBoundaries' | 'EXCESSIVE_PAGINATION' | 'MAX_NODE_LIMIT_EXCEEDED';
  message: string;
  path: string[];
}

export interface OperationCost {
  /** Requests needed to fulfil every connection at its full size. */
  requests: number;
  points: number;
  nodes: number;
  problems: CostProblem[];
}

function sizeOf(
  value: ValueNode,
  variables: Record<string, unknown>,
  defaults: Map<string, ValueNode | undefined>,
  unbound: number,
): number {
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const name = value.name.value;
    const given = variables[name];
    if (typeof given === 'number') return given;
    const fallback = defaults.get(name);
    if (given === undefined && fallback && fallback.kind === Kind.INT) return Number(fallback.value);
    return unbound;
  }
  return unbound;
}

export function operationOf(doc: DocumentNode, name?: string): OperationDefinitionNode | undefined {
  const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return name ? ops.find((o) => o.name?.value === name) : ops.length === 1 ? ops[0] : undefined;
}

export function operationCost(
  schema: GraphQLSchema,
  doc: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> = {},
  unbound = MAX_PAGE,
): OperationCost {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const defaults = new Map<string, ValueNode | undefined>();
  for (const v of operation.variableDefinitions ?? []) defaults.set(v.variable.name.value, v.defaultValue);
  const result: OperationCost = { requests: 0, points: 0, nodes: 0, problems: [] };

  const connectionSize = (field: FieldNode, path: string[]): number | undefined => {
    const arg = (n: string) => field.arguments?.find((a) => a.name.value === n)?.value;
    const first = arg('first');
    const last = arg('last');
    if (!first && !last) {
      result.problems.push({
        code: 'missingPaginationBoundaries',
        message: `You must provide a \`first\` or \`last\` value to properly paginate the \`${field.name.value}\` connection.`,
        path,
      });
      return undefined;
    }
    const size = Math.max(...[first, last].filter((v) => v).map((v) => sizeOf(v!, variables, defaults, unbound)));
    if (size < 0 || size > MAX_PAGE) {
      const which = first ? 'first' : 'last';
      result.problems.push({
        code: 'EXCESSIVE_PAGINATION',
        message: `Requesting ${size} records on the \`${field.name.value}\` connection exceeds the \`${which}\` limit of ${MAX_PAGE} records.`,
        path,
      });
    }
    return size;
  };

  const walk = (set: SelectionSetNode, parent: GraphQLNamedType | undefined, multiplier: number, path: string[]) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.INLINE_FRAGMENT) {
        const on = sel.typeCondition ? (schema.getType(sel.typeCondition.name.value) ?? parent) : parent;
        walk(sel.selectionSet, on, multiplier, path);
        continue;
      }
      if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const frag = fragments.get(sel.name.value);
        if (frag) walk(frag.selectionSet, schema.getType(frag.typeCondition.name.value), multiplier, path);
        continue;
      }
      if (!sel.selectionSet) continue;
      const fields = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields() : undefined;
      const def = fields?.[sel.name.value];
      const type = def ? getNamedType(def.type) : undefined;
      const here = [...path, sel.alias?.value ?? sel.name.value];
      const isConnection =
        !!def && !!type && type.name.endsWith('Connection') && def.args.some((a) => a.name === 'first');
      let inner = multiplier;
      if (isConnection) {
        const size = connectionSize(sel, here) ?? 0;
        result.requests += multiplier;
        result.nodes += multiplier * size;
        inner = multiplier * size;
      }
      walk(sel.selectionSet, type, inner, here);
    }
  };
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  walk(operation.selectionSet, root ?? undefined, 1, []);
  result.points = Math.max(1, Math.round(result.requests / 100));
  if (result.nodes > NODE_LIMIT) {
    result.problems.push({
      code: 'MAX_NODE_LIMIT_EXCEEDED',
      message: `This query requests up to ${result.nodes.toLocaleString('en-US')} possible nodes which exceeds the maximum limit of ${NODE_LIMIT.toLocaleString('en-US')}.`,
      path: [],
    });
  }
  return result;
}
