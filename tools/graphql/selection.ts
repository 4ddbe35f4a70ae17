// The walk of a GraphQL selection against GitHub's schema, giving three things for each selected value: its shape
// with every fragment expanded (what the answer must be), its TypeScript type and the code that builds its shape in
// the generated module. In the type and the code a fragment spread stays a reference to the fragment's own type
// and fields (`...budgetFragment.fields`), written once in the module of the folder that defines it; a spread is
// expanded in place only where the reference would not say the same as the expansion (a key selected twice with
// different sub-selections, a field whose type narrows on the concrete type).
import {
  isAbstractType,
  isEnumType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { AnswerShape, ScalarFormat } from '../../src/github/graphql/document';
import { shapeCode } from './shape-code';

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

export function scalarType(name: string): 'string' | 'number' | 'boolean' | 'unknown' {
  if (STRING_SCALARS.has(name)) return 'string';
  if (name === 'Int' || name === 'Float') return 'number';
  if (name === 'Boolean') return 'boolean';
  return 'unknown';
}

/** What a GitHub scalar promises beyond its JSON type, checked with every answer (src/github/graphql/shape.ts). */
export function scalarFormat(name: string): ScalarFormat | undefined {
  if (name === 'GitObjectID') return 'oid';
  if (name === 'Int') return 'int';
  if (name === 'DateTime') return 'datetime';
  return undefined;
}

export const literal = (s: string) => JSON.stringify(s);
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
/** The generated names of a fragment: its fields' constant and its type. */
export const fragmentConst = (name: string) => `${lowerFirst(name)}Fragment`;
export const fragmentType = (name: string) => `${name}Fragment`;
/** The generated constant holding an enum's values. */
export const enumConst = (name: string) => `${lowerFirst(name)}Values`;

export interface Walked {
  shape: AnswerShape;
  ts: string;
  code: string;
}

type Fields = Map<string, Walked>;

/** Everything selected on an object, every fragment expanded: on all its types, and per concrete type. */
interface Expanded {
  fields: Fields;
  on: Map<string, Fields>;
}

/** The same selection as written: its own fields and the fragments it spreads, on all types and per type. */
interface AsWritten {
  fields: Fields;
  refs: string[];
  on: Map<string, AsWritten>;
}

/** A fragment compiled on its own type condition. */
export interface FragmentParts {
  expanded: Expanded;
  ts: string;
  fieldsCode: string;
  onCode: string | undefined;
}

const asWritten = (): AsWritten => ({ fields: new Map(), refs: [], on: new Map() });
const json = (s: AnswerShape | undefined) => JSON.stringify(s);
const fieldsShape = (f: Fields) => Object.fromEntries([...f].map(([k, w]) => [k, w.shape]));
const fieldsTs = (f: Fields) => `{ ${[...f].map(([k, w]) => `${k}: ${w.ts};`).join(' ')} }`;

export class SelectionCompiler {
  readonly problems: string[] = [];
  /** Enums the types and code name (their values become a constant of the module). */
  readonly enums = new Map<string, string[]>();
  private readonly compiled = new Map<string, FragmentParts>();
  private readonly sameAs = new Map<string, string>();

  /**
   * @param mayShare whether two fragments that select the same (on different types: an issue's timeline and a
   *   pull request's) may share one generated type and set of fields (those of the first compiled).
   */
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    private readonly mayShare: (a: string, b: string) => boolean = () => false,
  ) {}

  /** The fragment whose generated type and fields stand for this one's (itself, or an earlier that selects the same). */
  canonical(name: string): string {
    return this.sameAs.get(name) ?? name;
  }

  output(type: GraphQLOutputType, set: SelectionSetNode | undefined, path: string): Walked {
    const nullable = !isNonNullType(type);
    const inner = isNonNullType(type) ? type.ofType : type;
    const wrap = (w: Omit<Walked, 'shape'> & { shape: AnswerShape }): Walked =>
      nullable ? { shape: w.shape, ts: `${w.ts} | null`, code: `nullable(${w.code})` } : w;
    if (isListType(inner)) {
      const of = this.output(inner.ofType as GraphQLOutputType, set, `${path}[]`);
      const shape: AnswerShape = { kind: 'list', nullable, of: of.shape };
      // GraphQL's `[T]` (GitHub's `nodes` of a connection): the list and its items may each be null.
      if (nullable && of.shape.nullable)
        return {
          shape,
          ts: `(${of.ts})[] | null`,
          code: `nullableList(${of.code.replace(/^nullable\((.*)\)$/s, '$1')})`,
        };
      return wrap({ shape, ts: `(${of.ts})[]`, code: `list(${of.code})` });
    }
    if (isScalarType(inner)) {
      const t = scalarType(inner.name);
      const format = scalarFormat(inner.name);
      return wrap({
        shape: format ? { kind: 'scalar', nullable, type: t, format } : { kind: 'scalar', nullable, type: t },
        ts: t,
        code: format ? `scalar(${literal(t)}, ${literal(format)})` : `scalar(${literal(t)})`,
      });
    }
    if (isEnumType(inner)) {
      const values = inner.getValues().map((v) => v.name);
      this.enums.set(inner.name, values);
      const name = enumConst(inner.name);
      return wrap({
        shape: { kind: 'enum', nullable, values },
        ts: `(typeof ${name})[number]`,
        code: `enumOf(${name})`,
      });
    }
    if (!set) {
      this.problems.push(`${path}: an object needs a selection`);
      return { shape: { kind: 'scalar', nullable, type: 'unknown' }, ts: 'unknown', code: `scalar('unknown')` };
    }
    const parts = this.parts(inner as GraphQLNamedType, set, path);
    const shape: AnswerShape = { kind: 'object', nullable, fields: fieldsShape(parts.expanded.fields) };
    if (parts.expanded.on.size)
      shape.on = Object.fromEntries([...parts.expanded.on].map(([t, f]) => [t, fieldsShape(f)]));
    const onCode = this.onCode(parts.written, inner as GraphQLNamedType);
    const { fields, refs } = parts.written;
    // An object that is one fragment and nothing else is the fragment's fields.
    const whole =
      !onCode && !fields.size && refs.length === 1 ? `${fragmentConst(this.canonical(refs[0]))}.fields` : undefined;
    const code = `object(${whole ?? this.fieldsCode(parts.written)}${onCode ? `, ${onCode}` : ''})`;
    const ts = this.ts(parts.written, inner as GraphQLNamedType);
    return nullable ? { shape, ts: `(${ts}) | null`, code: `nullable(${code})` } : { shape, ts, code };
  }

  /** A fragment on its own type condition (compiled once). */
  fragment(name: string): FragmentParts | undefined {
    const done = this.compiled.get(name);
    if (done) return done;
    const def = this.fragments.get(name);
    const type = def && this.schema.getType(def.typeCondition.name.value);
    if (!def || !type) return undefined;
    const { expanded, written } = this.parts(type, def.selectionSet, `fragment ${name}`);
    const parts: FragmentParts = {
      expanded,
      ts: this.ts(written, type),
      fieldsCode: this.fieldsCode(written),
      onCode: this.onCode(written, type),
    };
    const key = (p: FragmentParts) => [p.ts, p.fieldsCode, p.onCode].join('\n');
    for (const [other, done] of this.compiled)
      if (!this.sameAs.has(other) && this.mayShare(name, other) && key(done) === key(parts)) {
        this.sameAs.set(name, other);
        break;
      }
    this.compiled.set(name, parts);
    return parts;
  }

  private parts(type: GraphQLNamedType, set: SelectionSetNode, path: string) {
    let parts = this.collectAll(type, set, path, true);
    if (!this.agrees(parts.expanded, parts.written, type)) parts = this.collectAll(type, set, path, false);
    if (parts.expanded.on.size && !parts.expanded.fields.has('__typename'))
      this.problems.push(`${path}: select __typename where a fragment applies`);
    return parts;
  }

  private collectAll(type: GraphQLNamedType, set: SelectionSetNode, path: string, refer: boolean) {
    const expanded: Expanded = { fields: new Map(), on: new Map() };
    const written = asWritten();
    const problems = this.problems.length;
    this.collect(set, type, expanded, written, path, refer);
    // The second walk (spreads expanded) finds the same problems again.
    if (!refer) this.problems.splice(problems);
    else if (this.problems.length > problems) return { expanded, written: this.expandedAsWritten(expanded) };
    return { expanded, written };
  }

  private expandedAsWritten(expanded: Expanded): AsWritten {
    const on = new Map([...expanded.on].map(([t, fields]) => [t, { fields, refs: [], on: new Map() }]));
    return { fields: expanded.fields, refs: [], on };
  }

  /** Whether the selection as written (fragments by reference) checks exactly what the expansion checks. */
  private agrees(expanded: Expanded, written: AsWritten, type: GraphQLNamedType): boolean {
    const same = (have: Map<string, AnswerShape>, want: (key: string) => AnswerShape | undefined) =>
      [...have].every(([k, s]) => json(s) === json(want(k)));
    const common = this.effective(written, undefined);
    if (!same(common, (k) => expanded.fields.get(k)?.shape)) return false;
    for (const t of this.concrete(type)) {
      const specific = this.effective(written, t.name);
      if (!same(specific, (k) => expanded.on.get(t.name)?.get(k)?.shape ?? expanded.fields.get(k)?.shape)) return false;
    }
    return true;
  }

  /** The fields the generated code gives: on all types (`type` undefined), or on one concrete type. */
  private effective(written: AsWritten, type: string | undefined): Map<string, AnswerShape> {
    const out = new Map<string, AnswerShape>();
    const put = (fields: Fields) => fields.forEach((w, k) => out.set(k, w.shape));
    const putRefs = (refs: string[], on: string | undefined) => {
      for (const r of refs) {
        const f = this.fragment(r);
        if (!f) continue;
        if (!on) put(f.expanded.fields);
        else f.expanded.on.get(on)?.forEach((w, k) => out.set(k, w.shape));
      }
    };
    if (!type) {
      putRefs(written.refs, undefined);
      put(written.fields);
      return out;
    }
    putRefs(written.refs, type);
    const own = written.on.get(type);
    if (own) {
      putRefs(own.refs, undefined);
      putRefs(own.refs, type);
      put(own.fields);
    }
    return out;
  }

  private concrete(type: GraphQLNamedType): readonly GraphQLObjectType[] {
    if (isObjectType(type)) return [type];
    return isAbstractType(type) ? this.schema.getPossibleTypes(type) : [];
  }

  private collect(
    set: SelectionSetNode,
    type: GraphQLNamedType,
    expanded: Expanded,
    written: AsWritten | undefined,
    path: string,
    refer: boolean,
  ) {
    for (const sel of set.selections) {
      if (sel.directives?.length) this.problems.push(`${path}: directives (@include, @skip) are not supported`);
      if (sel.kind === Kind.FIELD) {
        const key = sel.alias?.value ?? sel.name.value;
        const walked = this.field(type, sel.name.value, sel.selectionSet, `${path}.${key}`);
        if (!walked) continue;
        add(expanded.fields, key, walked);
        if (written) add(written.fields, key, walked);
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
      const all = target.name === type.name || targets.length === parentTypes.size;
      const reference = refer && written && sel.kind === Kind.FRAGMENT_SPREAD ? sel.name.value : undefined;
      if (reference) this.fragment(reference);
      if (all) {
        if (reference) written!.refs.push(reference);
        // A union has no fields: what a fragment on an interface selects is looked up on the interface.
        const lookup = isObjectType(type) || isInterfaceType(type) ? type : target;
        this.collect(selection, lookup, expanded, reference ? undefined : written, path, refer);
        continue;
      }
      for (const t of targets) {
        const fields = expanded.on.get(t.name) ?? new Map<string, Walked>();
        expanded.on.set(t.name, fields);
        let own: AsWritten | undefined;
        if (written) {
          own = written.on.get(t.name) ?? asWritten();
          written.on.set(t.name, own);
          if (reference) own.refs.push(reference);
        }
        const nested = { fields, on: new Map<string, Fields>() };
        this.collect(selection, t, nested, reference ? undefined : own, `${path}<${t.name}>`, refer);
      }
    }
  }

  private field(type: GraphQLNamedType, name: string, set: SelectionSetNode | undefined, path: string) {
    if (name === '__typename') {
      const names = this.concrete(type).map((t) => t.name);
      // A long list of names says no more than `string` (and would be written out again wherever it stands).
      const ts = names.length && names.length <= 8 ? names.map(literal).join(' | ') : 'string';
      return { shape: { kind: 'scalar', nullable: false, type: 'string' }, ts, code: `scalar('string')` } as Walked;
    }
    const fields = isObjectType(type) || isInterfaceType(type) ? type.getFields() : {};
    const def = fields[name];
    if (!def) {
      this.problems.push(`${path}: no such field on ${type.name}`);
      return undefined;
    }
    return this.output(def.type, set, path);
  }

  private refSpreads(refs: string[], on: string | undefined): string[] {
    return refs.flatMap((r) => {
      const f = this.fragment(r);
      const name = fragmentConst(this.canonical(r));
      const spreads = on ? [] : [`...${name}.fields`];
      if (on && f?.expanded.on.has(on)) spreads.push(`...${name}.on.${on}`);
      return spreads;
    });
  }

  private fieldsCode(written: AsWritten, on?: string): string {
    const own = [...written.fields].map(([k, w]) => `${k}: ${w.code}`);
    return `{ ${[...this.refSpreads(written.refs, undefined), ...(on ? this.refSpreads(written.refs, on) : []), ...own].join(', ')} }`;
  }

  private onCode(written: AsWritten, type: GraphQLNamedType): string | undefined {
    const entries: string[] = [];
    for (const t of this.concrete(type)) {
      const fromRefs = this.refSpreads(written.refs, t.name);
      const own = written.on.get(t.name);
      if (!fromRefs.length && !own) continue;
      const ownCode = own ? this.fieldsCode(own, t.name).slice(1, -1).trim() : '';
      entries.push(`${t.name}: { ${[...fromRefs, ...(ownCode ? [ownCode] : [])].join(', ')} }`);
    }
    return entries.length ? `{ ${entries.join(', ')} }` : undefined;
  }

  private ts(written: AsWritten, type: GraphQLNamedType): string {
    const common = (w: AsWritten) => {
      const parts = [
        ...(w.fields.size || !w.refs.length ? [fieldsTs(w.fields)] : []),
        ...w.refs.map((r) => fragmentType(this.canonical(r))),
      ];
      return parts.join(' & ');
    };
    let ts = common(written);
    if (written.on.size) {
      const possible = isAbstractType(type) ? this.schema.getPossibleTypes(type).map((t) => t.name) : [type.name];
      const others = possible.filter((t) => !written.on.has(t));
      const variants = [...written.on].map(([t, w]) => `({ __typename: ${literal(t)} } & ${common(w)})`);
      if (others.length)
        variants.push(`{ __typename: ${others.length <= 8 ? others.map(literal).join(' | ') : 'string'} }`);
      ts = `${ts} & (${variants.join(' | ')})`;
    }
    return ts;
  }
}

/** Two selections of the same key: objects merge their fields (graphql-js's validation made them compatible). */
function add(into: Fields, key: string, walked: Walked) {
  const had = into.get(key);
  if (!had) {
    into.set(key, walked);
    return;
  }
  if (had.shape.kind !== 'object' || walked.shape.kind !== 'object') return;
  const shape = { ...had.shape, fields: { ...had.shape.fields, ...walked.shape.fields } };
  into.set(key, { shape, ts: `${had.ts} & ${walked.ts}`, code: shapeCode(shape) });
}
