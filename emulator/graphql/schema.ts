// GitHub's published GraphQL schema (`@octokit/graphql-schema`, generated from GitHub's own public schema), built
// once per process: the emulator validates and executes every query against it, and the documents' build check
// validates every `.graphql` file against the same one.
import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLSchema } from 'graphql';

let built: GraphQLSchema | undefined;

export function githubSchema(): GraphQLSchema {
  if (!built) {
    // The package exports only its module, which parses the JSON form as it loads; the SDL file sits beside it.
    const file = new URL('../../node_modules/@octokit/graphql-schema/schema.graphql', import.meta.url);
    // The published SDL repeats two fields of `EnterpriseOwnerInfo` (identical definitions); graphql-js's SDL check
    // refuses that, so the check is skipped (the schema is GitHub's own, not input).
    built = buildSchema(readFileSync(file, 'utf8'), { assumeValidSDL: true });
  }
  return built;
}
