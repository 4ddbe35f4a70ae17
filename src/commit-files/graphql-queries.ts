// commit-files' GraphQL documents (src/commit-files/queries/*.graphql) sent through the shared client, each answer
// with the points it cost (the client's telemetry: the answer's `rateLimit.cost`, else the document's cost), and
// the answers' shapes as this action reads them (zod): what does not fit is not data.
import { z } from 'zod';
import type { Client } from '../client/types';
import { sendQuery, type QueryAnswer } from '../core/graphql-query';
import { gqlEntriesSchema } from './graphql-tree';
import { commitFilesBranch, commitFilesTree } from './queries/documents';

export type { QueryAnswer };

export interface BranchQueries {
  branch(variables: { owner: string; name: string; qualifiedName: string; checkout: string }): Promise<QueryAnswer>;
  tree(variables: { owner: string; name: string; oid: string }): Promise<QueryAnswer>;
  /** Why GraphQL cannot serve `points` now (no endpoint, its budget spent), or undefined. */
  refuse(points: number): string | undefined;
}

export function branchQueries(client: Client): BranchQueries {
  return {
    branch: (variables) => sendQuery(client, commitFilesBranch, variables),
    tree: (variables) => sendQuery(client, commitFilesTree, variables),
    refuse: (points) => client.graphqlUnavailable(points)?.message,
  };
}

const oid = z.string().regex(/^[0-9a-f]{40}$/);

export const BranchAnswer = z.object({
  repository: z
    .object({
      isEmpty: z.boolean(),
      defaultBranchRef: z.object({ name: z.string().min(1) }).nullable(),
      ref: z
        .object({
          compare: z
            .object({
              status: z.enum(['AHEAD', 'BEHIND', 'DIVERGED', 'IDENTICAL']),
              aheadBy: z.number().int().nonnegative(),
              behindBy: z.number().int().nonnegative(),
            })
            .nullable(),
          target: z.object({
            __typename: z.string(),
            oid,
            tree: z.object({ oid, entries: gqlEntriesSchema.nullable() }).optional(),
          }),
        })
        .nullable(),
    })
    .nullable(),
});

export const TreeAnswer = z.object({
  repository: z
    .object({
      object: z.object({ __typename: z.string(), oid, entries: gqlEntriesSchema.nullish() }).nullable(),
    })
    .nullable(),
});
