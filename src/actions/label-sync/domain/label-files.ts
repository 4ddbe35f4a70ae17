// Where the label files come from. `config` lists them one a line, in order:
// - `path` or a glob (`.github/labels/*.yml`): the workspace (globs sorted, never under `.git/`, contained in the
//   workspace), or, when `config-repository` or `config-ref` is set, that repository through the contents API;
// - `owner/name:path` or `owner/name@ref:path`: that repository through the contents API, whatever the inputs say
//   (the organisation-wide base file next to the repository's own one).
// Every file is read before anything is planned; a file that is missing, unreadable or invalid is a ConfigError.
import * as glob from '@actions/glob';
import { relative, sep } from 'node:path';
import type { Client } from '../../../github/client/types';
import { ConfigError } from '../../../kernel/config-file';
import { readRepositoryConfig, readWorkspaceConfig, type ConfigText } from '../../../kernel/config-source';
import { parseRepositoryName, repositoryNameProblem, type RepositoryName } from '../../../github/names';
import { quoteNothing } from '../../../kernel/workspace-paths';
import { parseLabelFile } from './config';
import type { LabelFile } from './overrides';

export interface LabelFileInputs {
  config: readonly string[];
  configRepository?: string;
  configRef?: string;
  /** The repository the workflow runs in (used with `config-ref` alone). */
  currentRepository: string;
  workspace: string;
}

type Source =
  | { kind: 'workspace'; pattern: string }
  | { kind: 'repository'; repository: RepositoryName; path: string; ref?: string; entry: string };

const GLOB = /[*?[\]{}]/;
/** `owner/name:path` or `owner/name@ref:path`: the part before the first `:` must be a repository name. */
const REMOTE = /^([^:@\s]+)(?:@([^:\s]+))?:(.+)$/;

function sourceOf(entry: string, inputs: LabelFileInputs): Source {
  const remote = REMOTE.exec(entry);
  if (remote && repositoryNameProblem(remote[1]) === undefined)
    return { kind: 'repository', repository: parseRepositoryName(remote[1]), ref: remote[2], path: remote[3], entry };
  if (inputs.configRepository || inputs.configRef) {
    const repository = parseRepositoryName(inputs.configRepository ?? inputs.currentRepository);
    return { kind: 'repository', repository, path: entry, ref: inputs.configRef, entry };
  }
  return { kind: 'workspace', pattern: entry };
}

async function readRemote(client: Client, source: Extract<Source, { kind: 'repository' }>): Promise<ConfigText> {
  const name = `${source.repository.owner}/${source.repository.repo}`;
  if (GLOB.test(source.path))
    throw ConfigError.forFile(source.entry, 'globs match workspace files only; name each file of a repository');
  const found = await readRepositoryConfig(client, source.repository, source.path, source.ref);
  if (!found)
    throw ConfigError.forFile(
      `${name}/${source.path}${source.ref ? `@${source.ref}` : ''}`,
      `not found (or ${name} is private and invisible to this token)`,
    );
  return found;
}

/** The workspace files a glob matches, sorted, none under `.git/` (the workspace reader keeps them contained). */
async function expand(workspace: string, pattern: string): Promise<string[]> {
  if (pattern.startsWith('!')) throw ConfigError.forFile(pattern, 'a negated glob cannot name a label file');
  const globber = await glob.create(`${workspace}/${pattern}`, {
    followSymbolicLinks: false,
    matchDirectories: false,
    implicitDescendants: false,
  });
  const files = (await globber.glob())
    .map((full) => relative(workspace, full))
    .filter((file) => file !== '' && !file.split(sep).includes('.git'));
  if (files.length === 0) throw ConfigError.forFile(pattern, 'the glob matches no file in the workspace');
  return files.sort();
}

async function readLocal(workspace: string, path: string): Promise<ConfigText> {
  const found = await readWorkspaceConfig(workspace, path);
  if (!found)
    throw ConfigError.forFile(
      path,
      'file not found in the workspace; check out the repository first, or name its repository (owner/name:path)',
    );
  return found;
}

/** Reads and parses every label file, in the order given (a glob's files in name order). */
export async function readLabelFiles(client: Client, inputs: LabelFileInputs): Promise<LabelFile[]> {
  const texts: ConfigText[] = [];
  for (const entry of inputs.config) {
    const source = sourceOf(entry, inputs);
    if (source.kind === 'repository') texts.push(await readRemote(client, source));
    else if (!GLOB.test(source.pattern)) texts.push(await readLocal(inputs.workspace, source.pattern));
    else
      for (const file of await expand(inputs.workspace, source.pattern))
        texts.push(await readLocal(inputs.workspace, file));
  }
  return texts.map((t) => ({
    file: t.origin,
    labels: quoteNothing({ file: t.origin, linked: t.linked }, () => parseLabelFile(t.text, t.origin)),
    ...(t.shadowed ? { shadowed: t.shadowed } : {}),
  }));
}
