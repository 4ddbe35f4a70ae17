// crazy-max/ghaction-github-labeler's and EndBug/label-sync's inputs under their own names, with their meaning, so a
// workflow switches by changing `uses:` (see src/kernel/peer-inputs.ts). Evidence: ghaction-github-labeler v6
// (action.yml; src/context.ts: `skip-delete` and `dry-run` through `getBooleanInput`, `exclude` split at newlines
// and commas) and EndBug/label-sync v2 (action.yml; src/index.ts: `config-file` one path or URL a line,
// `delete-other-labels` must be `true` or `false`, `source-repo` copies another repository's labels).
import { PeerValueError, type PeerAlias, type PeerGap, type PeerNames } from '../../../kernel/peer-inputs';

export const GHACTION_LABELER = 'crazy-max/ghaction-github-labeler';
export const ENDBUG_LABEL_SYNC = 'EndBug/label-sync';

const TRUE = ['true', 'True', 'TRUE'];
const FALSE = ['false', 'False', 'FALSE'];

/** `skip-delete` is `prune` turned around (read as `getBooleanInput` reads it; another value stays for ours to refuse). */
function notSkipDelete(raw: string): string {
  const value = raw.trim();
  if (TRUE.includes(value)) return 'false';
  if (FALSE.includes(value)) return 'true';
  throw new PeerValueError(`must be true or false, got "${value.slice(0, 80)}"`);
}

/**
 * EndBug's `config-file` lines: a path stays a path; a raw.githubusercontent.com address becomes `owner/name@ref:path`
 * (read through the contents API); another address is refused, naming it (this action reads no arbitrary URL).
 */
export function configFileLines(raw: string): string {
  return raw
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      if (!/^https?:\/\//i.test(line)) return line;
      const m = /^https:\/\/raw\.githubusercontent\.com\/([\w.-]+)\/([\w.-]+)\/([^/\s]+)\/([^\s?#]+)$/.exec(line);
      if (!m)
        throw new PeerValueError(
          `"${line.slice(0, 120)}" is an address; label files are read from the workspace or from a repository: write it as owner/name@ref:path.`,
        );
      return `${m[1]}/${m[2]}@${m[3]}:${m[4]}`;
    })
    .join('\n');
}

const ALIASES: PeerAlias[] = [
  { peer: GHACTION_LABELER, name: 'github-token', input: 'token' },
  { peer: GHACTION_LABELER, name: 'yaml-file', input: 'config' },
  {
    peer: GHACTION_LABELER,
    name: 'skip-delete',
    input: 'prune',
    convert: notSkipDelete,
    note: 'the opposite: `false` is `prune: true`',
  },
  {
    peer: ENDBUG_LABEL_SYNC,
    name: 'config-file',
    input: 'config',
    convert: configFileLines,
    note: 'a raw.githubusercontent.com address is read as `owner/name@ref:path`',
  },
  { peer: ENDBUG_LABEL_SYNC, name: 'delete-other-labels', input: 'prune' },
];

const GAPS: PeerGap[] = [
  {
    peer: ENDBUG_LABEL_SYNC,
    name: 'source-repo',
    reason:
      "labels are read from label files, not copied from another repository's labels: export them once " +
      '(`gh label list -R owner/name --json name,color,description > .github/labels.json`) and name that file in `config`.',
    accepts: (raw) => raw === '',
  },
  {
    peer: ENDBUG_LABEL_SYNC,
    name: 'request-token',
    reason: 'one token (`token`) reads the label files of other repositories and writes the labels.',
    accepts: (raw) => raw === '',
  },
];

/** The peers' names for the label-sync inputs. */
export function labelSyncPeers(): PeerNames {
  return { aliases: ALIASES, gaps: GAPS };
}
