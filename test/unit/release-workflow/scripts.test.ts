// The testable steps of .github/workflows/release.yml: the tag/version check and the checksum file, run as the
// workflow runs them (node on the script), plus the order and wiring of the workflow's steps.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const CHECK_VERSION = 'scripts/release/check-version.mjs';
const SHA256SUMS = 'scripts/release/sha256sums.mjs';
const version = JSON.parse(readFileSync('package.json', 'utf8')).version as string;

const node = (args: string[], cwd?: string) => {
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', cwd });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'release-workflow-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('check-version.mjs', () => {
  it("accepts the tag of package.json's version and prints the major-version tag", () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    const r = node([CHECK_VERSION, `v${version}`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`v${version.split('.')[0]}\n`);
  });

  it('reads the package.json beside it: v2.3.4 → v2 in a project at 2.3.4', () => {
    const root = tempDir();
    mkdirSync(join(root, 'scripts', 'release'), { recursive: true });
    copyFileSync(CHECK_VERSION, join(root, CHECK_VERSION));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ version: '2.3.4' }));
    expect(node([join(root, CHECK_VERSION), 'v2.3.4'])).toMatchObject({ code: 0, stdout: 'v2\n' });
    const wrong = node([join(root, CHECK_VERSION), 'v2.3.5']);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toBe(
      `::error::The tag v2.3.5 differs from package.json's version (2.3.4): set "version": "2.3.5" first.\n`,
    );
  });

  it.each(['', '1.0.0', 'v1', 'v1.0', `v${version}-rc.1`, `v${version}\nv9.9.9`, 'v01.0.0x'])(
    'refuses %j with an error annotation and exit 1',
    (tag) => {
      const r = node([CHECK_VERSION, tag]);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/^::error::[^\n]*\n$/);
    },
  );
});

describe('sha256sums.mjs', () => {
  it('writes one "<sha256>  <name>" line per file, sorted, that sha256sum --check accepts', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'repo-actions-1.0.0.tgz'), Buffer.from([0x1f, 0x8b, 0, 1, 2, 255]));
    writeFileSync(join(dir, 'a notes.txt'), 'notes\n');
    writeFileSync(join(dir, 'empty'), '');
    mkdirSync(join(dir, 'folder'));
    const r = node([SHA256SUMS, dir]);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(join(dir, 'SHA256SUMS'), 'utf8');
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((l) => l.slice(66))).toEqual(['a notes.txt', 'empty', 'repo-actions-1.0.0.tgz']);
    for (const line of lines) expect(line).toMatch(/^[0-9a-f]{64} {2}\S/);
    // sha256 of the empty string.
    expect(lines[1]).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  empty');
    const check = spawnSync('sha256sum', ['--check', '--strict', 'SHA256SUMS'], { cwd: dir, encoding: 'utf8' });
    if (check.error === undefined) expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it('does not list itself when run again, and gives the same file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'x.tgz'), 'x');
    node([SHA256SUMS, dir]);
    const first = readFileSync(join(dir, 'SHA256SUMS'), 'utf8');
    expect(node([SHA256SUMS, dir]).code).toBe(0);
    expect(readFileSync(join(dir, 'SHA256SUMS'), 'utf8')).toBe(first);
    expect(first.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('refuses a file name with a line break (it would forge a line) and an empty folder', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'evil\n0000  other'), 'x');
    expect(node([SHA256SUMS, dir]).code).not.toBe(0);
    expect(node([SHA256SUMS, tempDir()]).code).toBe(1);
  });
});

describe('release.yml', () => {
  const workflow = parse(readFileSync('.github/workflows/release.yml', 'utf8'));
  const steps: any[] = workflow.jobs.release.steps;
  const at = (predicate: (s: any) => boolean) => {
    const i = steps.findIndex(predicate);
    expect(i).toBeGreaterThanOrEqual(0);
    return i;
  };
  const runs = (text: string) => (s: any) => typeof s.run === 'string' && s.run.includes(text);

  it('runs on vX.Y.Z tags only (not on the moved v1) with contents: write', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v[0-9]+.[0-9]+.[0-9]+'] } });
    expect(workflow.permissions).toEqual({ contents: 'write' });
  });

  it('checks the version, dist/ and the tests before packing, and publishes with its own release action', () => {
    const version = at(runs('scripts/release/check-version.mjs "$GITHUB_REF_NAME"'));
    const dist = at(runs('npm run check-dist'));
    const test = at(runs('npm test'));
    const pack = at(runs('npm pack --pack-destination release-assets'));
    const sums = at(runs('node scripts/release/sha256sums.mjs release-assets'));
    const release = at((s) => s.uses === './actions/release');
    const move = at(runs('git/matching-refs/tags/$MAJOR'));
    expect([version, dist, test, pack, sums, release, move]).toEqual(
      [version, dist, test, pack, sums, release, move].sort((a, b) => a - b),
    );
    expect(steps[release].with.files).toBe('release-assets/*');
    expect(steps[move].env).toMatchObject({
      GH_TOKEN: '${{ github.token }}',
      MAJOR: '${{ steps.version.outputs.major }}',
    });
    expect(steps[0].with['persist-credentials']).toBe(false);
  });
});
