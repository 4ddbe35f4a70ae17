// The one reader of configuration files (label files, triage.yml): from the workspace when the repository is
// checked out (no request), or from a repository through the contents API with the raw media type (one request;
// a repeat within the job, or in the service, is a free 304 through the client's ETag cache).
// A `.yml` path also finds its `.yaml` twin and the reverse. Workspace paths stay inside the workspace.
import { readFile, realpath } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { readRepoFile } from '../github/client/contents';
import type { Client } from '../github/client/types';
import { ConfigError } from './config-file';
import type { RepositoryName } from '../github/names';
import { messageOf } from './words';
import { containedPath, insideOf, realWorkspace, underGit } from './workspace-paths';

export interface ConfigText {
  text: string;
  /** The path to name in messages and annotations (relative to the workspace or the repository root). */
  file: string;
  /** Where it was read from, for the log: `path` or `owner/name/path@ref`. */
  origin: string;
  /** The contents API's ETag (API reads only). */
  etag?: string;
  /** The twin (`x.yaml` beside `x.yml`) that also exists and was not read (workspace reads only). */
  shadowed?: string;
  /**
   * Reached through a link (workspace reads only): a problem with its text is said by position only, quoting
   * nothing (`quoteNothing` in kernel/workspace-paths.ts, which every parser of a ConfigText runs under).
   */
  linked?: true;
}

/** `x.yml` → [`x.yml`, `x.yaml`]; `x.yaml` → [`x.yaml`, `x.yml`]; anything else → [itself]. */
export function configPathCandidates(path: string): string[] {
  if (/\.yml$/i.test(path)) return [path, path.replace(/\.yml$/i, '.yaml')];
  if (/\.yaml$/i.test(path)) return [path, path.replace(/\.yaml$/i, '.yml')];
  return [path];
}

/** A config file is a file inside the workspace (never the workspace itself) and outside `.git/`, as written. */
function insideWorkspace(workspace: string, full: string): boolean {
  const rel = insideOf(workspace, full);
  return rel !== undefined && rel !== '' && !underGit(rel);
}

const LINK_PROBLEM: Partial<Record<string, string>> = {
  outside: 'the file is a link to outside the workspace',
  git: 'the file is a link into .git/, which is never read',
};

/** Another candidate of `path` than the one read that exists in the workspace (both `x.yml` and `x.yaml`). */
async function existingTwin(root: string, path: string, read: string): Promise<string | undefined> {
  for (const other of configPathCandidates(path)) {
    if (other === read) continue;
    const full = resolve(root, other);
    if (
      insideWorkspace(root, full) &&
      (await realpath(full).then(
        () => true,
        () => false,
      ))
    )
      return relative(root, full) || other;
  }
  return undefined;
}

/**
 * The file from the workspace, or undefined when neither it nor its twin exists there. A path that leaves the
 * workspace (by `..`, an absolute path or a symlink) is a ConfigError.
 */
export async function readWorkspaceConfig(workspace: string, path: string): Promise<ConfigText | undefined> {
  const root = await realWorkspace(workspace);
  for (const candidate of configPathCandidates(path)) {
    const full = resolve(root, candidate);
    const file = relative(root, full) || candidate;
    if (insideOf(root, full) === undefined) throw ConfigError.forFile(candidate, 'the path leaves the workspace');
    if (!insideWorkspace(root, full))
      throw ConfigError.forFile(file, 'the path is not a file of the workspace outside .git/');
    // The one containment rule (kernel/workspace-paths.ts): realpath, inside the workspace, not into .git/.
    const found = await containedPath(root, root, candidate);
    if (!found.ok) {
      if (found.reason === 'missing') continue;
      throw ConfigError.forFile(file, LINK_PROBLEM[found.reason] ?? found.problem);
    }
    try {
      const text = await readFile(found.path, 'utf8');
      const shadowed = await existingTwin(root, path, candidate);
      return { text, file, origin: file, ...(shadowed ? { shadowed } : {}), ...(found.linked ? { linked: true } : {}) };
    } catch (err) {
      throw ConfigError.forFile(file, `cannot read: ${messageOf(err)}`);
    }
  }
  return undefined;
}

/** The file from a repository (its default branch unless `ref`), or undefined when neither it nor its twin exists. */
export async function readRepositoryConfig(
  client: Client,
  repository: RepositoryName,
  path: string,
  ref?: string,
): Promise<ConfigText | undefined> {
  for (const candidate of configPathCandidates(path.replace(/^\.?\//, ''))) {
    const found = await readRepoFile(client, { owner: repository.owner, repo: repository.repo, path: candidate, ref });
    if (!found) continue;
    const origin = `${repository.owner}/${repository.repo}/${candidate}${ref ? `@${ref}` : ''}`;
    return { text: found.text, file: candidate, origin, ...(found.etag ? { etag: found.etag } : {}) };
  }
  return undefined;
}
