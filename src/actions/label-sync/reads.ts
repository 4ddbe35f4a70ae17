// label-sync's REST reads and the shape of each answer (src/github/client/declared.ts): each call passes its declaration
// with the request (`request: declared(reads.labels)`), which the client checks every page against. Its writes
// are in writes.ts; GraphQL documents carry their own shapes (queries/).
import { z } from 'zod';
import { defineReads } from '../../github/client/declared';

export const label = z.looseObject({ name: z.string(), color: z.string() });
const numbered = z.looseObject({ number: z.number() });

export const reads = defineReads({
  labels: { route: 'GET /repos/{owner}/{repo}/labels', shape: z.array(label) },
  label: { route: 'GET /repos/{owner}/{repo}/labels/{name}', shape: label },
  issues: { route: 'GET /repos/{owner}/{repo}/issues', shape: z.array(numbered) },
});
