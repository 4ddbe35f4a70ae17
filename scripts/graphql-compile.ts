// Compiles one `.graphql` document against GitHub's published schema: validation (graphql-js's rules), GitHub's
// point cost and node count (emulator/graphql/cost.ts, GitHub's formula), the answer's shape for the client's
// check, and TypeScript types for its data and variables. Pure: the caller reads and writes files.
import {
  getNamedType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  parse,
  typeFromAST,
  validate,
  type NamedTypeNode,
  type FragmentDefinitionNode,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { operationCost, operationOf } from '../emulator/graphql/cost';
import type { AnswerShape } from '../src/client/graphql/document';

export interface CompiledDocument {
  name: string;
  operation: 'query' | 'mutation';
  text: string;
  points: number;
  nodes: number;
  /** The bounds the document states in its comments (`# max-points: N`, `# max-nodes: N`). */
  maxPoints: number;
  maxNodes: number;
  shape: AnswerShape & { kind: 'object' };
  dataType: string;
  variablesType: string;
}

export class DocumentError extends Error {
  constructor(file: string, problems: string[]) {
    super(`${file}:\n  ${problems.join('\n  ')}`);
    this.name = 'DocumentError';
  }
}

const STRING_SCALARS = new Set([
  'String',
  'ID',
  'URI',
  'DateTime',
  'Date',
  'GitObjectID',
  'GitRefname',
  'GitSSHRemote',
  'GitTimestamp',
  'HTML',
  'PreciseDateTime',
  'X509Certificate',
  'Base64String',
  'BigInt',
]);

function scalarType(name: string): 'string' | 'number' | 'boolean' | 'unknown' {
  if (STRING_SCALARS.has(name)) return 'string';
  if (name === 'Int' || name === 'Float') return 'number';
  if (name === 'Boolean') return 'boolean';
  return 'unknown';
}

const tsOfScalar = (t: string) => (t === 'unknown' ? 'unknown' : t);
const literal = (s: string) => JSON.stringify(s);

interface Walked {
  shape: AnswerShape;
  ts: string;
}

type Fields = Map<string, Walked>;

class Compiler {
  readonly problems: string[] = [];
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: Map<string, FragmentDefinitionNode>,
  ) {}

  output(type: GraphQLOutputType, set: SelectionSetNode | undefined, path: string): Walked {
    const nullable = !isNonNullType(type);
    const inner = isNonNullType(type) ? type.ofType : type;
    const orNull = (ts: string) => (nullable ? `${ts} | null` : ts);
    if (isListType(inner)) {
      const of = this.output(inner.ofType as GraphQLOutputType, set, `${path}[]`);
      return { shape: { kind: 'list', nullable, of: of.shape }, ts: orNull(`(${of.ts})[]`) };
    }
    if (isScalarType(inner)) {
      const t = scalarType(inner.name);
      return { shape: { kind: 'scalar', nullable, type: t }, ts: orNull(tsOfScalar(t)) };
    }
    if (isEnumType(inner)) {
      const values = inner.getValues().map((v) => v.name);
      return { shape: { kind: 'enum', nullable, values }, ts: orNull(values.map(literal).join(' | ')) };
    }
    if (!set) {
      this.problems.push(`${path}: an object needs a selection`);
      return { shape: { kind: 'scalar', nullable, type: 'unknown' }, ts: 'unknown' };
    }
    return this.object(inner as GraphQLNamedType, set, nullable, path);
  }

  private object(type: GraphQLNamedType, set: SelectionSetNode, nullable: boolean, path: string): Walked {
    const common: Fields = new Map();
    const on = new Map<string, Fields>();
    this.collect(set, type, common, on, path);
    const fieldsShape = (f: Fields) => Object.fromEntries([...f].map(([k, w]) => [k, w.shape]));
    const fieldsTs = (f: Fields) => `{ ${[...f].map(([k, w]) => `${k}: ${w.ts};`).join(' ')} }`;
    const shape: AnswerShape = { kind: 'object', nullable, fields: fieldsShape(common) };
    let ts = fieldsTs(common);
    if (on.size) {
      if (!common.has('__typename')) this.problems.push(`${path}: select __typename where a fragment applies`);
      shape.on = Object.fromEntries([...on].map(([t, f]) => [t, fieldsShape(f)]));
      const possible = isAbstractType(type) ? this.schema.getPossibleTypes(type).map((t) => t.name) : [type.name];
      const others = possible.filter((t) => !on.has(t));
      const variants = [...on].map(([t, f]) => `({ __typename: ${literal(t)} } & ${fieldsTs(f)})`);
      if (others.length) variants.push(`{ __typename: ${others.map(literal).join(' | ')} }`);
      ts = `${ts} & (${variants.join(' | ')})`;
    }
    return { shape, ts: nullable ? `(${ts}) | null` : ts };
  }

  private concrete(type: GraphQLNamedType): GraphQLObjectType[] {
    if (isObjectType(type)) return [type];
    return isAbstractType(type) ? [...this.schema.getPossibleTypes(type)] : [];
  }

  private collect(set: SelectionSetNode, type: GraphQLNamedType, into: Fields, on: Map<string, Fields>, path: string) {
    for (const sel of set.selections) {
      if (sel.directives?.length) this.problems.push(`${path}: directives (@include, @skip) are not supported`);
      if (sel.kind === Kind.FIELD) {
        const key = sel.alias?.value ?? sel.name.value;
        let walked: Walked;
        if (sel.name.value === '__typename') {
          const names = this.concrete(type).map((t) => t.name);
          walked = {
            shape: { kind: 'scalar', nullable: false, type: 'string' },
            ts: names.length && names.length <= 200 ? names.map(literal).join(' | ') : 'string',
          };
        } else {
          const fields = isObjectType(type) || isInterfaceType(type) ? type.getFields() : {};
          const def = fields[sel.name.value];
          if (!def) {
            this.problems.push(`${path}.${key}: no such field on ${type.name}`);
            continue;
          }
          walked = this.output(def.type, sel.selectionSet, `${path}.${key}`);
        }
        const had = into.get(key);
        into.set(key, had ? merge(had, walked) : walked);
        continue;
      }
      const frag = sel.kind === Kind.FRAGMENT_SPREAD ? this.fragments.get(sel.name.value) : undefined;
      const condition = sel.kind === Kind.INLINE_FRAGMENT ? sel.typeCondition : frag?.typeCondition;
      const selection = sel.kind === Kind.INLINE_FRAGMENT ? sel.selectionSet : frag?.selectionSet;
      if (!selection) continue;
      const target = condition ? this.schema.getType(condition.name.value) : type;
      if (!target) continue;
      const parentTypes = new Set(this.concrete(type).map((t) => t.name));
      const targets = this.concrete(target).filter((t) => parentTypes.has(t.name));
      // A fragment on the type itself (or on an interface every possible type implements) selects for all of them.
      if (target.name === type.name || targets.length === parentTypes.size) {
        this.collect(selection, type, into, on, path);
        continue;
      }
      for (const t of targets) {
        const fields = on.get(t.name) ?? new Map<string, Walked>();
        on.set(t.name, fields);
        this.collect(selection, t, fields, new Map(), `${path}<${t.name}>`);
      }
    }
  }

  input(type: GraphQLInputType): { ts: string; optional: boolean } {
    if (isNonNullType(type)) return { ts: this.inputBase(type.ofType), optional: false };
    return { ts: `${this.inputBase(type)} | null`, optional: true };
  }

  private inputBase(type: GraphQLInputType): string {
    if (isNonNullType(type)) return this.inputBase(type.ofType);
    if (isListType(type)) return `(${this.input(type.ofType).ts})[]`;
    const named = getNamedType(type);
    if (isScalarType(named)) return tsOfScalar(scalarType(named.name));
    if (isEnumType(named))
      return named
        .getValues()
        .map((v) => literal(v.name))
        .join(' | ');
    if (isInputObjectType(named)) return 'Record<string, unknown>';
    return 'unknown';
  }
}

