// Where the triage config comes from: the workspace when the repository is checked out (no request);
// otherwise the default branch through the contents API with the raw media type (one request).
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { readRepoFile } from '../client/contents';
import type { Client } from '../client/types';
import { ConfigError } from '../core/config-file';
import { parseTriageConfig, type TriageConfig } from './config';
import type { RepoRef } from './reader';

export interface LoadedConfig {
  config: TriageConfig;
  /** Where it was read from, for the log. */
  origin: string;
}

export async function loadTriageConfig(
  client: Client,
  repo: RepoRef,
  path: string,
  workspace: string,
): Promise<LoadedConfig> {
  const full = resolve(workspace, path);
  const file = isAbsolute(path) ? relative(workspace, full) || path : path;
  let text: string | undefined;
  try {
    text = await readFile(full, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new ConfigError(file, [
        { path: '', message: `cannot read: ${(err as Error).message}`, line: 0, column: 0 },
      ]);
  }
  if (text !== undefined) return { config: parseTriageConfig(text, file), origin: file };

  const apiPath = file.replace(/^\.?\//, '');
  const origin = `${repo.owner}/${repo.repo}/${apiPath}`;
  const found = await readRepoFile(client, { owner: repo.owner, repo: repo.repo, path: apiPath });
  if (!found)
    throw new ConfigError(file, [
      {
        path: '',
        message: `not found in the workspace (${full}) nor on the default branch of ${repo.owner}/${repo.repo}`,
        line: 0,
        column: 0,
      },
    ]);
  return { config: parseTriageConfig(found.text, file), origin };
}
