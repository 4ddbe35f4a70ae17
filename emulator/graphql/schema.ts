// GitHub's published GraphQL schema (`@octokit/graphql-schema`, downloaded from GitHub's own public schema), built
// once per process: the emulator validates and executes every query against it (the product's generator loads the
// same package itself, tools/graphql/schema.ts). Built from the introspection form (`schema.json`): faster
// than the SDL (which repeats two fields of `EnterpriseOwnerInfo`, something graphql-js's SDL check refuses).
import { readFileSync } from 'node:fs';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

let built: GraphQLSchema | undefined;

export function githubSchema(): GraphQLSchema {
  if (!built) {
    // The package exports only its module, which reads both forms as it loads; the JSON sits beside it.
    const file = new URL('../../node_modules/@octokit/graphql-schema/schema.json', import.meta.url);
    const json = JSON.parse(readFileSync(file, 'utf8')) as IntrospectionQuery | { data: IntrospectionQuery };
    built = buildClientSchema('data' in json ? json.data : json, { assumeValid: true });
  }
  return built;
}
