// Every write the actions and the service make, and what happens when its answer is lost (a 5xx or a broken
// connection after the request may have run). `repeat`: the client retries it, because a repeat cannot do
// harm (content-addressed objects, set-like additions) or because its failure mode is handled by the caller
// (`already_exists`, 404). `caller`: the client does not retry; the caller reads the state before any repeat.

import { routeMatcher } from './route-match';

export type LostAnswerRule = 'repeat' | 'caller';

export interface WriteRule {
  route: string;
  afterLostAnswer: LostAnswerRule;
  /** What makes a second try safe, and who implements it. */
  why: string;
}

export const WRITE_RULES: readonly WriteRule[] = [
  {
    route: 'POST /repos/{owner}/{repo}/git/blobs',
    afterLostAnswer: 'repeat',
    why: 'content-addressed: the same bytes give the same sha (client)',
  },
  { route: 'POST /repos/{owner}/{repo}/git/trees', afterLostAnswer: 'repeat', why: 'content-addressed (client)' },
  {
    route: 'POST /repos/{owner}/{repo}/git/commits',
    afterLostAnswer: 'repeat',
    why: 'content-addressed given the same parents, tree, author and date; an orphan commit is harmless (client)',
  },
  {
    route: 'POST /repos/{owner}/{repo}/git/refs',
    afterLostAnswer: 'repeat',
    why: '422 "Reference already exists" on a repeat: the action re-reads the ref (client repeats, action re-reads)',
  },
  {
    route: 'PATCH /repos/{owner}/{repo}/git/refs/{+ref}',
    afterLostAnswer: 'repeat',
    why: 'the same sha again is a no-op; 422 "not a fast forward" → the action re-reads the ref and re-plans (client repeats, action re-reads)',
  },
  {
    route: 'POST /app/hook/deliveries/{delivery_id}/attempts',
    afterLostAnswer: 'repeat',
    why: 'a second redelivery carries the same X-GitHub-Delivery, which the receiver stores once (client)',
  },
  {
    route: 'POST /graphql',
    afterLostAnswer: 'repeat',
    why: 'a query reads: reading again is harmless; a mutation document is sent once unless its caller marks it repeatable (client)',
  },
  {
    route: 'POST /repos/{owner}/{repo}/git/tags',
    afterLostAnswer: 'repeat',
    why: 'a tag object is content-addressed; a second one only differs by its date and stays unreferenced (client)',
  },
  {
    route: 'DELETE /repos/{owner}/{repo}/git/refs/{+ref}',
    afterLostAnswer: 'repeat',
    why: '422 "Reference does not exist" on a repeat means it is gone: done (client repeats, action treats it as done)',
  },
  {
    route: 'POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers',
    afterLostAnswer: 'repeat',
    why: 'adds to a set: requesting the same reviewers again changes nothing (client)',
  },
  {
    route: 'POST /repos/{owner}/{repo}/labels',
    afterLostAnswer: 'repeat',
    why: '422 already_exists → the action reads the label and patches it only if different (client repeats, action reconciles)',
  },
  {
    route: 'PATCH /repos/{owner}/{repo}/labels/{name}',
    afterLostAnswer: 'repeat',
    why: 'idempotent; 404 after a rename that went through → the action re-reads (client repeats, action re-reads)',
  },
  {
    route: 'DELETE /repos/{owner}/{repo}/labels/{name}',
    afterLostAnswer: 'repeat',
    why: '404 on a repeat means done (client repeats, action treats 404 as done)',
  },
  {
    route: 'POST /repos/{owner}/{repo}/issues/{issue_number}/labels',
    afterLostAnswer: 'repeat',
    why: 'adding a label twice is a no-op (client)',
  },
  {
    route: 'DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
    afterLostAnswer: 'repeat',
    why: '404 on a repeat means done (client repeats, action treats 404 as done)',
  },
  {
    route: 'POST /repos/{owner}/{repo}/issues/{issue_number}/assignees',
    afterLostAnswer: 'repeat',
    why: 'set-like (client)',
  },
  {
    route: 'DELETE /repos/{owner}/{repo}/issues/{issue_number}/assignees',
    afterLostAnswer: 'repeat',
    why: 'set-like (client)',
  },
  {
    route: 'PATCH /repos/{owner}/{repo}/issues/{issue_number}',
    afterLostAnswer: 'repeat',
    why: 'sets fields to given values (client)',
  },
  {
    route: 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
    afterLostAnswer: 'caller',
    why: 'sent once; the action reads the item’s comments for its marker before any repeat (action)',
  },
  {
    route: 'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions',
    afterLostAnswer: 'repeat',
    why: 'GitHub answers 200 with the existing reaction on a repeat (client)',
  },
  {
    route: 'POST /repos/{owner}/{repo}/pulls',
    afterLostAnswer: 'repeat',
    why: 'GitHub refuses a second open pull request for the same head and base (422 "A pull request already exists"): the action then finds the open one (client repeats, action finds)',
  },
  {
    route: 'PATCH /repos/{owner}/{repo}/pulls/{pull_number}',
    afterLostAnswer: 'repeat',
    why: 'sets fields to given values (client)',
  },
  {
    route: 'POST /repos/{owner}/{repo}/releases',
    afterLostAnswer: 'caller',
    why: 'a repeat could make a second draft: the action lists releases before a second create (action)',
  },
  {
    route: 'PATCH /repos/{owner}/{repo}/releases/{release_id}',
    afterLostAnswer: 'repeat',
    why: 'sets fields to given values (client)',
  },
  {
    route: 'DELETE /repos/{owner}/{repo}/releases/{release_id}',
    afterLostAnswer: 'repeat',
    why: '404 on a repeat means done (client repeats, action treats 404 as done)',
  },
  {
    route: 'POST /repos/{owner}/{repo}/releases/generate-notes',
    afterLostAnswer: 'repeat',
    why: 'writes nothing (client)',
  },
  {
    route: 'POST /repos/{owner}/{repo}/releases/{release_id}/assets',
    afterLostAnswer: 'caller',
    why: 'a stream cannot be replayed: the action lists assets, keeps a complete same-digest one, deletes a `starter` and uploads again (action)',
  },
  {
    route: 'PATCH /repos/{owner}/{repo}/releases/assets/{asset_id}',
    afterLostAnswer: 'repeat',
    why: 'sets fields to given values (client)',
  },
  {
    route: 'DELETE /repos/{owner}/{repo}/releases/assets/{asset_id}',
    afterLostAnswer: 'repeat',
    why: '404 on a repeat means done (client repeats, action treats 404 as done)',
  },
  {
    route: 'POST /app/installations/{installation_id}/access_tokens',
    afterLostAnswer: 'repeat',
    why: 'a second token is harmless; the first expires unused (client)',
  },
];

const matchWrite = routeMatcher(WRITE_RULES.map((r) => r.route));
const byRoute = new Map(WRITE_RULES.map((r) => [r.route, r]));

/** The rule of a write; undefined for a route the table does not know (then the client repeats it). */
export function writeRuleOf(method: string, route: string, path: string): WriteRule | undefined {
  const key = matchWrite(method, route, path);
  return key ? byRoute.get(key) : undefined;
}
