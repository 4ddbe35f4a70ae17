// How many decoded bytes an API answer may have. An answer is read as a stream and counted while it is decompressed,
// so a small gzip body that expands without end (1 MB → 1 GiB) is stopped at the cap instead of filling memory.
// A too-large answer is not a transient fault: it fails at once, naming the route, and is not retried.
//
// The cap travels with the request, like its shape (declared.ts): a declaration whose route carries whole files
// raises it with `maxAnswerBytes` (a blob holds a file of up to 100 MB, base64-encoded in its JSON, about 134 MiB:
// the Git database docs, "Get a blob": "supports blobs up to 100 megabytes in size"; FILE_ANSWER_MAX_BYTES). So the
// client keeps no table of routes; every answer of a request that raises nothing has the default cap, the answers of
// a followed redirect or a next page included (they carry the same request options).
import type { RequestPolicy } from './types';

const MIB = 1024 * 1024;

/** The cap of any answer whose declaration raises none. */
export const DEFAULT_ANSWER_MAX_BYTES = 32 * MIB;

/** The cap for a route that answers a whole file of up to 100 MB (base64 in JSON, or raw). */
export const FILE_ANSWER_MAX_BYTES = 140 * MIB;

/** The cap of one request's answers: its declaration's, else the default. */
export function answerMaxBytes(policy: Pick<RequestPolicy, 'answer'> | undefined): number {
  const raised = policy?.answer?.maxBytes;
  return raised !== undefined && Number.isSafeInteger(raised) && raised > 0 ? raised : DEFAULT_ANSWER_MAX_BYTES;
}
