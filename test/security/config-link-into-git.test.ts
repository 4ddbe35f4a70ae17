// A link that stays inside the workspace but leads into `.git/` (where actions/checkout keeps the token's
// `extraheader`): label-sync's and triage's config reader, release's files and commit-files' working directory
// refuse it after realpath, as they refuse naming `.git/` directly; the YAML under `.git/` is never applied and the
// token line is never quoted. The rule is one module (src/kernel/workspace-paths.ts).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWorkingDirectory } from '../../src/actions/commit-files/inputs';
import { readWorkspaceConfig } from '../../src/kernel/config-source';
import { containedPath, realWorkspace } from '../../src/kernel/workspace-paths';
import { containedPath as releasePath } from '../../src/actions/release/domain/workspace-paths';
import { runBundle } from '../../harness/run-bundle';
import { labelSyncHarness } from '../e2e/label-sync/harness';
import { labelFile, WORKFLOW_TOKEN } from '../../emulator/scenarios/label-sync';

const TOKEN_LINE = 'extraheader = AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX3NlY3JldA==';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A checkout whose `.git/` holds the token line and a label file, with links to both from ordinary names. */
function workspace(): string {
  const ws = mkdtempSync(join(tmpdir(), 'link-into-git-'));
  dirs.push(ws);
  mkdirSync(join(ws, '.git', 'hooks'), { recursive: true });
  mkdirSync(join(ws, '.github'));
  writeFileSync(join(ws, '.git', 'config'), `[http "https://github.com/"]\n\t${TOKEN_LINE}\n`);
  writeFileSync(join(ws, '.git', 'labels.yml'), labelFile([{ name: 'from-git', color: 'ff0000' }]));
  symlinkSync('../.git/config', join(ws, '.github', 'labels.yml'));
  symlinkSync('.git/labels.yml', join(ws, 'labels.yml'));
  symlinkSync('.git', join(ws, 'git-link'));
  symlinkSync('.git/hooks', join(ws, 'hooks-link'));
  return ws;
}

describe('the shared config reader', () => {
  it.each([
    ['a link to .git/config', '.github/labels.yml', /link into \.git/],
    ['a link to a YAML file under .git/', 'labels.yml', /link into \.git/],
    ['a folder link into .git/', 'git-link/labels.yml', /link into \.git/],
    ['.git/ named directly', '.git/labels.yml', /not a file of the workspace outside \.git/],
    ['.GIT/ in another letter case', '.GIT/labels.yml', /not a file of the workspace outside \.git/],
  ])('%s is refused', async (_what, path, problem) => {
    const err = await readWorkspaceConfig(workspace(), path).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toMatch(problem);
    expect(JSON.stringify(err)).not.toContain('AUTHORIZATION');
  });

  it('an ordinary hidden name is read', async () => {
    const ws = workspace();
    writeFileSync(join(ws, '.github', 'triage.yml'), 'rules: []\n');
    expect(await readWorkspaceConfig(ws, '.github/triage.yml')).toMatchObject({ text: 'rules: []\n' });
  });
});

describe("release's files and the working directory of a commit", () => {
  it.each(['labels.yml', 'git-link/config', '.github/labels.yml'])('release refuses %s', async (path) => {
    const ws = await realWorkspace(workspace());
    expect(await releasePath(ws, ws, path)).toMatchObject({ ok: false, reason: 'git' });
    expect(await containedPath(ws, ws, path)).toMatchObject({ ok: false, reason: 'git' });
  });

  it.each(['git-link', 'hooks-link'])('commit-files refuses the working directory %s', async (dir) => {
    const ws = workspace();
    await expect(checkWorkingDirectory(join(ws, dir), ws)).rejects.toThrow(/inside a \.git folder/);
  });

  it('the workspace itself is a working directory; it is never a file', async () => {
    const ws = workspace();
    expect(await checkWorkingDirectory(ws, ws)).toBe(await realWorkspace(ws));
    expect(await containedPath(await realWorkspace(ws), ws, '.')).toMatchObject({ ok: true, rel: '' });
  });
});

describe('label-sync under the runner', () => {
  const h = labelSyncHarness();
  it('a label file linked into .git/ is a config error: nothing applied, nothing quoted', async () => {
    await h.start([{ owner: 'octo', name: 'app', labels: [] }]);
    const r = await runBundle('label-sync', {
      emulator: h.emu!,
      token: WORKFLOW_TOKEN,
      inputs: { config: '.github/labels.yml' },
      workspace: workspace(),
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/link into \.git/);
    expect(r.stdout).not.toContain('AUTHORIZATION');
    expect(h.emu!.log.entries.filter((e) => e.method !== 'GET' && !e.path.endsWith('graphql'))).toEqual([]);
  });
});
