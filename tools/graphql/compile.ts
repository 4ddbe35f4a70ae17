// Compiles the `.graphql` files of the actions against GitHub's published schema. A file holds either one named
// operation (a document the actions send) or fragment definitions only (selections written once and spread
// wherever they apply). A document is sent with the definitions of every fragment it spreads, directly or through
// another fragment; it is validated (graphql-js's rules), priced (GitHub's point cost and node count,
// tools/graphql/cost.ts, fragments expanded as GitHub expands them) and given the answer's shape and TypeScript
// types, built from the fragments' own (tools/graphql/selection.ts). Pure: the caller reads and writes files.
import {
  Kind,
  NoUnusedFragmentsRule,
  parse,
  specifiedRules,
  typeFromAST,
  validate,
  visit,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type NamedTypeNode,
  type SelectionSetNode,
} from 'graphql';
import { operationIn, priceOperation } from './cost';
import type { AnswerShape } from '../../src/github/graphql/document';
import { literal, scalarType, SelectionCompiler } from './selection';

export interface CompiledDocument {
  name: string;
  operation: 'query' | 'mutation';
  /** The text sent: the document's own, then its fragments' definitions. */
  text: string;
  ownText: string;
  /** The fragments it spreads, directly or through another fragment (each once, in the order first spread). */
  fragments: string[];
  /** The fragments its own text spreads (each once, in the order first spread). */
  spreads: string[];
  points: number;
  nodes: number;
  /** The bounds the document states in its comments (`# max-points: N`, `# max-nodes: N`). */
  maxPoints: number;
  maxNodes: number;
  /** The answer's shape, every fragment expanded. */
  shape: AnswerShape & { kind: 'object' };
  /** The code building that shape from the fragments' fields (`object({ ...budgetFragment.fields, … })`). */
  shapeCode: string;
  dataType: string;
  /** For a query of the budget and one repository (src/github/graphql/envelope.ts): the repository's type and fields. */
  repository?: { ts: string; fieldsCode: string };
  variablesType: string;
  /** Enums the type and the code name, with their values. */
  enums: Map<string, string[]>;
}

/** A fragment definition in scope: where it is written and its text, as sent after a document. */
export interface FragmentSource {
  name: string;
  file: string;
  folder: string;
  text: string;
  def: FragmentDefinitionNode;
}

export class DocumentError extends Error {
  constructor(file: string, problems: string[]) {
    super(`${file}:\n  ${problems.join('\n  ')}`);
    this.name = 'DocumentError';
  }
}

function parsed(file: string, text: string): DocumentNode {
  try {
    return parse(text);
  } catch (err) {
    throw new DocumentError(file, [(err as Error).message]);
  }
}

/** The fragments of a file that holds no operation (each with its own text), or undefined for a document. */
export function fragmentsOf(file: string, folder: string, text: string): FragmentSource[] | undefined {
  const doc = parsed(file, text);
  if (doc.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION)) return undefined;
  return doc.definitions.map((def) => {
    if (def.kind !== Kind.FRAGMENT_DEFINITION || !def.loc)
      throw new DocumentError(file, ['a file holds one operation, or fragment definitions only']);
    return { name: def.name.value, file, folder, text: text.slice(def.loc.start, def.loc.end) + '\n', def };
  });
}

/** The fragments a selection spreads, directly or through others, each once, in the order first spread. */
export function spreadClosure(node: DocumentNode | FragmentDefinitionNode, scope: ReadonlyMap<string, FragmentSource>) {
  const found: string[] = [];
  const walk = (n: DocumentNode | FragmentDefinitionNode) =>
    visit(n, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        if (found.includes(name)) return;
        found.push(name);
        const source = scope.get(name);
        if (source) walk(source.def);
      },
    });
  walk(node);
  return found;
}

/** The fragments a selection itself spreads (not those they spread), each once, in the order first spread. */
export function directSpreads(node: DocumentNode | FragmentDefinitionNode): string[] {
  const found: string[] = [];
  visit(node, {
    FragmentSpread(spread) {
      if (!found.includes(spread.name.value)) found.push(spread.name.value);
    },
  });
  return found;
}

const fragmentRules = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);

/** Validates a fragment on its own, with the fragments it spreads: fields, arguments, cycles, unknown names. */
export function checkFragment(
  schema: GraphQLSchema,
  source: FragmentSource,
  scope: ReadonlyMap<string, FragmentSource>,
) {
  const used = spreadClosure(source.def, scope).filter((n) => n !== source.name);
  const text = [source.text, ...used.flatMap((n) => scope.get(n)?.text ?? [])].join('\n');
  const invalid = validate(schema, parsed(source.file, text), fragmentRules).map((e) => e.message);
  if (invalid.length) throw new DocumentError(`${source.file} (fragment ${source.name})`, invalid);
}

function bound(text: string, key: string): number | undefined {
  const m = new RegExp(`^#\\s*${key}:\\s*(\\d+)\\s*$`, 'm').exec(text);
  return m ? Number(m[1]) : undefined;
}

function inputType(type: GraphQLInputType): { ts: string; optional: boolean } {
  if (isNonNullType(type)) return { ts: inputBase(type.ofType), optional: false };
  return { ts: `${inputBase(type)} | null`, optional: true };
}

