// Opening a file the scan selected, for hashing or sending: never through a symbolic link (`O_NOFOLLOW` on the last
// component) and only when it is still the very file the scan saw (same device and inode, so a folder swapped for
// a link to somewhere outside the workspace between the scan and the read is caught too).
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

export class FileChangedError extends Error {
  constructor(readonly path: string) {
    super(`${path} changed while it was being read; run again once nothing writes to it`);
    this.name = 'FileChangedError';
  }
}

/** Where the scan found the file (`lstat`'s device and inode). */
export interface FileIdentity {
  dev: number;
  ino: number;
}

const READ_NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/** Opens `path` for reading, refusing a symbolic link, anything but a regular file, or another file than `identity`. */
export async function openScannedFile(path: string, identity?: FileIdentity, displayPath = path): Promise<FileHandle> {
  const handle = await open(path, READ_NO_FOLLOW).catch((err: NodeJS.ErrnoException) => {
    // ELOOP: the path became a symbolic link since the scan.
    throw err.code === 'ELOOP' ? new FileChangedError(displayPath) : err;
  });
  try {
    const info = await handle.stat();
    if (!info.isFile() || (identity && (info.dev !== identity.dev || info.ino !== identity.ino)))
      throw new FileChangedError(displayPath);
    return handle;
  } catch (err) {
    await handle.close();
    throw err;
  }
}
