// The GraphQL documents of the actions: every `queries/*.graphql` folder under src/ (each action's
// `src/actions/<name>/queries/`, and the shared `src/github/graphql/queries/`) is compiled against GitHub's published
// schema (tools/graphql/compile.ts) into the typed module `documents.ts` beside it, which its folder's code
// imports (so ncc bundles the text with no loader). A `.graphql` file holds one operation, or fragments only; a
// document may spread the fragments of its own folder and the shared ones of `src/github/graphql/queries` (every
// action may use those; an action never uses another action's). Each fragment's type and fields are written once, in the
// module of the folder that defines it, with the fragments it spreads (a document names only its own spreads and
// is sent with their definitions, each once); a chain of one-level fragments is one template
// (tools/graphql/fragment-family.ts); a query of the budget and one repository names only the repository
// (src/github/graphql/envelope.ts). `npm run graphql:write` rewrites the modules;
// test/unit/tools/graphql-documents.test.ts fails when a document is invalid, costs more than its stated bound,
// or its module is not what this generates.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import type { GraphQLSchema } from 'graphql';
import {
  checkFragment,
  compileDocument,
  directSpreads,
  DocumentError,
  fragmentsOf,
  spreadClosure,
  type CompiledDocument,
  type FragmentSource,
} from './compile';
import { publishedSchema } from './schema';
import { familyLines, fragmentFamilies } from './fragment-family';
import { enumConst, fragmentConst, fragmentType, SelectionCompiler } from './selection';

const pointsText = (n: number): string => `${n} ${n === 1 ? 'point' : 'points'}`;

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const MODULE_NAME = 'documents.ts';
/** The folder of the fragments every area may spread. */
export const SHARED_FOLDER = join('src', 'github', 'graphql', 'queries');

const graphqlFiles = (folder: string) => {
  try {
    return readdirSync(folder)
      .filter((f) => f.endsWith('.graphql'))
      .sort();
  } catch {
    return [];
  }
};

/** Every folder named `queries` under src/ holding `.graphql` files, with their file names (sorted by path). */
export function documentFolders(root = ROOT): { folder: string; files: string[] }[] {
  const out: { folder: string; files: string[] }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (!entry.isDirectory()) continue;
      const path = join(dir, entry.name);
      if (entry.name === 'queries') {
        const files = graphqlFiles(path);
        if (files.length) out.push({ folder: path, files });
      } else walk(path);
    }
  };
  walk(join(root, 'src'));
  return out;
}

interface FolderSources {
  documents: { file: string; text: string }[];
  fragments: FragmentSource[];
}

function readFolder(folder: string, files: string[]): FolderSources {
  const out: FolderSources = { documents: [], fragments: [] };
  for (const file of files) {
    const text = readFileSync(join(folder, file), 'utf8');
    const fragments = fragmentsOf(join(folder, file), folder, text);
    if (fragments) out.fragments.push(...fragments);
    else out.documents.push({ file, text });
  }
  return out;
}

/** The fragments a folder's documents may spread: its own and the shared ones, each name defined once. */
function scopeOf(folder: string, own: FragmentSource[], root: string): Map<string, FragmentSource> {
  const shared = join(root, SHARED_FOLDER);
  const inScope = folder === shared ? own : [...readFolder(shared, graphqlFiles(shared)).fragments, ...own];
  const scope = new Map<string, FragmentSource>();
  for (const f of inScope) {
    const had = scope.get(f.name);
    if (had) throw new DocumentError(f.file, [`fragment ${f.name} is also defined in ${had.file}`]);
    scope.set(f.name, f);
  }
  return scope;
}

/** A folder's fragments, each after the ones of the folder it spreads (so each constant exists when used). */
function inDependencyOrder(fragments: FragmentSource[], scope: Map<string, FragmentSource>): FragmentSource[] {
  const out: FragmentSource[] = [];
  const visit = (f: FragmentSource) => {
    if (out.includes(f)) return;
    for (const name of spreadClosure(f.def, scope)) {
      const dep = fragments.find((g) => g.name === name);
      if (dep && dep !== f) visit(dep);
    }
    out.push(f);
  };
  fragments.forEach(visit);
  return out;
}

const constName = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
const importPath = (from: string, to: string) => relative(from, to).split(/[\\/]/).join('/');

