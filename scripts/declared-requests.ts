// Every request declaration in src (src/github/client/declared.ts): the reads and writes each action of the registry
// declares (src/actions/<action>/reads.ts, writes.ts), the service's (src/hosts/service/), the kernel's and the client's own (declared
// where it makes them). Read by the write-rules table (write-rules-table.ts), the call-site check
// (test/unit/github/client/routes.test.ts) and the recorded-answer check (test/contract/response-shapes.test.ts). The
// actions' modules are found through the registry (src/actions), so a fifth action's joins without an edit here.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ACTION_NAMES } from '../src/actions';
import type { RequestDeclaration } from '../src/github/client/declared';
import type { WriteRule } from '../src/github/client/write-rules';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export type DeclarationKind = 'reads' | 'writes';

/** A module that declares requests: who owns them, the module (relative to the repository) and its export. */
export interface DeclarationModule {
  owner: string;
  module: string;
  kind: DeclarationKind;
}

/** One declared request: who declares it, its name in its module, and the declaration. */
export interface DeclaredRequest extends DeclarationModule {
  name: string;
  declaration: RequestDeclaration | WriteRule;
}

/** The modules that declare requests: each action of the registry, the service, core, then the client. */
export function declarationModules(): DeclarationModule[] {
  const both = (owner: string, folder: string): DeclarationModule[] => [
    { owner, module: `${folder}/reads.ts`, kind: 'reads' },
    { owner, module: `${folder}/writes.ts`, kind: 'writes' },
  ];
  return [
    ...ACTION_NAMES.flatMap((name) => both(name, `src/actions/${name}`)),
    ...both('service', 'src/hosts/service'),
    { owner: 'kernel', module: 'src/kernel/workflow-run-reads.ts', kind: 'reads' },
    { owner: 'client', module: 'src/github/client/client.ts', kind: 'reads' },
    { owner: 'client', module: 'src/github/client/contents.ts', kind: 'reads' },
    ...both('client', 'src/github/graphql').map((m) => ({ ...m, module: 'src/github/graphql/run.ts' })),
  ];
}

/** Every declared request, in the order of `declarationModules`. */
export async function declaredRequests(): Promise<DeclaredRequest[]> {
  const found: DeclaredRequest[] = [];
  for (const m of declarationModules()) {
    const exports = (await import(pathToFileURL(join(ROOT, m.module)).href)) as Record<string, unknown>;
    const declarations = exports[m.kind] as Record<string, RequestDeclaration> | undefined;
    if (!declarations) throw new Error(`${m.module} does not export \`${m.kind}\``);
    for (const [name, declaration] of Object.entries(declarations)) found.push({ ...m, name, declaration });
  }
  return found;
}
