// triage's writes, the shape of each answer (src/github/client/declared.ts) and what happens to each when its answer
// is lost (src/github/client/write-rules.ts): each call passes its declaration with the request
// (`request: declared(writes.addLabels)`), and the docs' table is generated from here. Its reads are in reads.ts.
import { z } from 'zod';
import { defineWrites } from '../../github/client/write-rules';
import { label, numbered, comment, reaction } from './reads';

export const writes = defineWrites({
  createLabel: {
    route: 'POST /repos/{owner}/{repo}/labels',
    shape: label,
    afterLostAnswer: 'repeat',
    why: '422 already_exists on a repeat: the label is there, the goal is reached (client repeats, action treats 422 as done)',
  },
  addLabels: {
    route: 'POST /repos/{owner}/{repo}/issues/{issue_number}/labels',
    shape: z.array(label),
    afterLostAnswer: 'repeat',
    why: 'adding a label twice is a no-op (client)',
  },
  removeLabel: {
    route: 'DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
    shape: 'unread',
    afterLostAnswer: 'repeat',
    why: '404 on a repeat means done (client repeats, action treats 404 as done)',
  },
  addAssignees: {
    route: 'POST /repos/{owner}/{repo}/issues/{issue_number}/assignees',
    shape: numbered,
    afterLostAnswer: 'repeat',
    why: 'set-like (client)',
  },
  removeAssignees: {
    route: 'DELETE /repos/{owner}/{repo}/issues/{issue_number}/assignees',
    shape: 'unread',
    afterLostAnswer: 'repeat',
    why: 'set-like (client)',
  },
  updateIssue: {
    route: 'PATCH /repos/{owner}/{repo}/issues/{issue_number}',
    shape: numbered,
    afterLostAnswer: 'repeat',
    why: 'sets fields to given values (closes or reopens) (client)',
  },
  comment: {
    route: 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
    shape: comment,
    afterLostAnswer: 'caller',
    why: 'sent once; the action reads the item’s comments for its marker before any repeat (action)',
  },
  react: {
    route: 'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions',
    shape: reaction,
    afterLostAnswer: 'repeat',
    why: 'GitHub answers 200 with the existing reaction on a repeat (client)',
  },
  deleteBranch: {
    route: 'DELETE /repos/{owner}/{repo}/git/refs/{+ref}',
    shape: 'unread',
    afterLostAnswer: 'repeat',
    why: '422 "Reference does not exist" on a repeat means it is gone: done (client repeats, action treats it as done)',
  },
});
