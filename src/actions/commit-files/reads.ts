// commit-files' REST reads and the shape of each answer (src/github/client/declared.ts): each call passes its declaration
// with the request (`request: declared(reads.tree)`), which the client checks every page against. Its writes are
// in writes.ts.
import { z } from 'zod';
import { defineReads } from '../../github/client/declared';

export const gitRef = z.looseObject({ ref: z.string(), object: z.looseObject({ sha: z.string(), type: z.string() }) });
export const sha = z.looseObject({ sha: z.string() });
const treeEntry = z.looseObject({ path: z.string(), mode: z.string(), type: z.string() });
export const numbered = z.looseObject({ number: z.number() });

export const reads = defineReads({
  repository: {
    route: 'GET /repos/{owner}/{repo}',
    shape: z.looseObject({ full_name: z.string(), default_branch: z.string() }),
  },
  ref: { route: 'GET /repos/{owner}/{repo}/git/ref/{+ref}', shape: gitRef },
  matchingRefs: { route: 'GET /repos/{owner}/{repo}/git/matching-refs/{+ref}', shape: z.array(gitRef) },
  commit: {
    route: 'GET /repos/{owner}/{repo}/git/commits/{commit_sha}',
    shape: z.looseObject({ sha: z.string(), tree: sha }),
  },
  tree: {
    route: 'GET /repos/{owner}/{repo}/git/trees/{tree_sha}',
    shape: z.looseObject({ sha: z.string(), tree: z.array(treeEntry) }),
  },
  tag: {
    route: 'GET /repos/{owner}/{repo}/git/tags/{tag_sha}',
    shape: z.looseObject({ sha: z.string(), object: sha }),
  },
  compare: { route: 'GET /repos/{owner}/{repo}/compare/{+basehead}', shape: z.looseObject({ commits: z.array(sha) }) },
  pulls: { route: 'GET /repos/{owner}/{repo}/pulls', shape: z.array(z.looseObject({ number: z.number() })) },
  reviews: {
    route: 'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews',
    shape: z.array(z.looseObject({ id: z.number() })),
  },
});
