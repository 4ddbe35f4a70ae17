// action-templates/release-after-ci.yml under the workflow_run events of its triggering CI runs: a successful CI
// run of a pushed version tag releases it; a branch push whose name looks like a tag (v2.x, vendor-lib, even a
// branch named exactly like a tag on another commit) releases nothing; an API failure fails the job loudly.
// The `tag` job's condition and its bash step run as the runner would (workflow-sim.ts) against the emulator.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createEmulator, type Emulator, type Scenario } from '../../../emulator';
import { isTrue, runStep, substitute, type Context } from './workflow-sim';

const template = parse(readFileSync('action-templates/release-after-ci.yml', 'utf8'));
const TOKEN = 'ghs_release_workflow';
const USER = 'ghp_maintainer';

const scenario: Scenario = {
  tokens: {
    [TOKEN]: { kind: 'workflow', repositories: ['octo/app'], permissions: { contents: 'read' } },
    [USER]: { kind: 'user', login: 'octo' },
  },
  repositories: [
    {
      owner: 'octo',
      name: 'app',
      branches: {
        main: { 'README.md': '# app\n' },
        'v2.x': { 'src/a.ts': 'maintenance\n' },
        'vendor-lib': { 'lib/x.ts': 'vendored\n' },
        'v3.0.0': { 'src/b.ts': 'a branch named like a tag\n' },
      },
    },
  ],
};

let emu: Emulator;
const sha = (branch: string) => emu.state.branchSha('octo/app', branch)!;

async function api(method: string, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${emu.apiUrl}/repos/octo/app/${path}`, {
    method,
    headers: { authorization: `Bearer ${USER}`, 'user-agent': 'test', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res.json();
}

beforeAll(async () => {
  emu = await createEmulator(scenario, { latencyMs: 0 });
  // A lightweight tag on main, an annotated one on v2.x, and a tag v3.0.0 on main beside the branch v3.0.0.
  await api('POST', 'git/refs', { ref: 'refs/tags/v2.0.0', sha: sha('main') });
  const annotated = await api('POST', 'git/tags', {
    tag: 'v2.1.0',
    message: 'v2.1.0',
    object: sha('v2.x'),
    type: 'commit',
  });
  await api('POST', 'git/refs', { ref: 'refs/tags/v2.1.0', sha: annotated.sha });
  await api('POST', 'git/refs', { ref: 'refs/tags/v3.0.0', sha: sha('main') });
});
afterAll(async () => {
  await emu.close();
});

interface Trigger {
  headBranch: string;
  headSha: string;
  event?: string;
  conclusion?: string;
}

/** What the template does for one completed CI run: the tag it releases, or undefined; the step's exit code. */
async function simulate(t: Trigger): Promise<{ released?: string; code: number; log: string }> {
  const context: Context = {
    github: {
      token: TOKEN,
      repository: 'octo/app',
      event: {
        workflow_run: {
          id: 42,
          head_branch: t.headBranch,
          head_sha: t.headSha,
          event: t.event ?? 'push',
          conclusion: t.conclusion ?? 'success',
        },
      },
    },
  };
  const tagJob = template.jobs.tag;
  if (!isTrue(tagJob.if, context)) return { code: 0, log: 'tag job skipped' };
  const step = tagJob.steps.find((s: any) => s.id === 'tag');
  expect(step.shell).toBe('bash');
  const env = Object.fromEntries(
    Object.entries(step.env as Record<string, string>).map(([k, v]) => [k, substitute(v, context)]),
  );
  const r = await runStep(step.run, env, emu.apiUrl);
  const needs = { needs: { tag: { outputs: { tag: r.outputs.tag ?? '' } } } };
  const release = template.jobs.release;
  expect(release.needs).toBe('tag');
  const released = r.code === 0 && isTrue(release.if, needs) ? r.outputs.tag : undefined;
  return { released, code: r.code, log: r.stdout + r.stderr };
}

describe('release-after-ci.yml', () => {
  it('releases a pushed lightweight tag whose CI passed', async () => {
    const r = await simulate({ headBranch: 'v2.0.0', headSha: sha('main') });
    expect(r.code, r.log).toBe(0);
    expect(r.released).toBe('v2.0.0');
  });

  it('releases a pushed annotated tag (its tag object peeled to the commit)', async () => {
    const r = await simulate({ headBranch: 'v2.1.0', headSha: sha('v2.x') });
    expect(r.code, r.log).toBe(0);
    expect(r.released).toBe('v2.1.0');
  });

  it('a push of the branch v2.x starts no release', async () => {
    const r = await simulate({ headBranch: 'v2.x', headSha: sha('v2.x') });
    expect(r.code, r.log).toBe(0);
    expect(r.released).toBeUndefined();
    expect(r.log).toContain('not a version tag name');
  });

  it('a push of the branch vendor-lib starts no release', async () => {
    const r = await simulate({ headBranch: 'vendor-lib', headSha: sha('vendor-lib') });
    expect(r.code, r.log).toBe(0);
    expect(r.released).toBeUndefined();
  });

  it('a push of a branch named like an existing tag (v3.0.0, the tag on another commit) starts no release', async () => {
    const r = await simulate({ headBranch: 'v3.0.0', headSha: sha('v3.0.0') });
    expect(r.code, r.log).toBe(0);
    expect(r.released).toBeUndefined();
    expect(r.log).toContain('not on the run');
  });

  it('a version-like name with no tag at all starts no release', async () => {
    const r = await simulate({ headBranch: 'v9.9.9', headSha: sha('main') });
    expect(r.code, r.log).toBe(0);
    expect(r.released).toBeUndefined();
    expect(r.log).toContain('No tag v9.9.9');
  });

  it('a failed CI run, or one of a pull request, skips the job', async () => {
    expect(await simulate({ headBranch: 'v2.0.0', headSha: sha('main'), conclusion: 'failure' })).toEqual({
      code: 0,
      log: 'tag job skipped',
    });
    expect(
      (await simulate({ headBranch: 'v2.0.0', headSha: sha('main'), event: 'pull_request' })).released,
    ).toBeUndefined();
  });

  it('an API failure fails the job instead of deciding "no release"', async () => {
    emu.faults.respond({ method: 'GET', path: '/repos/octo/app/git/matching-refs/tags/v2.0.0', status: 502, times: 1 });
    const r = await simulate({ headBranch: 'v2.0.0', headSha: sha('main') });
    expect(r.code).not.toBe(0);
    expect(r.released).toBeUndefined();
    emu.faults.clear();
  });

  it('passes the checked tag to the release action', () => {
    const step = template.jobs.release.steps.find((s: any) => String(s.uses).includes('actions/release'));
    expect(step.with.tag).toBe('${{ needs.tag.outputs.tag }}');
  });
});
