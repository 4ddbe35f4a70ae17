// The one list of GraphQL resolver modules (registry.ts explains a module). A new file of resolvers is one import
// and one entry here; two modules resolving the same Type.field is an error at start.
import type { FieldResolver, NodeLoader, ResolverModule } from './registry';
import { compareResolvers } from './compare';
import { gitResolvers } from './git';
import { issueResolvers } from './issues';
import { releaseResolvers } from './releases';
import { repositoryResolvers } from './repository';
import { rootResolvers } from './root';

export const RESOLVER_MODULES: readonly ResolverModule[] = [
  rootResolvers,
  repositoryResolvers,
  gitResolvers,
  compareResolvers,
  releaseResolvers,
  issueResolvers,
];

let table: Map<string, FieldResolver> | undefined;
let loaders: Map<string, NodeLoader> | undefined;

function build(): void {
  table = new Map();
  loaders = new Map();
  for (const module of RESOLVER_MODULES) {
    for (const [type, fields] of Object.entries(module.types ?? {})) {
      for (const [field, resolve] of Object.entries(fields)) {
        const key = `${type}.${field}`;
        if (table.has(key)) throw new Error(`emulator: two GraphQL resolvers for ${key}`);
        table.set(key, resolve);
      }
    }
    for (const [prefix, load] of Object.entries(module.nodes ?? {})) {
      if (loaders.has(prefix)) throw new Error(`emulator: two node loaders for the ID prefix ${prefix}`);
      loaders.set(prefix, load);
    }
  }
}

/** `Type.field` → resolver, over every module. */
export function resolverTable(): Map<string, FieldResolver> {
  if (!table) build();
  return table!;
}

/** Global-ID prefix → loader (`node(id:)`). */
export function nodeLoaders(): Map<string, NodeLoader> {
  if (!loaders) build();
  return loaders!;
}
