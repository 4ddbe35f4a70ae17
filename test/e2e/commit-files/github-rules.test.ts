// GitHub's rules that the emulator models from evidence, and the action's answers: workflow files and
// the workflow token, the "Allow GitHub Actions to create pull requests" setting, branch names that nest.
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../emulator';
import { branchFiles, errorsOf, harness, writesOf } from './helpers';
import { REPO, scenarioOf } from '../../../emulator/scenarios/commit-files';

const h = harness();

const APP_WITH_WORKFLOWS = 'ghs_commitfiles_app_workflows';
const APP_WITHOUT_WORKFLOWS = 'ghs_commitfiles_app_plain';

function withApps(scenario: Scenario): Scenario {
  scenario.tokens = {
    ...scenario.tokens,
    [APP_WITH_WORKFLOWS]: {
      kind: 'installation',
      login: 'octo-bot[bot]',
      repositories: [REPO],
      permissions: { contents: 'write', workflows: 'write' },
    },
    [APP_WITHOUT_WORKFLOWS]: {
      kind: 'installation',
      login: 'octo-bot[bot]',
      repositories: [REPO],
      permissions: { contents: 'write' },
    },
  };
  return scenario;
}

const workspace = {
  'src/app.js': 'new\n',
  '.github/workflows/ci.yml': 'on: push\njobs: {}\n',
};

describe('workflow files', () => {
  it('with the workflow token: refused before the first write, naming the files and the fixes', async () => {
    await h.start(scenarioOf({ main: { 'src/app.js': 'old\n' } }));
    const r = await h.run({ message: 'm' }, h.ws(workspace));
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(
      /\.github\/workflows\/ci\.yml.*workflow token.*exclude-workflows: true.*Nothing was written/s,
    );
    expect(writesOf(r)).toEqual([]);
  });

  it('exclude-workflows leaves them out and commits the rest', async () => {
    const emu = await h.start(scenarioOf({ main: { 'src/app.js': 'old\n', '.github/workflows/ci.yml': 'x\n' } }));
    const r = await h.run({ message: 'm', 'exclude-workflows': true, 'delete-missing': true }, h.ws(workspace));
    expect(r.code, r.stdout).toBe(0);
    expect(branchFiles(emu, 'main')).toEqual({
      'src/app.js': '100644 new\n',
      '.github/workflows/ci.yml': '100644 x\n',
    });
  });

  it('an App token with the workflows permission commits them', async () => {
    const emu = await h.start(withApps(scenarioOf({ main: { 'src/app.js': 'old\n' } })));
    const r = await h.run({ message: 'm' }, h.ws(workspace), { token: APP_WITH_WORKFLOWS });
    expect(r.code, r.stdout).toBe(0);
    expect(branchFiles(emu, 'main')['.github/workflows/ci.yml']).toBe('100644 on: push\njobs: {}\n');
  });

  it('a token without it: GitHub’s refusal of the ref update is explained, the branch unchanged', async () => {
    const emu = await h.start(withApps(scenarioOf({ main: { 'src/app.js': 'old\n' } })));
    const before = emu.state.branchSha(REPO, 'main');
    const r = await h.run({ message: 'm' }, h.ws(workspace), { token: APP_WITHOUT_WORKFLOWS });
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(/changes workflow files.*lacks the `workflows` permission/s);
    expect(emu.state.branchSha(REPO, 'main')).toBe(before);
  });
});

describe('pull requests by GitHub Actions', () => {
  it('the repository setting off: the branch is pushed, the error names the setting; a re-run after enabling it opens the PR', async () => {
    const emu = await h.start(scenarioOf({ main: { 'a.txt': 'a\n' } }, { actionsCanCreatePullRequests: false }));
    const inputs = { message: 'm', branch: 'bot/x', 'pull-request-title': 'T' };
    const r = await h.run(inputs, h.ws({ 'a.txt': 'b\n' }));
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(/Allow GitHub Actions to create and approve pull requests/);
    expect(r.outputs.committed).toBe('true');
    expect(branchFiles(emu, 'bot/x')).toEqual({ 'a.txt': '100644 b\n' });

    emu.state.repo(REPO)!.actionsCanCreatePullRequests = true;
    const again = await h.run(inputs, h.ws({ 'a.txt': 'b\n' }));
    expect(again.code, again.stdout).toBe(0);
    expect(again.outputs).toMatchObject({ committed: 'false', 'pull-request-operation': 'created' });
  });
});

describe('branch names that nest', () => {
  it.each([
    ['feature/x', 'feature', '"feature"'],
    ['feature', 'feature/y', '"feature/y"'],
  ])('creating %s when %s exists is refused before any write, naming it', async (wanted, existing, named) => {
    await h.start(scenarioOf({ main: { 'a.txt': 'a\n' }, [existing]: { 'a.txt': 'a\n' } }));
    const r = await h.run({ message: 'm', branch: wanted }, h.ws({ 'a.txt': 'b\n' }));
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toContain(named);
    expect(errorsOf(r)).toMatch(/cannot be created.*Nothing was written/s);
    expect(writesOf(r)).toEqual([]);
  });
});
