// label-sync's writes, the shape of each answer (src/github/client/declared.ts) and what happens to each when its answer
// is lost (src/github/client/write-rules.ts): each call passes its declaration with the request
// (`request: declared(writes.createLabel)`), and the docs' table is generated from here. Its reads are in reads.ts.
import { z } from 'zod';
import { defineWrites } from '../../github/client/write-rules';
import { label } from './reads';

export const writes = defineWrites({
  createLabel: {
    route: 'POST /repos/{owner}/{repo}/labels',
    shape: label,
    afterLostAnswer: 'repeat',
    why: '422 already_exists → the action reads the label and patches it only if different (client repeats, action reconciles)',
  },
  updateLabel: {
    route: 'PATCH /repos/{owner}/{repo}/labels/{name}',
    shape: label,
    afterLostAnswer: 'repeat',
    why: 'idempotent; 404 after a rename that went through → the action re-reads (client repeats, action re-reads)',
  },
  deleteLabel: {
    route: 'DELETE /repos/{owner}/{repo}/labels/{name}',
    shape: 'unread',
    afterLostAnswer: 'repeat',
    why: '404 on a repeat means done (client repeats, action treats 404 as done)',
  },
  addLabels: {
    route: 'POST /repos/{owner}/{repo}/issues/{issue_number}/labels',
    shape: z.array(label),
    afterLostAnswer: 'repeat',
    why: 'adding a label twice is a no-op (client)',
  },
});