/** A folder's fragments: each its text, the fragments it spreads, its type and fields; a family as one template. */
function fragmentLines(
  folder: string,
  compiler: SelectionCompiler,
  fragments: FragmentSource[],
  spreadsOf: (names: string[]) => string,
): string[] {
  const body: string[] = [];
  const families = fragmentFamilies(fragments, compiler);
  for (const f of fragments) {
    const parts = compiler.fragment(f.name)!;
    const same = compiler.canonical(f.name);
    const file = relative(folder, f.file);
    const condition = f.def.typeCondition.name.value;
    const head = `/** \`${file}\`: fragment ${f.name} on ${condition}`;
    const own = directSpreads(f.def);
    const spreads = [`  spreads: ${spreadsOf(own)},`];
    const family = families.find((g) => g.members.some((m) => m.name === f.name));
    if (family) {
      // One block for the family, where its lowest member stands (the others follow it in this order).
      if (family.members[0].name === f.name) body.push(...familyLines(family, file, condition));
      continue;
    }
    if (same !== f.name) {
      // It selects what another selects (on another type): it is sent as itself (with its own spreads, which may
      // name other fragments than the other's), checked as the other.
      const sameSpreads = directSpreads(fragments.find((g) => g.name === same)!.def);
      body.push(
        `${head}, selecting what ${same} selects. */`,
        `export const ${fragmentConst(f.name)} = {`,
        `  ...${fragmentConst(same)},`,
        `  text: ${JSON.stringify(f.text)},`,
        ...(own.length || sameSpreads.length ? spreads : []),
        '};',
        '',
      );
      continue;
    }
    body.push(
      `${head}. */`,
      `export type ${fragmentType(f.name)} = ${parts.ts};`,
      `export const ${fragmentConst(f.name)} = {`,
      `  text: ${JSON.stringify(f.text)},`,
      ...(own.length ? spreads : []),
      `  fields: ${parts.fieldsCode},`,
      ...(parts.onCode ? [`  on: ${parts.onCode},`] : []),
      '} satisfies FragmentShape;',
      '',
    );
  }
  return body;
}

/**
 * A folder's documents: first what each answers and the variables it takes, then each document: its facts (kind
 * and name, points, nodes, the fragments its own text spreads), its answer's shape, its own text. A query of the
 * budget and one repository names only the repository (src/github/graphql/envelope.ts), except in the shared
 * folder, whose fragments the envelope's module imports.
 */
function documentLines(
  shared: boolean,
  docs: { file: string; doc: CompiledDocument }[],
  spreadsOf: (names: string[]) => string,
): string[] {
  const envelope = (doc: CompiledDocument) => (shared ? undefined : doc.repository);
  const body = docs.length ? ['// What each document below answers, and the variables it takes.'] : [];
  for (const { doc } of docs) {
    const repository = envelope(doc);
    body.push(
      `export type ${doc.name}Data = ${repository ? `RepositoryAnswer<${repository.ts}>` : doc.dataType};`,
      `export type ${doc.name}Variables = ${doc.variablesType};`,
    );
  }
  for (const { file, doc } of docs) {
    const repository = envelope(doc);
    const spreads = repository ? doc.spreads.filter((n) => n !== 'Budget') : doc.spreads;
    const facts = `{ ${doc.operation}: ${JSON.stringify(doc.name)}, points: ${doc.points}, nodes: ${doc.nodes}, spreads: ${spreadsOf(spreads)} }`;
    body.push(
      '',
      `/** \`${file}\`: ${doc.operation} ${doc.name}, ${pointsText(doc.points)} (bound ${doc.maxPoints}), up to ${doc.nodes} nodes (bound ${doc.maxNodes}). */`,
      `export const ${constName(doc.name)} = ${repository ? 'repositoryQuery' : 'graphqlDocument'}<${doc.name}Data, ${doc.name}Variables>(`,
      `  ${facts},`,
      `  ${repository?.fieldsCode ?? doc.shapeCode},`,
      `  ${JSON.stringify(doc.ownText)},`,
      ');',
    );
  }
  return body;
}

