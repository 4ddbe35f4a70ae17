// Starts the GitHub API emulator for a person (`npm run emulator`, `repo-actions emulator`): on a fixed port, with
// a scenario file or the sample repository, and describes what it serves: the URL, the tokens, the commands to try.
import { createEmulator, sampleScenario, type Emulator, type Scenario } from './local-emulator';
import { readScenarioFile } from './scenario-file';
import { cloneInto, startGitServer, type GitServer } from './git-http';
import { cloneTryLines, commandLine, DEFAULT_PORT, TRY_TOKEN, tryCommands } from './try-commands';

export interface LaunchOptions {
  /** 0 picks a free port. */
  port?: number;
  /** A JSON or YAML scenario (emulator/types.ts); absent: the sample repository acme/webapp. */
  scenarioFile?: string;
  /** Also `git clone` the first repository into this folder (which must not exist or be empty). */
  checkout?: string;
  /** The emulator's strict secondary limits (emulator/types.ts, `strictSecondary`) with their defaults. */
  strictSecondary?: boolean;
}

export interface Launched {
  emulator: Emulator;
  /** Git's smart HTTP for every repository (fetch only); on the API's port + 1 when that is fixed. */
  git: GitServer;
  /** What to print: the URL, the tokens, and (for the sample repository) the commands to try. */
  banner: string[];
}

function tokenLines(scenario: Scenario): string[] {
  const entries = Object.entries(scenario.tokens ?? {});
  const width = Math.max(...entries.map(([t]) => t.length));
  return entries.map(([token, seed]) => {
    const scopes = Object.entries(seed.permissions ?? {})
      .filter(([, level]) => level === 'write' || level === 'admin')
      .map(([scope]) => scope);
    const who =
      seed.kind === 'workflow'
        ? `workflow token of ${seed.repositories?.[0] ?? 'no repository'}`
        : seed.kind === 'installation'
          ? `App installation token (${seed.login ?? 'repo-actions[bot]'})`
          : `${seed.login ?? 'octocat'}'s personal token`;
    const writes = seed.permissions ? (scopes.length ? `, writes ${scopes.join(', ')}` : ', read-only') : '';
    return `  ${token.padEnd(width)}  ${who}${writes}`;
  });
}

export async function launchEmulator(options: LaunchOptions = {}): Promise<Launched> {
  const sample = options.scenarioFile === undefined;
  const scenario = sample ? sampleScenario() : readScenarioFile(options.scenarioFile!);
  const port = options.port ?? DEFAULT_PORT;
  let emulator: Emulator;
  try {
    emulator = await createEmulator(scenario, {
      port,
      latencyMs: 0,
      ...(options.strictSecondary ? { strictSecondary: true } : {}),
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new Error(`port ${port} is in use: pass --port <another> (0 picks a free one)`);
    throw err;
  }
  let git: GitServer;
  try {
    git = await startGitServer(emulator, port === 0 ? 0 : port + 1);
  } catch (err) {
    await emulator.close();
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new Error(`port ${port + 1} (git) is in use: pass --port <another> (0 picks free ones)`);
    throw err;
  }
  const first = `${scenario.repositories[0]!.owner}/${scenario.repositories[0]!.name}`;
  if (options.checkout !== undefined) await cloneInto(git, first, options.checkout);
  const repos = scenario.repositories.map((r) => `${r.owner}/${r.name}`).join(', ');
  const banner = [
    `GitHub API emulator at ${emulator.apiUrl} (uploads at ${emulator.uploadUrl})`,
    `Repositories: ${repos}${sample ? ' (the sample repository: labels, issues, pull requests, two releases)' : ''}`,
    `Git (clone and fetch; commits go through the API): git clone ${git.cloneUrl(first)}`,
    ...(options.checkout !== undefined ? [`Cloned ${first} into ${options.checkout}`] : []),
    ...(options.strictSecondary
      ? [
          'Strict secondary limits: per identity one write in flight, writes 1 s apart past a burst of 5, 60 a minute ' +
            '(a refusal answers 403 with retry-after)',
        ]
      : []),
    'Tokens:',
    ...tokenLines(scenario),
  ];
  if (sample) {
    banner.push(
      '',
      'Try each action from the clone, in another terminal (a dry run; add --apply to write):',
      `  export GITHUB_TOKEN=${TRY_TOKEN}`,
      ...tryCommands(emulator.apiUrl).map((c) => `  ${commandLine(c)}`),
      '',
      'commit-files from real clones, as in a workflow (two runs from one commit; the second goes three-way onto the first):',
      ...cloneTryLines(emulator.apiUrl, git.url).map((line) => `  ${line}`),
    );
  }
  return { emulator, git, banner };
}
