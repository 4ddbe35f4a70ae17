// A blob upload streamed from disk: the JSON body `{"encoding":"base64","content":"…"}` is produced chunk by
// chunk while the file is read, so memory stays flat whatever the file's size. The body is an async iterable
// that starts a fresh read each time it is iterated, so the client can replay it on a retry.
import { declared } from '../../../github/client/declared';
import { writes } from '../writes';
import { readlink } from 'node:fs/promises';
import { z } from 'zod';
import type { Client } from '../../../github/client/types';
import { FileChangedError } from './git-hash';
import type { LocalFile } from './local';
import { openScannedFile } from './scanned-file';

/**
 * Bytes read at a time into one reused buffer: a multiple of 3 (no padding inside the content), and small enough
 * that each base64 piece (64 KiB) is a short-lived young-generation string, so nothing piles up before a GC.
 */
const CHUNK = 3 * 16 * 1024;
const PREFIX = '{"encoding":"base64","content":"';
const SUFFIX = '"}';

/** Reads a file into one reused buffer and yields the base64 of each piece. */
async function* base64OfFile(file: LocalFile): AsyncGenerator<string> {
  const handle = await openScannedFile(file.absPath, file.identity, file.path);
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    let filled = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, CHUNK - filled, null);
      filled += bytesRead;
      const eof = bytesRead === 0;
      if (filled === CHUNK || eof) {
        const whole = eof ? filled : filled - (filled % 3);
        if (whole > 0) yield buffer.toString('base64', 0, whole);
        buffer.copyWithin(0, whole, filled);
        filled -= whole;
      }
      if (eof) return;
    }
  } finally {
    await handle.close();
  }
}

/**
 * The request body for `POST /git/blobs`. Each iteration reads the content afresh, so the client can replay the
 * body on a retry. Pieces are strings (ASCII), written to the socket as they come.
 */
export class Base64JsonBody implements AsyncIterable<string> {
  constructor(
    private readonly base64: () => AsyncIterable<string>,
    readonly size: number,
  ) {}

  /** The body's exact length in bytes. */
  get length(): number {
    return PREFIX.length + 4 * Math.ceil(this.size / 3) + SUFFIX.length;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    yield PREFIX;
    yield* this.base64();
    yield SUFFIX;
  }
}

export function fileBody(file: LocalFile): Base64JsonBody {
  if (file.mode === '120000') {
    return new Base64JsonBody(async function* () {
      yield (await readlink(file.absPath, { encoding: 'buffer' })).toString('base64');
    }, file.size);
  }
  return new Base64JsonBody(() => base64OfFile(file), file.size);
}

const blobSchema = z.object({ sha: z.string() });

/** Uploads one file as a blob; fails when GitHub's id differs from the one computed (the file changed meanwhile). */
export async function uploadBlob(client: Client, owner: string, repo: string, file: LocalFile): Promise<string> {
  // The typed route wants `content`; the streamed body goes in `data`, which Octokit sends as is.
  const request = client.octokit.request as unknown as (
    route: string,
    params: Record<string, unknown>,
  ) => Promise<{ data: unknown }>;
  const body = fileBody(file);
  // A streamed body: the client sends it with backpressure, and replays it on a retry (it can be iterated again).
  const res = await request('POST /repos/{owner}/{repo}/git/blobs', {
    request: declared(writes.createBlob),
    owner,
    repo,
    data: body,
    // The exact length is known: no chunked framing.
    headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
  });
  const { sha } = blobSchema.parse(res.data);
  if (sha !== file.sha) throw new FileChangedError(file.path);
  return sha;
}
