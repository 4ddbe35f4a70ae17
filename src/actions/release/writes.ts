// release's writes, the shape of each answer (src/github/client/declared.ts) and what happens to each when its answer
// is lost (src/github/client/write-rules.ts): each call passes its declaration with the request
// (`request: declared(writes.createRelease)`), and the docs' table is generated from here. Its reads are in reads.ts.
import { z } from 'zod';
import { defineWrites } from '../../github/client/write-rules';
import { release, asset } from './reads';

export const writes = defineWrites({
  createRelease: {
    route: 'POST /repos/{owner}/{repo}/releases',
    shape: release,
    afterLostAnswer: 'caller',
    why: 'a repeat could make a second draft: the action lists releases before a second create (action)',
  },
  updateRelease: {
    route: 'PATCH /repos/{owner}/{repo}/releases/{release_id}',
    shape: release,
    afterLostAnswer: 'repeat',
    why: 'sets fields to given values (client)',
  },
  deleteRelease: {
    route: 'DELETE /repos/{owner}/{repo}/releases/{release_id}',
    shape: 'unread',
    afterLostAnswer: 'repeat',
    why: '404 on a repeat means done (client repeats, action treats 404 as done)',
  },
  generateNotes: {
    route: 'POST /repos/{owner}/{repo}/releases/generate-notes',
    shape: z.looseObject({ name: z.string(), body: z.string() }),
    afterLostAnswer: 'repeat',
    why: 'writes nothing (client)',
  },
  // Sent to the release's `upload_url` (uploads.<host> or /api/uploads), not to a route string of the API.
  uploadAsset: {
    route: 'POST /repos/{owner}/{repo}/releases/{release_id}/assets',
    shape: asset,
    afterLostAnswer: 'caller',
    why: 'a stream cannot be replayed: the action lists assets, keeps a complete same-digest one, deletes a `starter` and uploads again (action)',
  },
  updateAsset: {
    route: 'PATCH /repos/{owner}/{repo}/releases/assets/{asset_id}',
    shape: asset,
    afterLostAnswer: 'repeat',
    why: 'sets fields to given values (client)',
  },
  deleteAsset: {
    route: 'DELETE /repos/{owner}/{repo}/releases/assets/{asset_id}',
    shape: 'unread',
    afterLostAnswer: 'repeat',
    why: '404 on a repeat means done (client repeats, action treats 404 as done)',
  },
});
