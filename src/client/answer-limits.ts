// How many decoded bytes an API answer may have. An answer is read as a stream and counted while it is decompressed,
// so a small gzip body that expands without end (1 MB → 1 GiB) is stopped at the cap instead of filling memory.
// A too-large answer is not a transient fault: it fails at once, naming the route, and is not retried.
import { routeMatcher } from './route-match';

const MIB = 1024 * 1024;

/** The cap of any answer whose route is not raised below. */
export const DEFAULT_ANSWER_MAX_BYTES = 32 * MIB;

/**
 * Routes whose answers can legitimately be larger. A blob can hold a file of up to 100 MB, base64-encoded in its
 * JSON (about 134 MiB): the Git database docs ("Get a blob": "supports blobs up to 100 megabytes in size"); the
 * contents of a file in its raw media type can be as large ("Get repository content", 1–100 MB with `raw`).
 */
const RAISED: Record<string, number> = {
  'GET /repos/{owner}/{repo}/git/blobs/{file_sha}': 140 * MIB,
  'GET /repos/{owner}/{repo}/contents/{path}': 140 * MIB,
};

const match = routeMatcher(Object.keys(RAISED));

/** The cap of one request's answer (`route` as the caller named it, `path` the URL's path). */
export function answerMaxBytes(method: string, route: string, path: string): number {
  const key = match(method.toUpperCase(), route, path);
  return (key && RAISED[key]) || DEFAULT_ANSWER_MAX_BYTES;
}