/** Two selections of the same key: objects merge their fields (graphql-js's validation made them compatible). */
function merge(a: Walked, b: Walked): Walked {
  if (a.shape.kind === 'object' && b.shape.kind === 'object') {
    return {
      shape: { ...a.shape, fields: { ...a.shape.fields, ...b.shape.fields } },
      ts: `${a.ts} & ${b.ts}`,
    };
  }
  return a;
}

function bound(text: string, key: string): number | undefined {
  const m = new RegExp(`^#\\s*${key}:\\s*(\\d+)\\s*$`, 'm').exec(text);
  return m ? Number(m[1]) : undefined;
}

export function compileDocument(schema: GraphQLSchema, file: string, text: string): CompiledDocument {
  let doc;
  try {
    doc = parse(text);
  } catch (err) {
    throw new DocumentError(file, [(err as Error).message]);
  }
  const invalid = validate(schema, doc).map((e) => e.message);
  if (invalid.length) throw new DocumentError(file, invalid);
  const operation = operationOf(doc);
  if (!operation?.name) throw new DocumentError(file, ['one named operation per document']);
  if (operation.operation === 'subscription') throw new DocumentError(file, ['subscriptions are not sent']);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

  const cost = operationCost(schema, doc, operation);
  const problems = cost.problems.map((p) => `${p.path.join('.') || '(operation)'}: ${p.message}`);
  const maxPoints = bound(text, 'max-points');
  const maxNodes = bound(text, 'max-nodes');
  if (maxPoints === undefined || maxNodes === undefined)
    problems.push('state the bounds in the document: `# max-points: N` and `# max-nodes: N`');
  else {
    if (cost.points > maxPoints) problems.push(`costs ${cost.points} points, above its bound of ${maxPoints}`);
    if (cost.nodes > maxNodes) problems.push(`requests up to ${cost.nodes} nodes, above its bound of ${maxNodes}`);
  }

  const compiler = new Compiler(schema, fragments);
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  const data = compiler.output(root!, operation.selectionSet, operation.name.value);
  const vars = (operation.variableDefinitions ?? []).map((v) => {
    const type = compiler.input(typeFromAST(schema, v.type as NamedTypeNode) as GraphQLInputType);
    const optional = type.optional || v.defaultValue !== undefined;
    return `${v.variable.name.value}${optional ? '?' : ''}: ${type.ts};`;
  });
  problems.push(...compiler.problems);
  if (problems.length) throw new DocumentError(file, problems);
  const nonNull = (ts: string) => ts.replace(/^\((.*)\) \| null$/s, '$1');
  return {
    name: operation.name.value,
    operation: operation.operation,
    text,
    points: cost.points,
    nodes: cost.nodes,
    maxPoints: maxPoints!,
    maxNodes: maxNodes!,
    shape: { ...(data.shape as AnswerShape & { kind: 'object' }), nullable: false },
    dataType: nonNull(data.ts),
    variablesType: `{ ${vars.join(' ')} }`,
  };
}
