// Shared set-up of the commit-files end-to-end tests: one emulator per test, temporary workspaces, a run through
// the committed bundle, and views of the emulator's final branch (files with modes and text, first parents).
import { rmSync } from 'node:fs';
import { afterEach } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions, type Scenario } from '../../../emulator';
import { runBundle } from '../../../harness/run-bundle';
import { REPO, WORKFLOW_TOKEN, writeWorkspace, type LocalSeed } from '../../../emulator/scenarios/commit-files';

export interface Harness {
  emu(): Emulator;
  start(scenario: Scenario, options?: EmulatorOptions): Promise<Emulator>;
  /** Closes the emulator before the test ends (to start another one). */
  stop(): Promise<void>;
  ws(files: Record<string, LocalSeed>): string;
  /** A directory to remove after the test. */
  track(dir: string): string;
  run(
    inputs: Record<string, string | boolean>,
    workspace: string,
    extra?: Partial<Parameters<typeof runBundle>[1]>,
  ): ReturnType<typeof runBundle>;
}

/** Registers the after-each clean-up and returns the helpers of one test file. */
export function harness(): Harness {
  let emu: Emulator | undefined;
  const dirs: string[] = [];
  afterEach(async () => {
    await emu?.close();
    emu = undefined;
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const track = (dir: string) => {
    dirs.push(dir);
    return dir;
  };
  return {
    emu: () => emu!,
    async start(scenario, options = {}) {
      emu = await createEmulator(scenario, { timeScale: 0.01, ...options });
      return emu;
    },
    async stop() {
      await emu?.close();
      emu = undefined;
    },
    ws: (files) => track(writeWorkspace(files)),
    track,
    // A workspace written by a test holds no checkout: its runs overwrite unless a test asks otherwise. The
    // workflow's own token (`github.token`) is the scenario's workflow token whichever `token` a test passes.
    run: (inputs, workspace, extra = {}) =>
      runBundle('commit-files', {
        emulator: emu!,
        token: WORKFLOW_TOKEN,
        inputs: { 'on-unknown-base': 'overwrite', 'workflow-token': WORKFLOW_TOKEN, ...inputs },
        workspace,
        ...extra,
      }),
  };
}

/**
 * Extra options of a run whose GraphQL URL nothing listens on (the discard port: connection refused, a permanent
 * network failure): the action reads through REST by itself, the path these runs test.
 */
export const REST_ONLY = { env: { GITHUB_GRAPHQL_URL: 'http://127.0.0.1:9/graphql' } };

/** A request of the emulator's log is the GraphQL endpoint's (`/graphql`, GHES `/api/graphql`). */
export const isGraphql = (e: { path: string }) => /^\/(api\/)?graphql$/.test(e.path);

/** The branch's files: path → `mode text` (text of the blob, utf8). */
export function branchFiles(emu: Emulator, branch: string): Record<string, string> {
  const repo = emu.state.repo(REPO)!;
  const sha = emu.state.branchSha(REPO, branch);
  if (!sha) return {};
  const out: Record<string, string> = {};
  for (const [path, entry] of repo.filesAt(sha))
    out[path] = `${entry.mode} ${repo.objects.blob(entry.sha)?.toString('utf8') ?? `<${entry.sha}>`}`;
  return out;
}

/** The first-parent chain from the branch head back to (not including) `until`: the commits added since. */
export function commitsSince(emu: Emulator, branch: string, until: string | undefined): string[] {
  const out: string[] = [];
  let sha = emu.state.branchSha(REPO, branch);
  while (sha && sha !== until) {
    out.push(sha);
    sha = emu.state.commit(REPO, sha)?.parents[0];
    if (out.length > 1000) throw new Error('no end to the history');
  }
  if (until !== undefined && sha !== until) throw new Error(`${until} is not an ancestor of ${branch}`);
  return out;
}

export const errorsOf = (r: { annotations: { level: string; message: string }[]; stdout: string }) =>
  r.annotations
    .filter((a) => a.level === 'error')
    .map((a) => a.message)
    .join('\n') || r.stdout;

export const writesOf = (r: { requests: { method: string; path: string; status: number }[] }) =>
  r.requests
    .filter((e) => e.method !== 'GET' && !isGraphql(e))
    .map((e) => `${e.method} ${e.path.replace(`/repos/${REPO}`, '')} ${e.status}`);
