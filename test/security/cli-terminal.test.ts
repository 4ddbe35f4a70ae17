// The command line against hostile text and interruptions: control characters from file names, issues and API
// answers never reach the terminal as controls (a file named `\x1b]0;…\x07\x1b[2J` would retitle and clear it),
// and the step folder (event.json, output, summary.md) is removed on SIGINT and SIGTERM too.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { summaryAsText } from '../../src/hosts/cli/summary-text';
import { renderLine, styleFor } from '../../src/hosts/cli/terminal';
import { createEmulator, type Emulator } from '../../emulator';
import { SAMPLE_REPO, SAMPLE_TOKEN, sampleScenario } from '../../emulator/sample-scenario';
import { ROOT } from '../../harness/run-bundle';

const HOSTILE = 'labels\u001b]0;pwned\u0007\u001b[2J\u009b31m\r.yml';
// eslint-disable-next-line no-control-regex -- finding raw controls is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const plain = styleFor({ isTTY: false });

describe('what the command line prints', () => {
  const shownName = '\\x1B]0;pwned\\x07\\x1B[2J\\x9B31m';
  it.each([
    ['a plain line', `Read 3 labels from ${HOSTILE}`, shownName],
    ['an error annotation (data and file property)', `::error file=${HOSTILE}::bad ${HOSTILE}`, shownName],
    ['a warning with encoded controls', '::warning::a%0D\u001b[2Jb', 'a\\x0D\\x1B[2Jb'],
    ['a group', `::group::${HOSTILE}`, shownName],
  ])('%s shows controls as text', (_what, line, expected) => {
    const shown = renderLine(line, plain, true)!;
    expect(shown).not.toMatch(RAW_CONTROL);
    expect(shown).toContain(expected);
  });

  it('the job summary as text', () => {
    const text = summaryAsText(`## Done\n\n| file |\n| --- |\n| ${HOSTILE} |\n\n- ${HOSTILE}\n`, plain);
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text).toContain('\\x1B]0;pwned');
  });
});

let emu: Emulator;
const dirs: string[] = [];
beforeAll(async () => {
  // Slow answers keep the action running long enough to be interrupted.
  emu = await createEmulator(sampleScenario(), { timeScale: 0.01, latencyMs: 1_500 });
});
afterAll(() => emu.close());
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** Starts `repo-actions label-sync` (from source) on a workspace; `temp` is its TMPDIR. */
function startCli(workspace: string, temp: string, config: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'src/hosts/cli/main.ts'),
      'label-sync',
      '--repo',
      SAMPLE_REPO,
      '--api-url',
      emu.apiUrl,
      '--workspace',
      workspace,
      '--input',
      `config=${config}`,
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        GITHUB_TOKEN: SAMPLE_TOKEN,
        REPO_ACTIONS_TIME_SCALE: '0.01',
        XDG_CACHE_HOME: folder('cli-security-cache-'),
        TMPDIR: temp,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

function workspaceWith(files: Record<string, string>): string {
  const dir = folder('cli-security-ws-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const stepFolders = (temp: string) => readdirSync(temp).filter((n) => n.startsWith('repo-actions-step-'));

describe('the command line end to end', () => {
  it('prints a file name with terminal escapes as text', async () => {
    const ws = workspaceWith({ [`.github/${HOSTILE}`]: 'labels:\n  - name: bug\n    color: d73a4a\n' });
    const temp = folder('cli-security-tmp-');
    const run = startCli(ws, temp, '.github/*.yml');
    const { code } = await run.exited;
    expect(code, run.stderr()).toBe(0);
    expect(run.stdout()).toContain('pwned');
    expect(run.stdout()).not.toMatch(RAW_CONTROL);
    expect(run.stderr()).not.toMatch(RAW_CONTROL);
    expect(stepFolders(temp)).toEqual([]);
  }, 120_000);

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'removes the step folder on %s and exits with %i',
    async (signal, expected) => {
      const ws = workspaceWith({ '.github/labels.yml': 'labels:\n  - name: bug\n    color: d73a4a\n' });
      const temp = folder('cli-security-tmp-');
      const run = startCli(ws, temp, '.github/labels.yml');
      // The action is running once the heading is printed; its step folder exists.
      for (let i = 0; i < 900 && !run.stdout().includes('(dry run)'); i++) await new Promise((r) => setTimeout(r, 50));
      expect(run.stdout()).toContain('(dry run)');
      expect(stepFolders(temp)).toHaveLength(1);
      run.child.kill(signal);
      const { code } = await run.exited;
      expect(code).toBe(expected);
      expect(stepFolders(temp)).toEqual([]);
    },
    120_000,
  );
});
