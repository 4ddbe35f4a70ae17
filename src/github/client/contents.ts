// A file's text from a repository through the contents API, with the raw media type (one request; a
// repeat is a free 304 through the ETag cache). Used for config files kept in a repository.
import { z } from 'zod';
import { declared, defineReads } from './declared';
import { isStatus } from './errors';
import type { Client } from './types';

const entry = z.looseObject({ type: z.string(), path: z.string() });

/** The client's own read of a file. */
export const reads = defineReads({
  // The JSON form (a file object or a directory listing); the raw media type answers text and is not JSON.
  file: { route: 'GET /repos/{owner}/{repo}/contents/{path}', shape: z.union([entry, z.array(entry)]) },
});

export interface RepoFileRef {
  owner: string;
  repo: string;
  /** Relative to the repository root (a leading `./` or `/` is dropped). */
  path: string;
  /** Branch, tag or commit; the default branch when absent. */
  ref?: string;
}

export interface RepoFile {
  text: string;
  etag?: string;
}

/** The body as text: raw bytes or string, or the JSON form's base64 `content` from a server that ignored `raw`. */
export function contentsText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
  if (data && typeof data === 'object' && typeof (data as { content?: unknown }).content === 'string')
    return Buffer.from((data as { content: string }).content, 'base64').toString('utf8');
  throw new Error('the contents API answered with an unexpected body');
}

/** The file's text, or undefined when the file (or a repository invisible to the token) answers 404. */
export async function readRepoFile(client: Client, file: RepoFileRef): Promise<RepoFile | undefined> {
  try {
    const response = await client.octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
      owner: file.owner,
      repo: file.repo,
      path: file.path.replace(/^\.?\//, ''),
      ...(file.ref ? { ref: file.ref } : {}),
      headers: { accept: 'application/vnd.github.raw' },
      request: declared(reads.file),
    });
    const etag = typeof response.headers?.etag === 'string' ? response.headers.etag : undefined;
    return { text: contentsText(response.data), etag };
  } catch (err) {
    if (isStatus(err, 404)) return undefined;
    throw err;
  }
}
