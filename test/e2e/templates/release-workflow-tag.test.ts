// The last step of .github/workflows/release.yml, run as the runner would (bash with a gh stand-in) against the
// emulator: it creates the major-version tag the first time, moves it (force) on the next release, and a re-run
// with the same commit changes nothing.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createEmulator, type Emulator, type Scenario } from '../../../emulator';
import { runStep, substitute, type Context } from './workflow-sim';

const TOKEN = 'ghs_release_job';
const scenario: Scenario = {
  tokens: {
    [TOKEN]: { kind: 'workflow', repositories: ['repo-actions/repo-actions'], permissions: { contents: 'write' } },
  },
  repositories: [
    {
      owner: 'repo-actions',
      name: 'repo-actions',
      branches: {
        main: { 'package.json': '{"version":"1.0.0"}\n' },
        next: { 'package.json': '{"version":"1.1.0"}\n' },
      },
    },
  ],
};

const workflow = parse(readFileSync('.github/workflows/release.yml', 'utf8'));
const step = workflow.jobs.release.steps.find((s: any) => typeof s.run === 'string' && s.run.includes('$MAJOR'));

let emu: Emulator;
beforeAll(async () => {
  emu = await createEmulator(scenario, { latencyMs: 0 });
});
afterAll(async () => {
  await emu.close();
});

const REPO = 'repo-actions/repo-actions';
const tagSha = () => emu.state.repo(REPO)!.refs.get('refs/tags/v1');

async function moveMajorTag(sha: string) {
  const context: Context = { github: { token: TOKEN }, steps: { version: { outputs: { major: 'v1' } } } };
  const env = Object.fromEntries(
    Object.entries(step.env as Record<string, string>).map(([k, v]) => [k, substitute(v, context)]),
  );
  return runStep(step.run, { ...env, GITHUB_REPOSITORY: REPO, GITHUB_SHA: sha }, emu.apiUrl);
}

describe('release.yml: moving the major-version tag', () => {
  it('creates v1 at the released commit, then moves it to the next release', async () => {
    const first = emu.state.branchSha(REPO, 'main')!;
    const created = await moveMajorTag(first);
    expect(created.code, created.stderr).toBe(0);
    expect(tagSha()).toBe(first);

    const next = emu.state.branchSha(REPO, 'next')!;
    const moved = await moveMajorTag(next);
    expect(moved.code, moved.stderr).toBe(0);
    expect(tagSha()).toBe(next);
    expect(moved.stdout).toContain(`v1 now points at ${next}.`);

    const again = await moveMajorTag(next);
    expect(again.code, again.stderr).toBe(0);
    expect(tagSha()).toBe(next);
  });

  it('fails loudly when the API refuses', async () => {
    emu.faults.respond({ method: 'PATCH', path: '/repos/repo-actions/repo-actions/git/refs/tags/v1', status: 403 });
    const r = await moveMajorTag(emu.state.branchSha(REPO, 'main')!);
    emu.faults.clear();
    expect(r.code).not.toBe(0);
    expect(r.stdout).not.toContain('now points at');
  });
});
