// The commands of the README's "Try it locally": a dry run of each action against `npm run emulator`'s sample
// repository (add --apply for the real run), from a clone's root. The launcher prints them with its URL, and a test
// runs them and checks that the README shows the same.
import { SAMPLE_REPO, SAMPLE_TOKEN } from './local-emulator';

/** The default port of `npm run emulator`. */
export const DEFAULT_PORT = 7878;
/** What a workflow's checkout would hold (label file, triage rules, docs to commit, release files). */
export const TRY_WORKSPACE = 'scripts/emulator/workspace';
export const TRY_TOKEN = SAMPLE_TOKEN;

export interface TryCommand {
  action: string;
  /** The arguments after `node dist/cli/index.js`, for a dry run. */
  args: string[];
}

export function tryCommands(apiUrl: string): TryCommand[] {
  const common = ['--repo', SAMPLE_REPO, '--api-url', apiUrl, '--workspace', TRY_WORKSPACE];
  const input = (pairs: string[]) => pairs.flatMap((p) => ['--input', p]);
  return [
    { action: 'label-sync', args: ['label-sync', ...common] },
    {
      action: 'commit-files',
      args: [
        'commit-files',
        ...common,
        ...input([
          'paths=docs',
          'branch=docs/regenerated',
          'message=docs: regenerate',
          'pull-request-title=New docs',
          // The trial workspace is no git checkout: its base cannot be known, so commit it as it is.
          'on-unknown-base=overwrite',
        ]),
      ],
    },
    {
      action: 'release',
      args: ['release', ...common, ...input(['tag=v1.3.0', 'files=out/*', 'checksums=SHA256SUMS'])],
    },
    { action: 'triage', args: ['triage', ...common, '--event', 'schedule'] },
  ];
}

/** One argument as a POSIX shell reads it back: bare when it is plain, else single-quoted. */
export function shellWord(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The command line a person types (from the clone's root). */
export function commandLine(command: TryCommand, apply = false): string {
  return ['node', 'dist/cli/index.js', ...command.args, ...(apply ? ['--apply'] : [])].map(shellWord).join(' ');
}

/** The clones of the commit-files trial: two workflow runs that checked out the same commit of main. */
export const TRY_CLONES = { first: '/tmp/webapp-a', second: '/tmp/webapp-b' };

/**
 * commit-files as it runs in a workflow, from real clones (the emulator's git server at `gitUrl`): the base is the
 * clone's HEAD, so the default `on-unknown-base: fail` lets both runs through; the second finds main moved by the
 * first (a concurrent push) and applies its change three-way onto the new head. Shell lines, from the clone's root.
 */
export function cloneTryLines(apiUrl: string, gitUrl: string, clones = TRY_CLONES): string[] {
  const commit = (dir: string, path: string, message: string) =>
    commandLine(
      {
        action: 'commit-files',
        args: [
          'commit-files',
          '--repo',
          SAMPLE_REPO,
          '--api-url',
          apiUrl,
          '--workspace',
          dir,
          '--input',
          `paths=${path}`,
          '--input',
          `message=${message}`,
        ],
      },
      true,
    );
  const url = `${gitUrl}/${SAMPLE_REPO}.git`;
  return [
    `git clone -q ${url} ${shellWord(clones.first)}`,
    `git clone -q ${url} ${shellWord(clones.second)}`,
    `echo 'A line from the first run.' >> ${shellWord(`${clones.first}/README.md`)}`,
    `echo 'Notes from the second run.' > ${shellWord(`${clones.second}/NOTES.md`)}`,
    commit(clones.first, 'README.md', 'docs: a line from the first run'),
    commit(clones.second, 'NOTES.md', 'docs: notes from the second run'),
  ];
}
