// Each action's standard scenario on github.com and on GitHub Enterprise Server with rate limiting off (the API
// under /api/v3, GraphQL at /api/graphql, uploads at /api/uploads, no x-ratelimit-* headers, /rate_limit 404):
// exit 0 in both, and the same final state.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions, type Scenario } from '../../../emulator';
import { runBundle, type RunOptions, type RunResult } from '../../../harness/run-bundle';
import { branchFiles } from '../commit-files/helpers';
import { scenarioA as commitScenarioA, writeWorkspace } from '../../../emulator/scenarios/commit-files';
import {
  labelFile,
  labelMap,
  scenarioA as labelScenarioA,
  scenarioOf as labelScenarioOf,
} from '../../../emulator/scenarios/label-sync';
import {
  fiveAssets,
  releaseScenario,
  workspaceWith,
  WORKFLOW_TOKEN as RELEASE_TOKEN,
} from '../../../emulator/scenarios/release';
import {
  EVENT_CONFIG,
  eventScenario,
  SWEEP_CONFIG,
  sweepScenario,
  TOKEN as TRIAGE_TOKEN,
  withoutPostToken,
} from '../../../emulator/scenarios/triage';

const GITHUB_COM: EmulatorOptions = { ghes: false, timeScale: 0.01 };
const GHES: EmulatorOptions = { ghes: true, rateLimiting: false, timeScale: 0.01 };

const open: Emulator[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

interface Standard {
  scenario: () => Scenario;
  run: (emu: Emulator) => Promise<RunResult>;
  /** The final state compared between the modes. */
  state: (emu: Emulator) => unknown;
}

async function runIn(options: EmulatorOptions, s: Standard) {
  const emu = await createEmulator(s.scenario(), options);
  open.push(emu);
  const r = await s.run(emu);
  return { emu, r, state: s.state(emu) };
}

function track(dir: string): string {
  dirs.push(dir);
  return dir;
}

/** What a GHES run must look like: no primary limit asked or reported, GraphQL (if any) at /api/graphql. */
function expectGhesRun(emu: Emulator, r: RunResult) {
  expect(emu.ghesVersion).toBeDefined();
  expect(r.env.GITHUB_API_URL).toBe(`${emu.serverUrl}/api/v3`);
  expect(r.env.GITHUB_GRAPHQL_URL).toBe(`${emu.serverUrl}/api/graphql`);
  expect(r.requests.every((e) => e.rateRemaining === undefined)).toBe(true);
  expect(r.requests.filter((e) => e.status >= 400 && e.path !== '/rate_limit')).toEqual([]);
  expect(r.summary).not.toMatch(/Budget (before|after)/);
}

async function both(s: Standard) {
  const com = await runIn(GITHUB_COM, s);
  expect(com.r.code, com.r.stdout).toBe(0);
  const ghes = await runIn(GHES, s);
  expect(ghes.r.code, ghes.r.stdout).toBe(0);
  expectGhesRun(ghes.emu, ghes.r);
  expect(ghes.state).toEqual(com.state);
  return { com, ghes };
}

const LABEL_REPO = 'octo/app';
const run = (name: string, emu: Emulator, o: Omit<RunOptions, 'emulator'>) => runBundle(name, { emulator: emu, ...o });

describe('each action on GHES with rate limiting off, compared with github.com', () => {
  it('label-sync: 60 labels, 22 changes, pruned', async () => {
    const a = labelScenarioA();
    const { ghes } = await both({
      scenario: () =>
        labelScenarioOf([
          { owner: 'octo', name: 'app', labels: a.labels, issues: [{ title: 'x', labels: ['prio-1'] }] },
        ]),
      run: (emu) =>
        run('label-sync', emu, {
          token: 'ghs_labelsync_workflow',
          inputs: { prune: true },
          workspace: { '.github/labels.yml': labelFile(a.file) },
        }),
      state: (emu) => {
        const repo = emu.state.repo(LABEL_REPO)!;
        return { labels: labelMap(repo.labels), issue: repo.issues.get(1)!.labels.map((l) => l.name) };
      },
    });
    expect(ghes.r.outputs).toMatchObject({ created: '7', updated: '10', renamed: '3', deleted: '2' });
    expect(ghes.r.stdout).toMatch(/no primary rate limit/);
  });

  it('commit-files: 200 changed files, 5 binaries, 3 deletions, a mode change in one commit', async () => {
    const a = commitScenarioA();
    const { ghes } = await both({
      scenario: () => a.scenario,
      run: (emu) =>
        run('commit-files', emu, {
          token: 'ghs_commitfiles_workflow',
          inputs: a.inputs,
          workspace: track(writeWorkspace(a.workspace)),
        }),
      state: (emu) => branchFiles(emu, 'main'),
    });
    expect(ghes.r.outputs).toMatchObject({ committed: 'true', 'files-deleted': '3' });
  });

  it('release: a new release with 5 assets and a discussion category (GraphQL)', async () => {
    const files = fiveAssets();
    const { ghes } = await both({
      scenario: () => releaseScenario(),
      run: (emu) =>
        run('release', emu, {
          token: RELEASE_TOKEN,
          ref: 'refs/tags/v1.0.0',
          event: { name: 'push', payload: { ref: 'refs/tags/v1.0.0' } },
          inputs: { files: 'dist/*.tar.gz', body: 'First release', 'discussion-category': 'Announcements' },
          workspace: track(workspaceWith(files)),
        }),
      state: (emu) =>
        emu.state.repo('octo/app')!.releases.map((rel) => ({
          tag: rel.tag,
          name: rel.name,
          body: rel.body,
          draft: rel.draft,
          prerelease: rel.prerelease,
          // Uploads run in parallel: the assets compared by name, not in upload order.
          assets: rel.assets
            .map((x) => ({ name: x.name, size: x.size, state: x.state, digest: x.digest }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        })),
    });
    // Through GraphQL at /api/graphql (the API's /graphql route behind it): the releases list, the category check,
    // and the list's first page again after the create.
    expect(ghes.r.requests.filter((e) => e.path === '/graphql').map((e) => e.status)).toEqual([200, 200, 200]);
    expect(ghes.r.requests.filter((e) => e.host === 'uploads')).toHaveLength(5);
  });

  it('triage: an issues.opened event matching two rules', async () => {
    const c = eventScenario();
    await both({
      scenario: () => c.scenario,
      run: (emu) =>
        run('triage', emu, {
          token: TRIAGE_TOKEN,
          event: { name: 'issues', payload: c.payload },
          workspace: { '.github/triage.yml': EVENT_CONFIG },
        }),
      state: (emu) => triageState(emu),
    });
  });

  it('triage: a sweep over 500 items', async () => {
    const a = sweepScenario();
    await both({
      scenario: () => a.scenario,
      run: (emu) =>
        run('triage', emu, {
          token: TRIAGE_TOKEN,
          event: { name: 'schedule', payload: { schedule: '0 3 * * *' } },
          workspace: { '.github/triage.yml': SWEEP_CONFIG },
        }),
      state: (emu) => triageState(emu),
    });
  });
});

function triageState(emu: Emulator) {
  const repo = emu.state.repo('octo/app')!;
  return {
    issues: [...repo.issues.values()].map((i) => ({
      number: i.number,
      state: i.state,
      labels: i.labels.map((l) => l.name),
      assignees: i.assignees,
    })),
    comments: [...repo.comments.values()].map((c) => ({ on: c.issueNumber, body: withoutPostToken(c.body) })),
  };
}
