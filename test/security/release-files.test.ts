// Release `files` and `body-path` as an attacker who shapes the workspace (a pull request) would write them: nothing
// outside the workspace and nothing under `.git/` is ever read, and a refused path is named before any request.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { desiredAssets } from '../../src/actions/release/domain/desired-assets';
import { matchFiles } from '../../src/actions/release/domain/local-files';
import { patternProblem } from '../../src/actions/release/domain/workspace-paths';
import { runBundle } from '../../harness/run-bundle';
import { REPO, releaseScenario, WORKFLOW_TOKEN } from '../../emulator/scenarios/release';

const SECRET = 'token=ghp_secret_never_uploaded';
const dirs: string[] = [];
let emu: Emulator | undefined;

afterEach(async () => {
  await emu?.close();
  emu = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A workspace inside a parent that also holds a secret file next to it (what `../secret` reaches). */
function hostileWorkspace(): { root: string; workspace: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'release-attack-')));
  dirs.push(root);
  const workspace = join(root, 'ws');
  mkdirSync(join(workspace, 'dist'), { recursive: true });
  mkdirSync(join(workspace, '.git'), { recursive: true });
  writeFileSync(join(root, 'secret'), SECRET);
  writeFileSync(join(workspace, '.git', 'config'), `[http]\n\textraheader = AUTHORIZATION: basic ${SECRET}\n`);
  writeFileSync(join(workspace, 'dist', 'app.zip'), 'app');
  mkdirSync(join(workspace, 'docs'), { recursive: true });
  writeFileSync(join(workspace, 'docs', 'config'), 'docs config');
  return { root, workspace };
}

const roots = (workspace: string) => ({ workspace, base: workspace });

describe('release files: patterns that leave the workspace are refused before globbing', () => {
  it.each([
    ['/etc/passwd'],
    ['../secret'],
    ['dist/../../secret'],
    ['~/.ssh/id_rsa'],
    ['.git/config'],
    ['**/.git/**'],
    ['!../x'],
    ['C:\\Windows\\win.ini'],
    ['dist\\..\\..\\secret'],
  ])('%s', async (pattern) => {
    expect(patternProblem(pattern)).toBeDefined();
    const { workspace } = hostileWorkspace();
    const m = await matchFiles(['dist/*', pattern], roots(workspace));
    expect(m.files).toEqual([]);
    expect(m.refused.join('\n')).toContain(pattern);
  });

  it('accepts ordinary patterns', () => {
    for (const p of ['dist/*.zip', '**/*.tar.gz', '!dist/skip.zip', 'build/.hidden', 'a..b.zip'])
      expect(patternProblem(p)).toBeUndefined();
  });
});

