// `npm run emulator -- --strict-secondary` (and `repo-actions emulator --strict-secondary`, which passes its
// arguments to the same script) reaches the emulator: a burst of writes of one identity is refused past the strict
// mode's limits, while without the flag the same burst is accepted.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { emulatorLaunch } from '../../../src/hosts/cli/emulator-command';
import { TRY_TOKEN } from '../../../scripts/emulator/try-commands';

const ROOT = join(__dirname, '../../..');
let child: ChildProcess | undefined;

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
});

/** Starts the emulator script as the command line does; resolves its URL and everything it printed. */
async function start(flags: string[]): Promise<{ apiUrl: string; output: () => string }> {
  const launch = emulatorLaunch(ROOT);
  if ('problem' in launch) throw new Error(launch.problem);
  let output = '';
  const proc = spawn(
    process.execPath,
    ['--import', pathToFileURL(launch.loader).href, launch.script, '--port', '0', '--quiet', ...flags],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child = proc;
  proc.stdout.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const apiUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the emulator did not start:\n${output}`)), 30_000);
    proc.stdout.on('data', () => {
      const m = /GitHub API emulator at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m && output.includes('Ctrl-C stops the emulator')) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.on('exit', (code) => reject(new Error(`the emulator exited (${code}):\n${output}`)));
  });
  return { apiUrl, output: () => output };
}

/** Eight label creates of one identity at once: statuses, sorted. */
async function burst(apiUrl: string): Promise<number[]> {
  const create = (i: number) =>
    fetch(`${apiUrl}/repos/acme/webapp/labels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TRY_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `burst ${i}`, color: 'ededed' }),
    }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    });
  return (await Promise.all(Array.from({ length: 8 }, (_, i) => create(i)))).sort();
}

describe('the emulator command line: --strict-secondary', () => {
  it('refuses writes of one identity past the strict limits, and says so when it starts', async () => {
    const { apiUrl, output } = await start(['--strict-secondary']);
    expect(output()).toMatch(/Strict secondary limits: per identity one write in flight/);
    const statuses = await burst(apiUrl);
    // at most the burst of 5 accepted (fewer when writes met in flight), the rest refused as GitHub does: 403
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 403).length).toBeGreaterThanOrEqual(3);
    expect(statuses.every((s) => s === 201 || s === 403)).toBe(true);
  }, 60_000);

  it('without the flag the same burst is accepted', async () => {
    const { apiUrl, output } = await start([]);
    expect(output()).not.toMatch(/Strict secondary limits/);
    expect(await burst(apiUrl)).toEqual(Array(8).fill(201));
  }, 60_000);

  it('the help of both commands names the flag', async () => {
    const { EMULATOR_HELP } = await import('../../../src/hosts/cli/emulator-command');
    expect(EMULATOR_HELP).toContain('--strict-secondary');
  });
});
