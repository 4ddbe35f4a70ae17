// release's REST reads and the shape of each answer (src/github/client/declared.ts): each call passes its declaration with
// the request (`request: declared(reads.byTag)`), which the client checks every page against. Its writes are in
// writes.ts; GraphQL documents carry their own shapes (queries/).
import { z } from 'zod';
import { defineReads } from '../../github/client/declared';

export const release = z.looseObject({
  id: z.number(),
  tag_name: z.string(),
  draft: z.boolean(),
  upload_url: z.string(),
});
export const asset = z.looseObject({ id: z.number(), name: z.string(), state: z.string() });

export const reads = defineReads({
  repository: {
    route: 'GET /repos/{owner}/{repo}',
    shape: z.looseObject({ full_name: z.string(), default_branch: z.string() }),
  },
  releases: { route: 'GET /repos/{owner}/{repo}/releases', shape: z.array(release) },
  latest: { route: 'GET /repos/{owner}/{repo}/releases/latest', shape: release },
  byTag: { route: 'GET /repos/{owner}/{repo}/releases/tags/{tag}', shape: release },
  byId: { route: 'GET /repos/{owner}/{repo}/releases/{release_id}', shape: release },
  assets: { route: 'GET /repos/{owner}/{repo}/releases/{release_id}/assets', shape: z.array(asset) },
});
