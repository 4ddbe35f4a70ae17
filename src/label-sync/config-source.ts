// Where the label file comes from: the workspace (the checked-out repository), or another repository or ref read
// through the contents API with the raw media type (one request; a repeat within the job is a free 304).
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { readRepoFile } from '../client/contents';
import type { Client } from '../client/types';
import { ConfigError } from '../core/config-file';
import { type LabelSpec, parseLabelFile } from './config';

export interface ConfigSource {
  /** Path of the file, relative to the workspace or to the root of `repository`. */
  path: string;
  /** `owner/name` to read through the API; undefined reads the workspace (unless `ref` is given). */
  repository?: string;
  ref?: string;
  /** The repository the workflow runs in (used with `ref` alone). */
  currentRepository: string;
  workspace: string;
}

export interface LoadedConfig {
  labels: LabelSpec[];
  /** Where the file was read from, for the log and the summary. */
  origin: string;
}

const fileMissing = (file: string, why: string) =>
  new ConfigError(file, [{ path: '', message: why, line: 0, column: 0 }]);

async function readWorkspace(source: ConfigSource): Promise<LoadedConfig> {
  const full = resolve(source.workspace, source.path);
  // Annotations point at files by their path in the repository.
  const file = isAbsolute(source.path) ? relative(source.workspace, full) || source.path : source.path;
  let text: string;
  try {
    text = await readFile(full, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw fileMissing(
      file,
      code === 'ENOENT'
        ? `file not found in the workspace (${full}); check out the repository first, or set config-repository`
        : `cannot read: ${(err as Error).message}`,
    );
  }
  return { labels: parseLabelFile(text, file), origin: file };
}

async function readRepository(client: Client, source: ConfigSource): Promise<LoadedConfig> {
  const repository = source.repository ?? source.currentRepository;
  const [owner, repo] = repository.split('/');
  const path = source.path.replace(/^\.?\//, '');
  const origin = `${repository}/${path}${source.ref ? `@${source.ref}` : ''}`;
  const found = await readRepoFile(client, { owner, repo, path, ref: source.ref || undefined });
  if (!found) throw fileMissing(origin, `not found (or ${repository} is private and invisible to this token)`);
  return { labels: parseLabelFile(found.text, origin), origin };
}

/** Reads and validates the label file; throws `ConfigError` (with file and line) on any problem. */
export async function loadLabelFile(client: Client, source: ConfigSource): Promise<LoadedConfig> {
  return source.repository || source.ref ? readRepository(client, source) : readWorkspace(source);
}