describe('release files: matches are contained', () => {
  it('dist/notes.txt → ../../secret: the link is refused and named, its target never read', async () => {
    const { root, workspace } = hostileWorkspace();
    symlinkSync(join(root, 'secret'), join(workspace, 'dist', 'notes.txt'));
    const m = await matchFiles(['dist/*'], roots(workspace));
    expect(m.files.map((f) => f.fileName)).toEqual(['app.zip']);
    expect(m.refused.join('\n')).toMatch(/dist\/notes\.txt.*outside the workspace/);
    const d = desiredAssets(m, { failOnUnmatched: true });
    expect(d.errors.join('\n')).toMatch(/notes\.txt/);
  });

  it('a directory link out of the workspace is not followed by the glob', async () => {
    const { root, workspace } = hostileWorkspace();
    mkdirSync(join(root, 'outside'));
    writeFileSync(join(root, 'outside', 'loot.bin'), SECRET);
    symlinkSync(join(root, 'outside'), join(workspace, 'dist', 'more'));
    const m = await matchFiles(['dist/**'], roots(workspace));
    expect(m.files.map((f) => f.path).some((p) => p.includes('loot'))).toBe(false);
  });

  it('a link into .git/ is refused', async () => {
    const { workspace } = hostileWorkspace();
    symlinkSync(join(workspace, '.git', 'config'), join(workspace, 'dist', 'config'));
    const m = await matchFiles(['dist/*'], roots(workspace));
    expect(m.files.map((f) => f.fileName)).toEqual(['app.zip']);
    expect(m.refused.join('\n')).toMatch(/dist\/config.*\.git/);
  });

  it('**/config never matches .git/config, not even with include-hidden (.git/ is never entered): only docs/config', async () => {
    const { workspace } = hostileWorkspace();
    for (const includeHidden of [false, true]) {
      const m = await matchFiles(['**/config', '*/config'], roots(workspace), { includeHidden });
      expect(m.files.map((f) => f.path.slice(workspace.length + 1))).toEqual(['docs/config']);
      expect(m.refused).toEqual([]);
    }
  });

  it('hidden files and folders are never uploaded unless the pattern names them', async () => {
    const { workspace } = hostileWorkspace();
    mkdirSync(join(workspace, 'dist', '.cache'), { recursive: true });
    writeFileSync(join(workspace, 'dist', '.cache', 'token.json'), SECRET);
    writeFileSync(join(workspace, 'dist', '.npmrc'), SECRET);
    for (const pattern of ['dist/*', 'dist/**', '**', '**/*', 'dist/**/*.json', '*/*', 'dist/?npmrc']) {
      const m = await matchFiles([pattern], roots(workspace));
      expect(m.files.map((f) => f.fileName).filter((n) => n === 'token.json' || n === '.npmrc')).toEqual([]);
    }
  });

  it('absolute patterns are contained like relative ones: inside the workspace read, outside refused', async () => {
    const { workspace } = hostileWorkspace();
    const inside = await matchFiles([`${workspace}/dist/*.zip`], roots(workspace));
    expect(inside.files.map((f) => f.fileName)).toEqual(['app.zip']);
    for (const pattern of [
      `${workspace}/../secret`,
      `${workspace}/../*`,
      `${workspace}/.git/config`,
      `${workspace}x/*`,
    ]) {
      const m = await matchFiles([pattern], roots(workspace));
      expect(m.files).toEqual([]);
      expect(m.refused.join('\n')).toContain(pattern);
    }
  });

  it('a link inside the workspace is followed (its real path is contained)', async () => {
    const { workspace } = hostileWorkspace();
    symlinkSync(join(workspace, 'dist', 'app.zip'), join(workspace, 'dist', 'app-latest.zip'));
    const m = await matchFiles(['dist/app-latest.zip'], roots(workspace));
    expect(m.refused).toEqual([]);
    expect(m.files).toMatchObject([{ fileName: 'app-latest.zip', size: 3 }]);
  });
});

describe('release bundle: a hostile workspace sends nothing', () => {
  async function run(inputs: Record<string, string>, workspace: string) {
    emu = await createEmulator(releaseScenario(), { timeScale: 0.01 });
    return runBundle('release', { emulator: emu, token: WORKFLOW_TOKEN, ref: 'refs/tags/v1.0.0', inputs, workspace });
  }

  it('files: dist/* with a link to ../secret fails before any request, naming the link', async () => {
    const { root, workspace } = hostileWorkspace();
    symlinkSync(join(root, 'secret'), join(workspace, 'dist', 'notes.txt'));
    const r = await run({ files: 'dist/*' }, workspace);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/dist\/notes\.txt.*outside the workspace/);
    expect(r.requests).toEqual([]);
    expect(emu!.state.repo(REPO)!.releases).toEqual([]);
  });

  it('body-path: a link to ../secret, ../secret and .git/config are refused before any request', async () => {
    const { root, workspace } = hostileWorkspace();
    symlinkSync(join(root, 'secret'), join(workspace, 'NOTES.md'));
    for (const bodyPath of ['NOTES.md', '../secret', '.git/config', join(root, 'secret')]) {
      const r = await run({ files: 'dist/*', 'body-path': bodyPath }, workspace);
      expect(r.code, bodyPath).toBe(1);
      expect(r.stdout).toContain('body-path');
      expect(r.stdout).not.toContain(SECRET);
      expect(r.requests).toEqual([]);
      await emu!.close();
      emu = undefined;
    }
  });

  it('working-directory: ../ is refused; inside the workspace, files and body-path are relative to it', async () => {
    const { workspace } = hostileWorkspace();
    const refused = await run({ files: '*', 'working-directory': '..' }, workspace);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/working-directory/);
    expect(refused.requests).toEqual([]);
    await emu!.close();
    writeFileSync(join(workspace, 'dist', 'NOTES.md'), 'From dist.');
    const ok = await run({ files: '*.zip', 'working-directory': 'dist', 'body-path': 'NOTES.md' }, workspace);
    expect(ok.code, ok.stdout).toBe(0);
    const rel = emu!.state.repo(REPO)!.releases[0]!;
    expect(rel.body).toBe('From dist.');
    expect(rel.assets.map((a) => a.name)).toEqual(['app.zip']);
  });
});
