// GitHub's published GraphQL schema for the document generator, straight from `@octokit/graphql-schema` (GitHub's
// own public schema, downloaded and republished by the Octokit project), built once per process. The generator
// reads GitHub's schema itself rather than the emulator's copy: the emulator is the independent model the product is
// tested against, so the product's tooling borrows nothing from it. Built from the introspection form (the SDL
// repeats two fields of `EnterpriseOwnerInfo`, which graphql-js's SDL check refuses).
import { schema as published } from '@octokit/graphql-schema';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

let built: GraphQLSchema | undefined;

/** The introspection result inside the package's JSON (bare, or under `data` as an HTTP answer carries it). */
function introspection(json: Record<string, unknown>): IntrospectionQuery {
  const inner = '__schema' in json ? json : json.data;
  if (!inner || typeof inner !== 'object' || !('__schema' in inner))
    throw new Error('@octokit/graphql-schema: schema.json holds no introspection result (__schema)');
  return inner as IntrospectionQuery;
}

export function publishedSchema(): GraphQLSchema {
  built ??= buildClientSchema(introspection(published.json), { assumeValid: true });
  return built;
}
