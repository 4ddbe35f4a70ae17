// Generated notes for a tag that does not exist yet carry `target_commitish` (GitHub requires it then): with
// `repository:` and no `target-commitish` it is that repository's default branch, read once and shown in the plan.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../../emulator';
import { releaseHarness } from './harness';
import { releaseScenario } from '../../../emulator/scenarios/release';

const h = releaseHarness();
const { ws, run } = h;

describe('release: generated notes for a new tag in another repository', () => {
  it('reads the default branch (a priced row of the plan) and sends it as target_commitish', async () => {
    const scenario = releaseScenario();
    scenario.repositories.push({
      owner: 'octo',
      name: 'dist',
      defaultBranch: 'trunk',
      branches: { trunk: { 'README.md': '# dist\n' } },
      collaborators: { octocat: 'write' },
      releases: [{ tag: 'v0.9.0', createdAt: '2024-01-01T00:00:00Z' }],
    });
    const token = 'ghp_release_user';
    scenario.tokens = { ...scenario.tokens, [token]: { kind: 'user', login: 'octocat' } };
    h.emu = await createEmulator(scenario, { timeScale: 0.01 });
    const inputs = { repository: 'octo/dist', 'generate-release-notes': true };
    const dry = await run({ ...inputs, 'dry-run': true }, ws({}), { token });
    expect(dry.code, dry.stdout).toBe(0);
    expect(dry.stdout).toMatch(/read\s+repository\s+default branch\s+trunk: the target of the generated notes/);
    const r = await run(inputs, ws({}), { token });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const notes = r.requests.find((e) => e.method === 'POST' && e.path.endsWith('/releases/generate-notes'));
    expect(notes?.status).toBe(200);
    const there = h.emu.state.repo('octo/dist')!;
    expect(there.releases.find((x) => x.tag === 'v1.0.0')!.body).toContain('compare/v0.9.0...v1.0.0');
    expect(there.refs.get('refs/tags/v1.0.0')).toBe(there.branch('trunk'));
  });
});
