// The kernel's REST reads and the shape of each answer (src/github/client/declared.ts): each call passes its declaration with
// the request (`request: declared(reads.ref)`).
import { z } from 'zod';
import { defineReads } from '../github/client/declared';

export const reads = defineReads({
  ref: {
    route: 'GET /repos/{owner}/{repo}/git/ref/{ref}',
    shape: z.looseObject({ ref: z.string(), object: z.looseObject({ sha: z.string(), type: z.string() }) }),
  },
});
