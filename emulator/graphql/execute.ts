// GitHub's GraphQL endpoint (`POST /graphql`; GHES `/api/graphql`, ghes.ts) over the emulator's state: the query is
// parsed and validated against GitHub's published schema (schema.ts), priced by GitHub's formula (cost.ts) against
// its own primary budget (resource `graphql`: 1,000 points an hour for the workflow token, 5,000 for users and
// apps — "Rate limits and query limits for the GraphQL API"), and executed by graphql-js over the resolvers of
// resolvers.ts. Errors come back as GitHub sends them: HTTP 200 with `errors` (`type`, `message`, `path`,
// `locations`; a refused document has no `data`).
import {
  execute,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type GraphQLFieldResolver,
  type GraphQLTypeResolver,
} from 'graphql';
import { error, ok, type Ctx, type Reply } from '../http';
import { operationCost, operationOf } from './cost';
import { GraphqlFault, NotModelledError, type FieldResolver, type GraphqlContext } from './registry';
import { nodeLoaders, resolverTable } from './resolvers';
import { githubSchema } from './schema';

interface ErrorEntry {
  type?: string;
  message: string;
  path?: readonly (string | number)[];
  locations?: readonly { line: number; column: number }[];
  extensions?: Record<string, unknown>;
}

function refused(errors: ErrorEntry[], points: number): Reply {
  return { ...ok({ errors }), graphqlPoints: points };
}

/**
 * graphql-js's validation messages in GitHub's words where clients read them: an unknown field is GitHub's
 * "Field 'x' doesn't exist on type 'Y'" with `extensions.code: undefinedField` (recorded in @octokit/graphql's
 * tests and GitHub community answers).
 */
function validationEntry(e: GraphQLError): ErrorEntry {
  const unknownField = /^Cannot query field "([^"]+)" on type "([^"]+)"/.exec(e.message);
  if (unknownField) {
    return {
      message: `Field '${unknownField[1]}' doesn't exist on type '${unknownField[2]}'`,
      locations: e.locations,
      extensions: { code: 'undefinedField', typeName: unknownField[2], fieldName: unknownField[1] },
    };
  }
  return { message: e.message, locations: e.locations };
}

function executionEntry(e: GraphQLError): ErrorEntry {
  const original = e.originalError;
  const entry: ErrorEntry = { message: e.message, path: e.path, locations: e.locations };
  if (original instanceof GraphqlFault) entry.type = original.type;
  else if (original instanceof NotModelledError) entry.type = 'NOT_MODELLED_BY_EMULATOR';
  return entry;
}

const resolveType: GraphQLTypeResolver<unknown, GraphqlContext> = (value) => {
  const name = (value as { __typename?: unknown } | null)?.__typename;
  return typeof name === 'string' ? name : undefined;
};

function fieldResolver(table: Map<string, FieldResolver>): GraphQLFieldResolver<unknown, GraphqlContext> {
  return (source, args, ctx, info) => {
    const own = table.get(`${info.parentType.name}.${info.fieldName}`);
    if (own) return own(source, args, ctx, info);
    if (source && typeof source === 'object' && info.fieldName in source)
      return (source as Record<string, unknown>)[info.fieldName];
    throw new NotModelledError(info.parentType.name, info.fieldName);
  };
}

export async function answerGraphql(ctx: Ctx): Promise<Reply> {
  if (!ctx.token) {
    throw error(401, 'This endpoint requires you to be authenticated.');
  }
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (typeof body.query !== 'string' || !body.query)
    return refused([{ message: 'A query attribute must be specified and must be a string.' }], 1);
  const variables = (body.variables && typeof body.variables === 'object' ? body.variables : {}) as Record<
    string,
    unknown
  >;
  let doc: DocumentNode;
  try {
    doc = parse(body.query);
  } catch (e) {
    const err = e as GraphQLError;
    return refused([{ message: err.message, locations: err.locations }], 1);
  }
  const schema = githubSchema();
  const invalid = validate(schema, doc);
  if (invalid.length) return refused(invalid.map(validationEntry), 1);
  const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
  const operation = operationOf(doc, operationName);
  if (!operation) return refused([{ message: 'An operation name is required' }], 1);

  const cost = operationCost(schema, doc, operation, variables);
  const problem = cost.problems[0];
  if (problem) {
    const type = problem.code === 'missingPaginationBoundaries' ? 'MISSING_PAGINATION_BOUNDARIES' : problem.code;
    return refused([{ type, message: problem.message, path: problem.path.length ? problem.path : undefined }], 1);
  }
  if (operation.operation !== 'query')
    return refused([{ type: 'NOT_MODELLED_BY_EMULATOR', message: `The emulator answers queries only` }], 1);

  // The request was counted once on arrival (server.ts); a query costs its points (at least 1).
  const bucket = ctx.limits.bucket(ctx.identity, 'graphql');
  if (bucket.used - 1 + cost.points > bucket.limit) {
    bucket.used = Math.max(bucket.used - 1, 0);
    const who = `${ctx.token.kind === 'user' ? 'user' : 'installation'} ID ${ctx.env.state.userId(ctx.token.login)}`;
    return refused([{ type: 'RATE_LIMITED', message: `API rate limit exceeded for ${who}.` }], 0);
  }
  bucket.used += cost.points - 1;

  const gqlCtx: GraphqlContext = {
    env: ctx.env,
    state: ctx.env.state,
    token: ctx.token,
    login: ctx.login,
    loadNode(id) {
      const m = /^([A-Z]+)_(.+)$/.exec(id);
      return m ? nodeLoaders().get(m[1])?.(m[2], gqlCtx) : undefined;
    },
  };
  const rootValue = { $cost: cost, $bucket: bucket, $limits: ctx.limits };
  const result = await execute({
    schema,
    document: doc,
    rootValue,
    contextValue: gqlCtx,
    variableValues: variables,
    operationName,
    fieldResolver: fieldResolver(resolverTable()),
    typeResolver: resolveType,
  });
  const answer: Record<string, unknown> = { data: result.data ?? null };
  if (result.errors?.length) answer.errors = result.errors.map(executionEntry);
  return { ...ok(answer), graphqlPoints: cost.points };
}
