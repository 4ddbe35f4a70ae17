// What the command line keeps between runs, through the real bundle: triage's job memory and the ETag cache are
// kept per API origin and repository (an --apply against one emulator changes nothing for a fresh one with the
// same seed), `repo-actions cache` lists the entries and `cache clear` removes them, `--no-cache` keeps none; the
// Markdown job summary goes to `--summary FILE` or to the caller's GITHUB_STEP_SUMMARY.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../emulator';
import { SAMPLE_REPO, SAMPLE_TOKEN, sampleScenario } from '../../../emulator/sample-scenario';
import { nodeBinary, ROOT } from '../../../harness/run-bundle';
import { entryPath } from '../../../src/hosts/cli/local-state';

const emulators: Emulator[] = [];
afterAll(async () => {
  await Promise.all(emulators.map((e) => e.close()));
});
async function emulator(): Promise<Emulator> {
  const emu = await createEmulator(sampleScenario(), { timeScale: 0.01 });
  emulators.push(emu);
  return emu;
}

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cli-state-ws-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function cli(args: string[], cwd: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(nodeBinary(), [join(ROOT, 'dist/cli/index.js'), ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', REPO_ACTIONS_TIME_SCALE: '0.01', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The plan's rows of a triage run: what it would do to each item. */
const planLines = (stdout: string) => stdout.split('\n').filter((l) => /^ {2}[a-z-]+ +#\d+ /.test(l));

describe('the command line keeps state per API origin and repository', () => {
  it('an --apply against one emulator leaves a fresh one with the same seed planned as before', async () => {
    const home = mkdtempSync(join(tmpdir(), 'cli-state-cache-'));
    const env = { GITHUB_TOKEN: SAMPLE_TOKEN, XDG_CACHE_HOME: home, TMPDIR: mkdtempSync(join(tmpdir(), 'cli-t-')) };
    const dir = workspace({ '.github/triage.yml': 'stale:\n  days-before-stale: 1\n  days-before-close: 1\n' });
    const [first, second] = [await emulator(), await emulator()];
    const triage = (emu: Emulator, ...more: string[]) =>
      cli(['triage', '--repo', SAMPLE_REPO, '--api-url', emu.apiUrl, '--event', 'schedule', ...more], dir, env);

    const before = await triage(first);
    expect(before.code, before.stderr).toBe(0);
    expect(planLines(before.stdout).length, before.stdout).toBeGreaterThan(0);
    const applied = await triage(first, '--apply');
    expect(applied.code, applied.stderr).toBe(0);
    const fresh = await triage(second);
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(planLines(fresh.stdout)).toEqual(planLines(before.stdout));
    // The first emulator's entry holds the job memory of the apply and the ETag cache; the second's has no memory.
    const memory = (emu: Emulator) =>
      join(entryPath(join(home, 'repo-actions'), emu.apiUrl, SAMPLE_REPO), 'repo-actions-triage', 'acme__webapp.json');
    expect(existsSync(memory(first))).toBe(true);
    expect(existsSync(memory(second))).toBe(false);
    expect(readdirSync(entryPath(join(home, 'repo-actions'), first.apiUrl, SAMPLE_REPO))).toContain(
      'repo-actions-cache',
    );

    const listed = await cli(['cache'], dir, env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`Kept in ${join(home, 'repo-actions')}:`);
    for (const emu of [first, second])
      expect(listed.stdout).toMatch(new RegExp(`^${emu.apiUrl}\\s+acme/webapp\\s+`, 'm'));

    const cleared = await cli(['cache', 'clear', '--api-url', first.apiUrl], dir, env);
    expect(cleared.stdout).toBe(`Removed 1 entry:\n  ${first.apiUrl}  ${SAMPLE_REPO}\n`);
    const after = (await cli(['cache', 'list'], dir, env)).stdout;
    expect(after).not.toContain(first.apiUrl);
    expect(after).toContain(second.apiUrl);

    // --no-cache: nothing from before is used and nothing is left behind.
    const originsBefore = readdirSync(join(home, 'repo-actions')).sort();
    const third = await emulator();
    const none = await triage(third, '--no-cache');
    expect(none.code, none.stderr).toBe(0);
    expect(readdirSync(join(home, 'repo-actions')).sort()).toEqual(originsBefore);
    expect((await cli(['cache', 'clear'], dir, env)).stdout).toMatch(/^Removed 1 entry:/);
    expect((await cli(['cache'], dir, env)).stdout).toMatch(/^Nothing is kept/);
  });
});

describe('the Markdown job summary goes where the user asks', () => {
  const files = { '.github/labels.yml': '- name: summary-new\n  color: 123abc\n' };

  it('--summary FILE holds the Markdown (written anew), besides the text at the end', async () => {
    const emu = await emulator();
    const dir = workspace(files);
    const file = join(dir, 'summary.md');
    writeFileSync(file, 'an older summary\n');
    const env = { GITHUB_TOKEN: SAMPLE_TOKEN, XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'cli-s-')) };
    const r = await cli(['label-sync', '--repo', SAMPLE_REPO, '--api-url', emu.apiUrl, '--summary', file], dir, env);
    expect(r.code, r.stderr).toBe(0);
    const markdown = readFileSync(file, 'utf8');
    expect(markdown).not.toContain('an older summary');
    expect(markdown).toMatch(/^## label-sync/m);
    expect(markdown).toMatch(/^### API usage$/m);
    expect(markdown).toMatch(/^\| .* \|$/m);
    expect(r.stdout).toContain('\nJob summary\n');
  });

  it('appends to the caller’s GITHUB_STEP_SUMMARY, as the runner does for each step', async () => {
    const emu = await emulator();
    const dir = workspace(files);
    const file = join(dir, 'step-summary.md');
    writeFileSync(file, '## an earlier step\n\n');
    const env = {
      GITHUB_TOKEN: SAMPLE_TOKEN,
      XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'cli-s-')),
      GITHUB_STEP_SUMMARY: file,
    };
    const r = await cli(['label-sync', '--repo', SAMPLE_REPO, '--api-url', emu.apiUrl], dir, env);
    expect(r.code, r.stderr).toBe(0);
    const markdown = readFileSync(file, 'utf8');
    expect(markdown.startsWith('## an earlier step\n\n')).toBe(true);
    expect(markdown).toMatch(/^## label-sync/m);
    expect(markdown).not.toContain(SAMPLE_TOKEN);
  });
});
