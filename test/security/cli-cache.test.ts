// The command line keeps API responses (the ETag cache) in the user's cache directory: private (0700, files 0600),
// never through a symbolic link, never in a directory another user owns; the step's own files are removed after
// the run.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheDirectory, CacheDirectoryError, preparePrivateDirectory } from '../../src/hosts/cli/cache-dir';
import { createEmulator, type Emulator } from '../../emulator';
import { SAMPLE_REPO, SAMPLE_TOKEN, sampleScenario } from '../../emulator/sample-scenario';
import { nodeBinary, ROOT } from '../../harness/run-bundle';

let emu: Emulator;
beforeAll(async () => {
  emu = await createEmulator(sampleScenario(), { timeScale: 0.01 });
});
afterAll(() => emu.close());

const fresh = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

function run(env: Record<string, string>) {
  const workspace = fresh('cli-cache-ws-');
  mkdirSync(join(workspace, '.github'));
  writeFileSync(join(workspace, '.github/labels.yml'), '- name: cached\n  color: 123abc\n');
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      nodeBinary(),
      [join(ROOT, 'dist/cli/index.js'), 'label-sync', '--repo', SAMPLE_REPO, '--api-url', emu.apiUrl],
      {
        cwd: workspace,
        env: { PATH: process.env.PATH ?? '', GITHUB_TOKEN: SAMPLE_TOKEN, REPO_ACTIONS_TIME_SCALE: '0.01', ...env },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function everythingUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => join(dir, p));
}

describe('the command line cache', () => {
  it('lives in $XDG_CACHE_HOME/repo-actions, 0700 with 0600 files, and the step folder is gone after the run', async () => {
    const xdg = fresh('cli-xdg-');
    const temp = fresh('cli-tmp-');
    const r = await run({ XDG_CACHE_HOME: xdg, TMPDIR: temp, HOME: fresh('cli-home-') });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const cache = join(xdg, 'repo-actions');
    expect(statSync(cache).mode & 0o777).toBe(0o700);
    const inside = everythingUnder(cache);
    expect(inside.filter((p) => statSync(p).isFile()).length).toBeGreaterThan(0); // the ETag cache was written
    for (const path of inside) expect(statSync(path).mode & 0o777, path).toBe(statSync(path).isFile() ? 0o600 : 0o700);
    expect(readdirSync(temp)).toEqual([]);
  });

  it('falls back to ~/.cache/repo-actions without XDG_CACHE_HOME', async () => {
    const home = fresh('cli-home-');
    const r = await run({ HOME: home, TMPDIR: fresh('cli-tmp-') });
    expect(r.code, r.stderr).toBe(0);
    expect(statSync(join(home, '.cache/repo-actions')).mode & 0o777).toBe(0o700);
  });

  it('refuses a cache directory that is a symbolic link, and writes nothing', async () => {
    const xdg = fresh('cli-xdg-');
    const elsewhere = fresh('cli-elsewhere-');
    symlinkSync(elsewhere, join(xdg, 'repo-actions'));
    const mark = emu.log.mark();
    const r = await run({ XDG_CACHE_HOME: xdg, TMPDIR: fresh('cli-tmp-'), HOME: fresh('cli-home-') });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`refusing the cache directory ${join(xdg, 'repo-actions')}: it is a symbolic link`);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(emu.log.since(mark)).toEqual([]);
  });
});

describe('preparePrivateDirectory', () => {
  it('refuses a directory owned by another user', () => {
    const dir = fresh('cli-owned-');
    const other = (process.getuid?.() ?? 0) + 1;
    expect(() => preparePrivateDirectory(dir, other)).toThrow(CacheDirectoryError);
    expect(() => preparePrivateDirectory(dir, other)).toThrow(/belongs to user \d+, not to you/);
  });

  it('narrows a wider mode of its own directory to 0700, and refuses a file in its place', () => {
    const dir = fresh('cli-wide-');
    chmodSync(dir, 0o755);
    preparePrivateDirectory(dir);
    expect(lstatSync(dir).mode & 0o777).toBe(0o700);
    const file = join(fresh('cli-file-'), 'repo-actions');
    writeFileSync(file, '');
    expect(() => preparePrivateDirectory(file)).toThrow(/not a directory/);
  });

  it('uses XDG_CACHE_HOME only when it is an absolute path', () => {
    expect(cacheDirectory({ XDG_CACHE_HOME: '/x/cache' }, '/home/u')).toBe('/x/cache/repo-actions');
    expect(cacheDirectory({ XDG_CACHE_HOME: 'relative' }, '/home/u')).toBe('/home/u/.cache/repo-actions');
    expect(cacheDirectory({}, '/home/u')).toBe('/home/u/.cache/repo-actions');
  });
});
