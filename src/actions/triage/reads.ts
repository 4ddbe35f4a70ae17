// triage's REST reads and the shape of each answer (src/github/client/declared.ts): each call passes its declaration with
// the request (`request: declared(reads.item)`), which the client checks every page against. Its writes are in
// writes.ts; GraphQL documents carry their own shapes (queries/).
import { z } from 'zod';
import { defineReads } from '../../github/client/declared';

export const numbered = z.looseObject({ number: z.number() });
export const comment = z.looseObject({ id: z.number(), body: z.string().nullish() });
export const label = z.looseObject({ name: z.string(), color: z.string() });
export const reaction = z.looseObject({ id: z.number(), content: z.string() });

export const reads = defineReads({
  self: { route: 'GET /user', shape: z.looseObject({ login: z.string() }) },
  // 204 when the login may be assigned, 404 when not: the status is the answer.
  assignable: { route: 'GET /repos/{owner}/{repo}/assignees/{assignee}', shape: 'unread' },
  permission: {
    route: 'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
    shape: z.looseObject({ permission: z.string() }),
  },
  item: { route: 'GET /repos/{owner}/{repo}/issues/{issue_number}', shape: numbered },
  openItems: { route: 'GET /repos/{owner}/{repo}/issues', shape: z.array(numbered) },
  comments: { route: 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments', shape: z.array(comment) },
  comment: { route: 'GET /repos/{owner}/{repo}/issues/comments/{comment_id}', shape: comment },
  reactions: {
    route: 'GET /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions',
    shape: z.array(reaction),
  },
  events: {
    route: 'GET /repos/{owner}/{repo}/issues/{issue_number}/events',
    shape: z.array(z.looseObject({ event: z.string(), created_at: z.string() })),
  },
  labels: {
    route: 'GET /repos/{owner}/{repo}/labels',
    shape: z.array(label),
  },
  pull: {
    route: 'GET /repos/{owner}/{repo}/pulls/{pull_number}',
    shape: z.looseObject({ number: z.number(), head: z.looseObject({ ref: z.string() }) }),
  },
  pulls: { route: 'GET /repos/{owner}/{repo}/pulls', shape: z.array(numbered) },
  files: {
    route: 'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
    shape: z.array(z.looseObject({ filename: z.string() })),
  },
});
