// sha256 of a file, streamed: memory stays constant whatever the file size.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

/** Read-ahead of file streams (the default 64 KiB makes hashing a large file needlessly slow). */
export const FILE_CHUNK_BYTES = 1024 * 1024;

/** Hex sha256 of the file's bytes, read as a stream. */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path, { highWaterMark: FILE_CHUNK_BYTES }), hash);
  return hash.digest('hex');
}

/** Hex sha256 of a string or buffer. */
export function sha256Text(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Fills in the sha256 of the named assets that have a file and no digest yet (files read one after another). */
export async function hashAssets<T extends { name: string; path?: string; sha256?: string }>(
  assets: T[],
  names: ReadonlySet<string>,
): Promise<T[]> {
  const out: T[] = [];
  for (const asset of assets) {
    if (names.has(asset.name) && asset.path && !asset.sha256)
      out.push({ ...asset, sha256: await sha256File(asset.path) });
    else out.push(asset);
  }
  return out;
}
