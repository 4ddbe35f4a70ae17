// The command line runs each action's real bundle against the emulator as a dry run: it prints the plan
// and its cost, and writes nothing.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { SAMPLE_REPO, SAMPLE_TOKEN, sampleScenario } from '../../emulator/sample-scenario';
import { nodeBinary, ROOT } from '../run-bundle';

let emu: Emulator;
beforeAll(async () => {
  emu = await createEmulator(sampleScenario(), { timeScale: 0.01 });
});
afterAll(() => emu.close());

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cli-ws-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function cli(args: string[], cwd: string, env: Record<string, string> = { GITHUB_TOKEN: SAMPLE_TOKEN }) {
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

const cases: { action: string; args: string[]; files: Record<string, string> }[] = [
  {
    action: 'label-sync',
    args: [],
    files: { '.github/labels.yml': '- name: cli-new\n  color: 123abc\n- name: bug\n  color: 000000\n' },
  },
  {
    action: 'commit-files',
    args: ['--input', 'message=chore: from the command line', '--input', 'paths=notes'],
    files: { 'notes/new.md': '# new\n' },
  },
  {
    action: 'release',
    args: ['--input', 'tag=v9.9.9', '--input', 'files=out/*'],
    files: { 'out/app.txt': 'build output\n' },
  },
  {
    action: 'triage',
    args: ['--event', 'schedule'],
    files: { '.github/triage.yml': 'stale:\n  days-before-stale: 1\n  days-before-close: 1\n' },
  },
];

describe('repo-actions command line', () => {
  it.each(cases)(
    'dry-runs $action against the emulator: prints the plan and its cost, writes nothing',
    async ({ action, args, files }) => {
      const mark = emu.log.mark();
      const r = await cli([action, '--repo', SAMPLE_REPO, '--api-url', emu.apiUrl, ...args], workspace(files));
      expect(r.stderr + r.stdout).not.toContain(SAMPLE_TOKEN);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toContain('dry run: nothing will be written');
      expect(r.stdout).toMatch(/API: \d+ requests? \(\d+ answered 304, free\), 0 writes/);
      expect(r.stdout).not.toMatch(/^::/m); // workflow commands are rendered, not shown raw
      const requests = emu.log.since(mark);
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.filter((e) => e.contentCreating)).toEqual([]);
    },
  );

  it('prints usage, refuses an unknown action and needs a token', async () => {
    const dir = workspace({});
    expect((await cli(['--help'], dir)).stdout).toMatch(/Usage: repo-actions <action>/);
    const unknown = await cli(['nope', '--repo', SAMPLE_REPO], dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown action "nope"/);
    const noToken = await cli(['label-sync', '--repo', SAMPLE_REPO, '--api-url', emu.apiUrl], dir, {});
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/GITHUB_TOKEN or GH_TOKEN/);
  });
});
