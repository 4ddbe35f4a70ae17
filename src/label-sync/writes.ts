// label-sync's writes and what happens to each when its answer is lost (src/client/write-rules.ts): each call passes
// its rule with the request (`request: ruleOf(writes.createLabel)`), and the docs' table is generated from here.
import { defineWrites } from '../client/write-rules';

export const writes = defineWrites({
  createLabel: {
    route: 'POST /repos/{owner}/{repo}/labels',
    afterLostAnswer: 'repeat',
    why: '422 already_exists → the action reads the label and patches it only if different (client repeats, action reconciles)',
  },
  updateLabel: {
    route: 'PATCH /repos/{owner}/{repo}/labels/{name}',
    afterLostAnswer: 'repeat',
    why: 'idempotent; 404 after a rename that went through → the action re-reads (client repeats, action re-reads)',
  },
  deleteLabel: {
    route: 'DELETE /repos/{owner}/{repo}/labels/{name}',
    afterLostAnswer: 'repeat',
    why: '404 on a repeat means done (client repeats, action treats 404 as done)',
  },
  addLabels: {
    route: 'POST /repos/{owner}/{repo}/issues/{issue_number}/labels',
    afterLostAnswer: 'repeat',
    why: 'adding a label twice is a no-op (client)',
  },
});