function moduleText(
  folder: string,
  root: string,
  compiler: SelectionCompiler,
  fragments: FragmentSource[],
  docs: { file: string; doc: CompiledDocument }[],
  scope: Map<string, FragmentSource>,
): string {
  const spreadsOf = (names: string[]) =>
    `[${names
      .filter((n) => scope.has(n))
      .map(fragmentConst)
      .join(', ')}]`;
  const body = [
    ...fragmentLines(folder, compiler, fragments, spreadsOf),
    ...documentLines(folder === join(root, SHARED_FOLDER), docs, spreadsOf),
  ];
  const code = body.join('\n');
  const uses = (name: string) => new RegExp(`\\b${name}\\b`).test(code);
  const enums = new Map([...compiler.enums, ...docs.flatMap(({ doc }) => [...doc.enums])]);
  const enumLines = [...enums]
    .filter(([name]) => uses(enumConst(name)))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, values]) => `const ${enumConst(name)} = ${JSON.stringify(values)} as const;`);
  const src = join(root, 'src');
  const helpers = ['enumOf', 'graphqlDocument', 'list', 'nullable', 'nullableList', 'object', 'scalar'].filter(
    (helper) => new RegExp(`\\b${helper}[<(]`).test(code),
  );
  if (fragments.length) helpers.push('type FragmentShape');
  const imports = [
    `import { ${helpers.join(', ')} } from '${importPath(folder, join(src, 'github', 'graphql', 'shape-builders'))}';`,
  ];
  const byFolder = new Map<string, string[]>();
  for (const f of scope.values()) {
    if (f.folder === folder) continue;
    const names = [fragmentConst(f.name), `type ${fragmentType(f.name)}`].filter((n) => uses(n.replace('type ', '')));
    if (names.length) byFolder.set(f.folder, [...(byFolder.get(f.folder) ?? []), ...names]);
  }
  for (const [from, names] of byFolder)
    imports.push(`import { ${names.join(', ')} } from '${importPath(folder, join(from, 'documents'))}';`);
  const fromEnvelope = ['repositoryQuery', 'type RepositoryAnswer'].filter((n) => uses(n.replace('type ', '')));
  if (fromEnvelope.length)
    imports.push(
      `import { ${fromEnvelope.join(', ')} } from '${importPath(folder, join(src, 'github', 'graphql', 'envelope'))}';`,
    );
  return [
    `// Generated by \`npm run graphql:write\` (tools/graphql/documents.ts) from the .graphql files beside it;`,
    `// do not edit. Points and nodes are GitHub's formula ("Rate limits and query limits for the GraphQL API").`,
    ...imports,
    '',
    ...enumLines,
    '',
    code,
  ].join('\n');
}

/** The compiled documents of a folder and the module generated from them (prettier-formatted). */
export async function renderFolder(
  folder: string,
  files: string[],
  schema: GraphQLSchema = publishedSchema(),
  root = ROOT,
): Promise<{ module: string; path: string; docs: { file: string; doc: CompiledDocument }[] }> {
  const sources = readFolder(folder, files);
  const scope = scopeOf(folder, sources.fragments, root);
  for (const f of sources.fragments) checkFragment(schema, f, scope);
  const own = (name: string) => scope.get(name)?.folder === folder;
  const compiler = new SelectionCompiler(
    schema,
    new Map([...scope].map(([n, s]) => [n, s.def])),
    (a, b) => own(a) && own(b),
  );
  const fragments = inDependencyOrder(sources.fragments, scope);
  for (const f of fragments) compiler.fragment(f.name);
  if (compiler.problems.length) throw new DocumentError(folder, compiler.problems);
  const docs = sources.documents.map(({ file, text }) => ({
    file,
    doc: compileDocument(schema, join(folder, file), text, scope, compiler),
  }));
  const path = join(folder, MODULE_NAME);
  const config = (await prettier.resolveConfig(path)) ?? {};
  const text = moduleText(folder, root, compiler, fragments, docs, scope);
  const module = await prettier.format(text, { ...config, filepath: path });
  return { module, path, docs };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const { folder, files } of documentFolders()) {
    const { module, path, docs } = await renderFolder(folder, files);
    writeFileSync(path, module);
    for (const { doc } of docs) console.log(`${doc.name}: ${pointsText(doc.points)}, up to ${doc.nodes} nodes`);
    console.log(`wrote ${path}`);
  }
}
