// Starts the GitHub API emulator for a person (`npm run emulator`, `repo-actions emulator`): on a fixed port, with
// a scenario file or the sample repository, and describes what it serves: the URL, the tokens, the commands to try.
import { createEmulator, sampleScenario, type Emulator, type Scenario } from './local-emulator';
import { readScenarioFile } from './scenario-file';
import { commandLine, DEFAULT_PORT, TRY_TOKEN, tryCommands } from './try-commands';

export interface LaunchOptions {
  /** 0 picks a free port. */
  port?: number;
  /** A JSON or YAML scenario (emulator/types.ts); absent: the sample repository acme/webapp. */
  scenarioFile?: string;
}

export interface Launched {
  emulator: Emulator;
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
    emulator = await createEmulator(scenario, { port, latencyMs: 0 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new Error(`port ${port} is in use: pass --port <another> (0 picks a free one)`);
    throw err;
  }
  const repos = scenario.repositories.map((r) => `${r.owner}/${r.name}`).join(', ');
  const banner = [
    `GitHub API emulator at ${emulator.apiUrl} (uploads at ${emulator.uploadUrl})`,
    `Repositories: ${repos}${sample ? ' (the sample repository: labels, issues, pull requests, two releases)' : ''}`,
    'Tokens:',
    ...tokenLines(scenario),
  ];
  if (sample) {
    banner.push(
      '',
      'Try each action from the clone, in another terminal (a dry run; add --apply to write):',
      `  export GITHUB_TOKEN=${TRY_TOKEN}`,
      ...tryCommands(emulator.apiUrl).map((c) => `  ${commandLine(c)}`),
    );
  }
  return { emulator, banner };
}
