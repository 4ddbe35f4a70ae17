// Git blob ids (sha1 of `blob <size>\0` + bytes), computed from a file streamed in chunks so memory does not
// grow with its size. The same pass tells whether the bytes are text that can go inline in a tree request.
import { createHash } from 'node:crypto';
import { FileChangedError, openScannedFile, type FileIdentity } from './scanned-file';

export interface BlobDigest {
  /** The git blob id (40 hex). */
  sha: string;
  size: number;
  /** Valid UTF-8 without NUL bytes (checked only up to `textCheckMax` bytes; larger files report false). */
  text: boolean;
}

const CHUNK = 1 << 20;

export function blobHeader(size: number): Buffer {
  return Buffer.from(`blob ${size}\0`, 'utf8');
}

/** Tracks whether a byte stream is valid UTF-8 without NUL. */
export class TextDetector {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private ok = true;

  push(chunk: Uint8Array): void {
    if (!this.ok) return;
    if (chunk.includes(0)) {
      this.ok = false;
      return;
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.ok = false;
    }
  }

  finish(): boolean {
    if (!this.ok) return false;
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}

export function isText(bytes: Uint8Array): boolean {
  const detector = new TextDetector();
  detector.push(bytes);
  return detector.finish();
}

export function hashBytes(bytes: Uint8Array): BlobDigest {
  const sha = createHash('sha1').update(blobHeader(bytes.length)).update(bytes).digest('hex');
  return { sha, size: bytes.length, text: isText(bytes) };
}

export { FileChangedError } from './scanned-file';

/** Hashes a regular file from disk, read in 1 MiB pieces into one reused buffer (no garbage per piece). */
export async function hashFile(
  path: string,
  textCheckMax = Infinity,
  displayPath = path,
  identity?: FileIdentity,
): Promise<BlobDigest> {
  const handle = await openScannedFile(path, identity, displayPath);
  try {
    const { size } = await handle.stat();
    const hash = createHash('sha1').update(blobHeader(size));
    const detector = size <= textCheckMax ? new TextDetector() : undefined;
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(1, size)));
    let read = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      const piece = buffer.subarray(0, bytesRead);
      hash.update(piece);
      detector?.push(piece);
      read += bytesRead;
    }
    if (read !== size) throw new FileChangedError(displayPath);
    return { sha: hash.digest('hex'), size, text: detector ? detector.finish() : false };
  } finally {
    await handle.close();
  }
}
