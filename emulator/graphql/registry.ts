// How GraphQL resolvers plug into the emulator. Each file of `emulator/graphql/` that models some of GitHub's
// types exports a `ResolverModule` and is listed once in `resolvers.ts`:
// - `types`: per GraphQL type, per field, a resolver `(source, args, ctx, info)`. A field without a resolver is
//   read from the source object by its name (resolvers return plain objects carrying the simple fields, `__typename`
//   for abstract types, and `$`-prefixed keys for the state they came from). A field neither resolved nor present
//   fails loudly: a GraphQL error "The emulator does not model Type.field", never a silent null.
// - `nodes`: per global-ID prefix (`LA` in `LA_1001`, the same IDs REST's `node_id` gives), a loader for
//   `node(id:)`.
// Errors GitHub reports with a `type` (NOT_FOUND, FORBIDDEN, …) are thrown as `GraphqlFault`.
import type { GraphQLResolveInfo } from 'graphql';
import type { Env } from '../http';
import type { Repo, State, Token } from '../state';

export interface GraphqlContext {
  env: Env;
  state: State;
  token?: Token;
  /** The caller's login (the `viewer`). */
  login?: string;
  /** The object of a global ID (`LA_1001`), through the modules' `nodes` loaders; undefined when none has it. */
  loadNode(id: string): Record<string, unknown> | undefined;
}

export type FieldResolver = (
  source: any,
  // The schema has validated the arguments; each resolver names the ones it reads.
  args: any,
  ctx: GraphqlContext,
  info: GraphQLResolveInfo,
) => unknown;

export type NodeLoader = (key: string, ctx: GraphqlContext) => Record<string, unknown> | undefined;

export interface ResolverModule {
  types?: Record<string, Record<string, FieldResolver>>;
  nodes?: Record<string, NodeLoader>;
}

/** An error with GitHub's `type` (the entry of `errors` carries it beside message, path and locations). */
export class GraphqlFault extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'GraphqlFault';
  }
}

export class NotModelledError extends Error {
  constructor(typeName: string, fieldName: string) {
    super(`The emulator does not model ${typeName}.${fieldName}`);
    this.name = 'NotModelledError';
  }
}

/** The repository a model object came from (every repository-owned object carries `$repo`). */
export function repoOf(source: { $repo?: Repo }): Repo {
  if (!source.$repo) throw new Error('emulator: a repository object without its repository');
  return source.$repo;
}
