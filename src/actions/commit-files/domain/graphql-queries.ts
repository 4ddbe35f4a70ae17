// commit-files' GraphQL documents (src/actions/commit-files/queries/*.graphql) sent through the shared client, each answer
// with the points it cost (the client's telemetry: the answer's `rateLimit.cost`, else the document's cost). Each
// answer is its document's generated type, checked by the client against the document's shape.
import type { Client } from '../../../github/client/types';
import { sendQuery, type QueryAnswer } from '../../../github/graphql/query';
import {
  commitFilesBranch,
  commitFilesTree,
  type CommitFilesBranchData,
  type CommitFilesTreeData,
} from '../queries/documents';

export type { QueryAnswer };

/** What an answered query cost (told also when its answer was refused: it was paid for). */
export type Paid = (points: number) => void;

export interface BranchQueries {
  branch(
    variables: { owner: string; name: string; qualifiedName: string; checkout: string },
    paid: Paid,
  ): Promise<QueryAnswer<CommitFilesBranchData>>;
  tree(variables: { owner: string; name: string; oid: string }, paid: Paid): Promise<QueryAnswer<CommitFilesTreeData>>;
  /** Why GraphQL cannot serve `points` now (no endpoint, its budget spent), or undefined. */
  refuse(points: number): string | undefined;
}

export function branchQueries(client: Client): BranchQueries {
  return {
    branch: (variables, paid) => sendQuery(client, commitFilesBranch, variables, paid),
    tree: (variables, paid) => sendQuery(client, commitFilesTree, variables, paid),
    refuse: (points) => client.graphqlUnavailable(points)?.message,
  };
}
