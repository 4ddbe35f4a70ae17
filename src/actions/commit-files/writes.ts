// commit-files' writes, the shape of each answer (src/github/client/declared.ts) and what happens to each when its answer
// is lost (src/github/client/write-rules.ts): each call passes its declaration with the request
// (`request: declared(writes.createTree)`), and the docs' table is generated from here. Its reads are in reads.ts.
import { defineWrites } from '../../github/client/write-rules';
import { gitRef, sha, numbered } from './reads';

export const writes = defineWrites({
  createBlob: {
    route: 'POST /repos/{owner}/{repo}/git/blobs',
    shape: sha,
    afterLostAnswer: 'repeat',
    why: 'content-addressed: the same bytes give the same sha (client)',
  },
  createTree: {
    route: 'POST /repos/{owner}/{repo}/git/trees',
    shape: sha,
    afterLostAnswer: 'repeat',
    why: 'content-addressed (client)',
  },
  createCommit: {
    route: 'POST /repos/{owner}/{repo}/git/commits',
    shape: sha,
    afterLostAnswer: 'repeat',
    why: 'content-addressed given the same parents, tree, author and date; an orphan commit is harmless (client)',
  },
  createRef: {
    route: 'POST /repos/{owner}/{repo}/git/refs',
    shape: gitRef,
    afterLostAnswer: 'repeat',
    why: '422 "Reference already exists" on a repeat: the action re-reads the ref (client repeats, action re-reads)',
  },
  updateRef: {
    route: 'PATCH /repos/{owner}/{repo}/git/refs/{+ref}',
    shape: gitRef,
    afterLostAnswer: 'repeat',
    why: 'the same sha again is a no-op; 422 "not a fast forward" → the action re-reads the ref and re-plans (client repeats, action re-reads)',
  },
  deleteRef: {
    route: 'DELETE /repos/{owner}/{repo}/git/refs/{+ref}',
    shape: 'unread',
    afterLostAnswer: 'repeat',
    why: '422 "Reference does not exist" on a repeat means it is gone: done (client repeats, action treats it as done)',
  },
  createTag: {
    route: 'POST /repos/{owner}/{repo}/git/tags',
    shape: sha,
    afterLostAnswer: 'repeat',
    why: 'a tag object is content-addressed; a second one only differs by its date and stays unreferenced (client)',
  },
  requestReviewers: {
    route: 'POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers',
    shape: numbered,
    afterLostAnswer: 'repeat',
    why: 'adds to a set: requesting the same reviewers again changes nothing (client)',
  },
  updateIssue: {
    route: 'PATCH /repos/{owner}/{repo}/issues/{issue_number}',
    shape: numbered,
    afterLostAnswer: 'repeat',
    why: 'sets fields to given values (client)',
  },
  createPull: {
    route: 'POST /repos/{owner}/{repo}/pulls',
    shape: numbered,
    afterLostAnswer: 'repeat',
    why: 'GitHub refuses a second open pull request for the same head and base (422 "A pull request already exists"): the action then finds the open one (client repeats, action finds)',
  },
  updatePull: {
    route: 'PATCH /repos/{owner}/{repo}/pulls/{pull_number}',
    shape: numbered,
    afterLostAnswer: 'repeat',
    why: 'sets fields to given values (client)',
  },
});
