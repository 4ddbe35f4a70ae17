// The command line's cache (the ETag cache and the write history that make a repeated dry run nearly free) lives in
// the user's cache directory. It holds API responses, so it must be private: mode 0700, the user's own, and never a
// symbolic link (which could point it at a directory that someone else controls or can read).
import { mkdirSync } from 'node:fs';
import { privateDirectoryProblem } from '../../github/client/private-dir';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export const CACHE_FOLDER = 'repo-actions';

/** `$XDG_CACHE_HOME/repo-actions` when that is an absolute path (the XDG rule), else `~/.cache/repo-actions`. */
export function cacheDirectory(env: NodeJS.ProcessEnv, home: string = homedir()): string {
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.cache'), CACHE_FOLDER);
}

export class CacheDirectoryError extends Error {}

/**
 * Creates the directory (0700) or checks the one that exists (the client's `privateDirectoryProblem`): a symbolic
 * link, something that is not a directory, a directory owned by another user, or one reached through a folder that
 * someone else may write to is refused; a directory of ours with a wider mode is narrowed to 0700. `uid` is the user
 * the files must belong to (the current one; a parameter for tests).
 */
export function preparePrivateDirectory(path: string, uid: number | undefined = process.getuid?.()): string {
  mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
  const problem = privateDirectoryProblem(path, uid);
  if (problem) throw new CacheDirectoryError(`refusing the cache directory ${problem}`);
  return path;
}
