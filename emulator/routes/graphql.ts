// GitHub's GraphQL endpoint: `POST /graphql` (GHES: `/api/graphql`, mapped in ghes.ts), on its own primary budget
// (resource `graphql`); the answer comes from emulator/graphql/ (execute.ts).
import { answerGraphql } from '../graphql/execute';
import type { Route } from '../http';

export const graphqlRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/graphql',
    resource: 'graphql',
    handler: answerGraphql,
  },
];
