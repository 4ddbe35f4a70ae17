// Shared set-up of the label-sync end-to-end tests: one emulator per test (closed after it), a run of the bundle
// with a label file in the workspace, and readers of the emulator's final state. The bundle reads the labels through
// the emulator's GraphQL (the default path); `start(…, { graphql: false })` gives it a GraphQL URL nothing listens
// on, so it reads through REST by itself (for the tests of the REST list and its 304s).
import { afterEach } from 'vitest';
import {
  createEmulator,
  type Emulator,
  type EmulatorOptions,
  type LogEntry,
  type RepoSeed,
  type Scenario,
} from '../../../emulator';
import { runBundle } from '../../../harness/run-bundle';
import {
  type FileLabel,
  labelFile,
  labelMap,
  scenarioOf,
  WORKFLOW_TOKEN,
} from '../../../emulator/scenarios/label-sync';

export const CONFIG = '.github/labels.yml';

export const writesOf = (r: { requests: LogEntry[] }) => r.requests.filter((e) => e.contentCreating);

/** GraphQL requests (the label lists read through GraphQL). */
export const graphqlOf = (r: { requests: LogEntry[] }) => r.requests.filter((e) => /\/graphql$/.test(e.path));

/** A GraphQL URL nothing listens on: connection refused, a permanent network failure, so the run reads through REST. */
export const REST_ONLY_ENV = { GITHUB_GRAPHQL_URL: 'http://127.0.0.1:9/graphql' };

/** octo/app with the labels `bug` and `defect` (an alias of it in the merge tests) and `issues`. */
export const bugAndDefect = (issues: RepoSeed['issues'] = []): RepoSeed => ({
  owner: 'octo',
  name: 'app',
  labels: [
    { name: 'bug', color: 'd73a4a' },
    { name: 'defect', color: 'ff0000' },
  ],
  issues,
});

export function labelSyncHarness() {
  const h = {
    emu: undefined as Emulator | undefined,
    graphql: true,
    async start(
      repositories: RepoSeed[] | Scenario,
      { graphql = true, ...options }: EmulatorOptions & { graphql?: boolean } = {},
    ) {
      h.graphql = graphql;
      h.emu = await createEmulator(Array.isArray(repositories) ? scenarioOf(repositories) : repositories, {
        timeScale: 0.01,
        ...options,
      });
      return h.emu;
    },
    run(
      file: string | FileLabel[],
      inputs: Record<string, string | boolean | number | string[]> = {},
      token = WORKFLOW_TOKEN,
    ) {
      return runBundle('label-sync', {
        emulator: h.emu!,
        token,
        inputs,
        workspace: { [CONFIG]: typeof file === 'string' ? file : labelFile(file) },
        ...(h.graphql ? {} : { env: REST_ONLY_ENV }),
      });
    },
    labels: (repo = 'octo/app') => labelMap(h.emu!.state.repo(repo)!.labels),
    names: (repo: string) =>
      h
        .emu!.state.repo(repo)!
        .labels.map((l) => l.name)
        .sort(),
    issueLabels: (n: number, repo = 'octo/app') =>
      h
        .emu!.state.repo(repo)!
        .issues.get(n)!
        .labels.map((l) => l.name)
        .sort(),
  };
  afterEach(async () => {
    await h.emu?.close();
    h.emu = undefined;
  });
  return h;
}
