// Every GraphQL document the actions send is valid against GitHub's published schema, costs no more than the bound
// it states (GitHub's point formula and node count), and its generated module is what `npm run graphql:write` makes:
// a document that sends the compiled text and checks the answer against the shape with every fragment expanded.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { publishedSchema } from '../../../tools/graphql/schema';
import { compileDocument, DocumentError } from '../../../tools/graphql/compile';
import { documentFolders, renderFolder } from '../../../tools/graphql/documents';
import type { AnswerShape, GraphqlDocument } from '../../../src/github/client';

const folders = documentFolders();

type Fields = Readonly<Record<string, AnswerShape>>;

/**
 * Where two shapes check an answer differently (a path), or undefined: the same kinds, nullability, types and
 * values, and for an object the same fields for each `__typename` either names per type (its fields with that
 * type's merged in; a fragment on an interface may put a field in either place).
 */
function checkDifference(a: AnswerShape, b: AnswerShape, at = 'data'): string | undefined {
  if (a.kind !== b.kind || a.nullable !== b.nullable) return at;
  if (a.kind === 'list' && b.kind === 'list') return checkDifference(a.of, b.of, `${at}[]`);
  if (a.kind !== 'object' || b.kind !== 'object') return JSON.stringify(a) === JSON.stringify(b) ? undefined : at;
  const fieldsDifference = (x: Fields, y: Fields, where: string) => {
    const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])];
    for (const k of keys) {
      const d = x[k] && y[k] ? checkDifference(x[k], y[k], `${where}.${k}`) : `${where}.${k}`;
      if (d) return d;
    }
    return undefined;
  };
  const types = [...new Set([...Object.keys(a.on ?? {}), ...Object.keys(b.on ?? {})])];
  if (!types.length) return fieldsDifference(a.fields, b.fields, at);
  for (const t of types) {
    const d = fieldsDifference({ ...a.fields, ...a.on?.[t] }, { ...b.fields, ...b.on?.[t] }, `${at}<${t}>`);
    if (d) return d;
  }
  return undefined;
}

describe('the GraphQL documents under src/*/queries', () => {
  it('exist', () => {
    expect(folders.length).toBeGreaterThan(0);
  });

  for (const { folder, files } of folders) {
    it(`${folder.replace(/.*\/src\//, 'src/')}: valid, within their bounds, and the module is up to date`, async () => {
      const { module, path, docs } = await renderFolder(folder, files);
      for (const { doc } of docs) {
        expect(doc.points).toBeGreaterThanOrEqual(1);
        expect(doc.points).toBeLessThanOrEqual(doc.maxPoints);
        expect(doc.nodes).toBeLessThanOrEqual(doc.maxNodes);
        expect(doc.nodes).toBeLessThanOrEqual(500_000);
      }
      expect(readFileSync(path, 'utf8'), `run npm run graphql:write to regenerate ${path}`).toBe(module);
    }, 60_000);

    it(`${folder.replace(/.*\/src\//, 'src/')}: each module's document sends the compiled text and checks the expanded shape`, async () => {
      const { path, docs } = await renderFolder(folder, files);
      const module = (await import(path)) as Record<string, GraphqlDocument>;
      for (const { doc } of docs) {
        const sent = module[doc.name.charAt(0).toLowerCase() + doc.name.slice(1)];
        // The same text to the letter (its own, then its fragments' in the order first spread), so the same cost.
        expect(sent.text, doc.name).toBe(doc.text);
        expect([sent.name, sent.operation, sent.points, sent.nodes]).toEqual([
          doc.name,
          doc.operation,
          doc.points,
          doc.nodes,
        ]);
        // Built from the fragments' fields, templates and envelopes, it checks what the expanded shape checks.
        expect(checkDifference(sent.shape, doc.shape), doc.name).toBeUndefined();
      }
    }, 60_000);
  }
});

describe('compileDocument refuses', () => {
  const schema = publishedSchema();
  const bounds = '# max-points: 1\n# max-nodes: 100\n';
  const compile = (text: string) => compileDocument(schema, 'x.graphql', text);

  it('a field the schema does not have', () => {
    expect(() => compile(`${bounds}query A { viewer { loginName } }`)).toThrow(/Cannot query field "loginName"/);
  });

  it('a connection without first or last, or with more than 100', () => {
    expect(() => compile(`${bounds}query A { viewer { repositories { totalCount } } }`)).toThrow(
      /You must provide a `first` or `last` value to properly paginate the `repositories` connection/,
    );
    expect(() => compile(`${bounds}query A { viewer { repositories(first: 101) { totalCount } } }`)).toThrow(
      /Requesting 101 records on the `repositories` connection exceeds the `first` limit of 100 records/,
    );
  });

  it('a document above its stated bounds, or without them', () => {
    const nested = `query A { viewer { repositories(first: 100) { nodes { issues(first: 100) { nodes { id } } } } } }`;
    const err = (() => {
      try {
        compile(`${bounds}${nested}`);
      } catch (e) {
        return e as Error;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(DocumentError);
    // 1 + 100 requests → 1 point (1.01 rounded); 100 + 100 × 100 nodes.
    expect(err?.message).toMatch(/requests up to 10100 nodes, above its bound of 100/);
    expect(() => compile(`query A { viewer { login } }`)).toThrow(/state the bounds/);
  });

  it('a fragment on some types only without __typename', () => {
    const text = `${bounds}query A($id: ID!) { node(id: $id) { ... on Label { name } } }`;
    expect(() => compile(text)).toThrow(/select __typename/);
  });
});

describe('compileDocument derives', () => {
  const schema = publishedSchema();
  it('types and a shape with per-type fragments, and variable types', () => {
    const doc = compileDocument(
      schema,
      'x.graphql',
      '# max-points: 1\n# max-nodes: 5\nquery A($id: ID!, $n: Int = 5) { node(id: $id) { __typename ... on Label { name issues(first: $n) { totalCount } } } }',
    );
    expect(doc.operation).toBe('query');
    expect(doc.points).toBe(1);
    // A variable's default sizes its connection.
    expect(doc.nodes).toBe(5);
    expect(doc.variablesType).toBe('{ id: string; n?: number | null; }');
    const node = doc.shape.fields.node;
    expect(node).toMatchObject({ kind: 'object', nullable: true, on: { Label: { name: { kind: 'scalar' } } } });
    expect(doc.dataType).toContain('({ __typename: "Label" } & { name: string; issues: { totalCount: number; }; })');
  });
});