function inputBase(type: GraphQLInputType): string {
  if (isNonNullType(type)) return inputBase(type.ofType);
  if (isListType(type)) return `(${inputType(type.ofType).ts})[]`;
  const named = getNamedType(type);
  if (isScalarType(named)) return scalarType(named.name);
  if (isEnumType(named))
    return named
      .getValues()
      .map((v) => literal(v.name))
      .join(' | ');
  if (isInputObjectType(named)) return 'Record<string, unknown>';
  return 'unknown';
}

export function compileDocument(
  schema: GraphQLSchema,
  file: string,
  ownText: string,
  scope: ReadonlyMap<string, FragmentSource> = new Map(),
  compiler = new SelectionCompiler(schema, new Map([...scope].map(([n, s]) => [n, s.def]))),
): CompiledDocument {
  const own = parsed(file, ownText);
  if (own.definitions.some((d) => d.kind === Kind.FRAGMENT_DEFINITION))
    throw new DocumentError(file, ['fragments are written in a file of their own (fragment definitions only)']);
  const fragments = spreadClosure(own, scope).filter((n) => scope.has(n));
  const text = [ownText, ...fragments.map((n) => scope.get(n)!.text)].join('\n');
  const doc = parsed(file, text);
  const invalid = validate(schema, doc).map((e) => e.message);
  if (invalid.length) throw new DocumentError(file, invalid);
  const operation = operationIn(doc);
  if (!operation?.name) throw new DocumentError(file, ['one named operation per document']);
  if (operation.operation === 'subscription') throw new DocumentError(file, ['subscriptions are not sent']);

  const cost = priceOperation(schema, doc, operation);
  const problems = cost.problems.map((p) => `${p.path.join('.') || '(operation)'}: ${p.message}`);
  const maxPoints = bound(ownText, 'max-points');
  const maxNodes = bound(ownText, 'max-nodes');
  if (maxPoints === undefined || maxNodes === undefined)
    problems.push('state the bounds in the document: `# max-points: N` and `# max-nodes: N`');
  else {
    if (cost.points > maxPoints) problems.push(`costs ${cost.points} points, above its bound of ${maxPoints}`);
    if (cost.nodes > maxNodes) problems.push(`requests up to ${cost.nodes} nodes, above its bound of ${maxNodes}`);
  }

  const walker = compiler;
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  const before = walker.problems.length;
  const data = walker.output(root!, operation.selectionSet, operation.name.value);
  const vars = (operation.variableDefinitions ?? []).map((v) => {
    const type = inputType(typeFromAST(schema, v.type as NamedTypeNode) as GraphQLInputType);
    const optional = type.optional || v.defaultValue !== undefined;
    return `${v.variable.name.value}${optional ? '?' : ''}: ${type.ts};`;
  });
  problems.push(...walker.problems.slice(before));
  if (problems.length) throw new DocumentError(file, problems);
  const nonNull = (ts: string) => ts.replace(/^\((.*)\) \| null$/s, '$1');
  const repository = repositoryEnvelope(schema, operation.selectionSet, walker, operation.name.value);
  return {
    name: operation.name.value,
    operation: operation.operation,
    text,
    ownText,
    fragments,
    spreads: directSpreads(own).filter((n) => scope.has(n)),
    points: cost.points,
    nodes: cost.nodes,
    maxPoints: maxPoints!,
    maxNodes: maxNodes!,
    shape: { ...(data.shape as AnswerShape & { kind: 'object' }), nullable: false },
    shapeCode: data.code.replace(/^nullable\((.*)\)$/s, '$1'),
    dataType: nonNull(data.ts),
    ...(repository && { repository }),
    variablesType: vars.length === 0 ? 'Record<string, never>' : `{ ${vars.join(' ')} }`,
    enums: walker.enums,
  };
}

/**
 * The repository's type and fields of a query whose root selects the shared Budget fragment, then one repository
 * (no alias, no per-type fields): written with the envelope of src/github/graphql/envelope.ts. Undefined for any other
 * root.
 */
function repositoryEnvelope(
  schema: GraphQLSchema,
  root: SelectionSetNode,
  walker: SelectionCompiler,
  name: string,
): { ts: string; fieldsCode: string } | undefined {
  const [budget, repository, ...more] = root.selections;
  if (more.length || budget?.kind !== Kind.FRAGMENT_SPREAD || budget.name.value !== 'Budget') return undefined;
  if (repository?.kind !== Kind.FIELD || repository.name.value !== 'repository' || repository.alias) return undefined;
  const field = schema.getQueryType()?.getFields().repository;
  if (!field || !repository.selectionSet) return undefined;
  const before = walker.problems.length;
  const walked = walker.output(field.type, repository.selectionSet, `${name}.repository`);
  walker.problems.splice(before);
  const fieldsCode = /^nullable\(object\((\{.*\}|\w+\.fields)\)\)$/s.exec(walked.code)?.[1];
  const ts = /^\((.*)\) \| null$/s.exec(walked.ts)?.[1];
  if (walked.shape.kind !== 'object' || walked.shape.on || !fieldsCode || !ts) return undefined;
  return { ts, fieldsCode };
}
