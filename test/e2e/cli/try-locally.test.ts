// The README's "Try it locally", as a person runs it: `repo-actions emulator` (the same as `npm run emulator`)
// starts the emulator and prints its URL, token and commands; the commands it prints (the README's, with its
// port) run a dry run and a real run of each action through the command line; Ctrl-C stops it cleanly.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLine, DEFAULT_PORT, TRY_TOKEN, tryCommands } from '../../../scripts/emulator/try-commands';
import { ACTION_NAMES } from '../../../src/actions';
import { nodeBinary, ROOT } from '../../../harness/run-bundle';

let emulator: ChildProcess;
let output = '';
let apiUrl = '';
const cache = mkdtempSync(join(tmpdir(), 'try-locally-cache-'));

beforeAll(async () => {
  emulator = spawn(nodeBinary(), [join(ROOT, 'dist/cli/index.js'), 'emulator', '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  emulator.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  emulator.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  apiUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the emulator did not start:\n${output}`)), 30_000);
    emulator.stdout!.on('data', () => {
      const m = /GitHub API emulator at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m && output.includes('Ctrl-C stops the emulator')) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    emulator.on('exit', (code) => reject(new Error(`the emulator exited (${code}):\n${output}`)));
  });
});

afterAll(() => {
  if (emulator.exitCode === null) emulator.kill('SIGKILL');
  rmSync(cache, { recursive: true, force: true });
});

function run(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(nodeBinary(), [join(ROOT, 'dist/cli/index.js'), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: cache, XDG_CACHE_HOME: cache, GITHUB_TOKEN: TRY_TOKEN },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The writes the emulator has answered so far, from its request lines ("201 POST /repos/…"). */
function writesSeen(): number {
  // A GraphQL query is a POST that writes nothing.
  return output.split('\n').filter((line) => /^\d{3} (POST|PATCH|PUT|DELETE) (?!\/(api\/)?graphql\b)/.test(line))
    .length;
}

async function get(path: string): Promise<any> {
  const res = await fetch(`${apiUrl}/repos/acme/webapp/${path}`, {
    headers: { authorization: `Bearer ${TRY_TOKEN}`, 'user-agent': 'test' },
  });
  expect(res.status).toBe(200);
  return res.json();
}

describe('Try it locally', () => {
  it('the emulator prints its URL, the token and the commands to try', () => {
    expect(output).toContain(`export GITHUB_TOKEN=${TRY_TOKEN}`);
    for (const command of tryCommands(apiUrl)) expect(output).toContain(commandLine(command));
  });

  it('the README shows the same commands, dry run and real run, for the default port', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const url = `http://127.0.0.1:${DEFAULT_PORT}`;
    expect(readme).toContain('npm run emulator');
    expect(readme).toContain(`export GITHUB_TOKEN=${TRY_TOKEN}`);
    for (const command of tryCommands(url)) {
      expect(readme).toContain(`${commandLine(command)}\n`);
      expect(readme).toContain(`${commandLine(command, true)}\n`);
    }
  });

  it.each(ACTION_NAMES)('%s: the dry run writes nothing, the real run writes', async (action) => {
    const command = tryCommands(apiUrl).find((c) => c.action === action)!;
    const before = writesSeen();
    const dry = await run(command.args);
    expect(dry.code, dry.stdout + dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`${action} on acme/webapp (dry run)`);
    expect(writesSeen()).toBe(before);
    const real = await run([...command.args, '--apply']);
    expect(real.code, real.stdout + real.stderr).toBe(0);
    expect(real.stdout).not.toContain('(dry run)');
    expect(writesSeen()).toBeGreaterThan(before);
  });

  it('the real runs changed the sample repository', async () => {
    const labels = (await get('labels?per_page=100')).map((l: any) => l.name);
    expect(labels).toEqual(expect.arrayContaining(['priority: high', 'area/api', 'good first issue']));
    expect((await get('pulls?head=acme:docs/regenerated')).length).toBe(1);
    expect((await get('releases/tags/v1.3.0')).assets.map((a: any) => a.name).sort()).toEqual([
      'SHA256SUMS',
      'webapp-1.3.0.sbom.json',
      'webapp-1.3.0.tgz',
    ]);
  });

  it('Ctrl-C stops it cleanly', async () => {
    const exited = new Promise<number | null>((resolve) => emulator.on('exit', (code) => resolve(code)));
    emulator.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toMatch(/Stopped after \d+ requests\./);
  });
});
