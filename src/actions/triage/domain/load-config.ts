// Where the triage config comes from: the workspace when the repository is checked out (no request), else the
// default branch through the contents API (one request); `.yml` finds its `.yaml` twin. Patterns are compiled
// while parsing, so a pattern RE2 cannot run is a ConfigError at its file and line before any other request.
import type { Client } from '../../../github/client/types';
import { ConfigError } from '../../../kernel/config-file';
import { readRepositoryConfig, readWorkspaceConfig } from '../../../kernel/config-source';
import { quoteNothing } from '../../../kernel/workspace-paths';
import { parseTriageConfig, type TriageConfig } from './config';
import { labelerFile } from './labeler';
import { labelerLabelOrigins, mergedOrigins } from './label-origins';
import type { RepoRef } from './reader';

export interface LoadedConfig {
  config: TriageConfig;
  /** Where it was read from, for the log. */
  origin: string;
  /** No file was found (an optional config: the config is empty). */
  missing?: true;
  /** An actions/labeler file's rules were added. */
  labeler?: true;
}

/** The error of a config file that exists neither in the workspace nor on the default branch. */
export function missingConfigError(path: string, workspace: string, repo: RepoRef): ConfigError {
  return ConfigError.forFile(
    path,
    `not found in the workspace (${workspace}) nor on the default branch of ${repo.owner}/${repo.repo}`,
  );
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
  if (!found && optional)
    return { config: parseTriageConfig('', path), origin: `(none: ${path} does not exist)`, missing: true };
  if (!found) throw missingConfigError(path, workspace, repo);
  const config = quoteNothing(found, () => parseTriageConfig(found.text, found.file));
  return { config, origin: found.origin };
}

/** actions/labeler's default config file. */
export const LABELER_DEFAULT_PATH = '.github/labeler.yml';

/**
 * The config with an actions/labeler file's rules added: the file at `path` (an error when missing), or, without
 * a path, `.github/labeler.yml` when it exists (asked for by a labeler workflow: run.ts decides when).
 */
export async function withLabelerRules(
  client: Client,
  repo: RepoRef,
  loaded: LoadedConfig,
  workspace: string,
  labeler: { path?: string; sync: boolean; warn?: (message: string) => void },
): Promise<LoadedConfig> {
  const path = labeler.path ?? LABELER_DEFAULT_PATH;
  const found = (await readWorkspaceConfig(workspace, path)) ?? (await readRepositoryConfig(client, repo, path));
  if (!found) {
    if (labeler.path) throw missingConfigError(path, workspace, repo);
    return loaded;
  }
  const { rules, limits, changedFilesLabels } = quoteNothing(
    found,
    (warn) => labelerFile(found.text, found.file, labeler.sync, warn),
    labeler.warn,
  );
  const origins = quoteNothing(found, () => labelerLabelOrigins(found.text, found.file));
  return {
    config: {
      ...loaded.config,
      rules: [...loaded.config.rules, ...rules],
      labeler: { limits, changedFilesLabels },
      labelOrigins: mergedOrigins(loaded.config.labelOrigins, origins),
    },
    labeler: true,
    origin: `${loaded.origin} with the actions/labeler file ${found.origin}`,
  };
}
