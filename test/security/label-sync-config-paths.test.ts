// label-sync's `config` entries are workspace paths or globs that a pull request can shape: no path, glob or link
// reads a file outside the workspace or under `.git/` (where actions/checkout keeps the token), and nothing is
// requested before the files are read.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBundle } from '../../harness/run-bundle';
import { labelSyncHarness } from '../e2e/label-sync/harness';
import { labelFile, WORKFLOW_TOKEN } from '../../emulator/scenarios/label-sync';

const h = labelSyncHarness();
const SECRET = labelFile([{ name: 'from-outside', color: 'ff0000' }]);

function workspaceWithSecretOutside(): string {
  const root = mkdtempSync(join(tmpdir(), 'label-sync-paths-'));
  writeFileSync(join(root, 'secret.yml'), SECRET);
  const workspace = join(root, 'workspace');
  mkdirSync(join(workspace, '.github'), { recursive: true });
  mkdirSync(join(workspace, '.git'), { recursive: true });
  writeFileSync(join(workspace, '.git', 'config.yml'), SECRET);
  writeFileSync(join(workspace, '.github', 'labels.yml'), labelFile([{ name: 'bug', color: 'd73a4a' }]));
  symlinkSync(join(root, 'secret.yml'), join(workspace, '.github', 'linked.yml'));
  return workspace;
}

const run = (workspace: string, config: string) =>
  runBundle('label-sync', { emulator: h.emu!, token: WORKFLOW_TOKEN, inputs: { config }, workspace });

describe('label-sync config paths stay in the workspace', () => {
  it.each([
    ['a relative path out', '../secret.yml', /leaves the workspace/],
    ['an absolute path', '/etc/hostname', /leaves the workspace/],
    ['a link to a file outside', '.github/linked.yml', /link to outside the workspace/],
  ])('%s is a config error before any request', async (_, config, problem) => {
    await h.start([{ owner: 'octo', name: 'app', labels: [] }]);
    const r = await run(workspaceWithSecretOutside(), config);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(problem);
    expect(r.stdout).not.toMatch(/from-outside/);
    expect(r.requests).toEqual([]);
  });

  it('a glob never matches under .git/ and reads no link out of the workspace', async () => {
    await h.start([{ owner: 'octo', name: 'app', labels: [] }]);
    const r = await run(workspaceWithSecretOutside(), '**/*.yml');
    // `.github/linked.yml` matches the glob and is refused as a link out; `.git/config.yml` is never read
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/linked\.yml.*link to outside the workspace/);
    expect(r.stdout).not.toMatch(/config\.yml/);
    expect(r.requests).toEqual([]);
  });

  it('a glob of ordinary files reads them in name order, later ones overriding earlier ones', async () => {
    await h.start([{ owner: 'octo', name: 'app', labels: [] }]);
    const workspace = mkdtempSync(join(tmpdir(), 'label-sync-glob-'));
    mkdirSync(join(workspace, '.git'), { recursive: true });
    mkdirSync(join(workspace, 'labels'), { recursive: true });
    writeFileSync(join(workspace, '.git', 'x.yml'), SECRET);
    writeFileSync(join(workspace, 'labels', '1-base.yml'), labelFile([{ name: 'bug', color: 'ffffff' }]));
    writeFileSync(join(workspace, 'labels', '2-repo.yml'), labelFile([{ name: 'Bug', color: 'd73a4a' }]));
    const r = await run(workspace, 'labels/*.yml\n.git/*.yml');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/the glob matches no file in the workspace/);
    expect(r.requests).toEqual([]);
    const ok = await run(workspace, 'labels/*.yml');
    expect(ok.code, ok.stdout).toBe(0);
    expect(h.labels()).toEqual({ Bug: 'd73a4a|' });
  });
});
