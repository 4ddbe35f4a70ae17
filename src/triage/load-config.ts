// Where the triage config comes from: the workspace when the repository is checked out (no request), else the
// default branch through the contents API (one request); `.yml` finds its `.yaml` twin. Patterns are compiled
// while parsing, so a pattern RE2 cannot run is a ConfigError at its file and line before any other request.
import type { Client } from '../client/types';
import { ConfigError } from '../core/config-file';
import { readRepositoryConfig, readWorkspaceConfig } from '../core/config-source';
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
  /** No file is an empty config (the actions/stale step inputs alone configure the run). */
  optional = false,
): Promise<LoadedConfig> {
  const found = (await readWorkspaceConfig(workspace, path)) ?? (await readRepositoryConfig(client, repo, path));
  if (!found && optional) return { config: parseTriageConfig('', path), origin: `(none: ${path} does not exist)` };
  if (!found)
    throw ConfigError.forFile(
      path,
      `not found in the workspace (${workspace}) nor on the default branch of ${repo.owner}/${repo.repo}`,
    );
  return { config: parseTriageConfig(found.text, found.file), origin: found.origin };
}
