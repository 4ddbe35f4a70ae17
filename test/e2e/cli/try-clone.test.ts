// commit-files tried as it runs in a workflow, offline: the emulator's git server gives real clones, and the README's
// lines (the launcher prints the same) run as written: two clones of main, a change in each, two commit-files runs
// with the default `on-unknown-base: fail`. The first moves main; the second finds main ahead of its base (a
// concurrent push) and applies its change three-way onto it, keeping the first run's. A push is refused (commits go through the API), and --checkout clones too.
import { exec, execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchEmulator, type Launched } from '../../../scripts/emulator/launch';
import { cloneTryLines, DEFAULT_PORT, TRY_TOKEN } from '../../../scripts/emulator/try-commands';
import { nodeBinary, ROOT } from '../../../harness/run-bundle';

const sh = promisify(exec);
let launched: Launched;
const checkout = join(mkdtempSync(join(tmpdir(), 'try-clone-checkout-')), 'webapp');
beforeAll(async () => {
  launched = await launchEmulator({ port: 0, checkout });
});
afterAll(async () => {
  await launched.git.close();
  await launched.emulator.close();
});

async function mainFile(path: string): Promise<string | undefined> {
  const res = await fetch(`${launched.emulator.apiUrl}/repos/acme/webapp/contents/${path}?ref=main`, {
    headers: { authorization: `Bearer ${TRY_TOKEN}`, 'user-agent': 'test', accept: 'application/vnd.github.raw' },
  });
  return res.status === 200 ? res.text() : undefined;
}

describe('commit-files from a clone of the emulator', () => {
  it('the README shows the lines the launcher prints, for the default ports', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const url = `http://127.0.0.1:${DEFAULT_PORT}`;
    for (const line of cloneTryLines(url, `http://127.0.0.1:${DEFAULT_PORT + 1}`))
      expect(readme).toContain(`${line}\n`);
    for (const line of cloneTryLines(launched.emulator.apiUrl, launched.git.url))
      expect(launched.banner).toContain(`  ${line}`);
  });

  it('two runs from clones of the same commit: the first moves main, the second goes three-way onto it', async () => {
    const base = mkdtempSync(join(tmpdir(), 'try-clone-'));
    const clones = { first: join(base, 'a'), second: join(base, 'b') };
    const cache = mkdtempSync(join(tmpdir(), 'try-clone-cache-'));
    const readmeBefore = await mainFile('README.md');
    const outputs: string[] = [];
    for (const line of cloneTryLines(launched.emulator.apiUrl, launched.git.url, clones)) {
      const command = line.replace(/^node /, `${JSON.stringify(nodeBinary())} `);
      const r = await sh(command, {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: cache, XDG_CACHE_HOME: cache, GITHUB_TOKEN: TRY_TOKEN },
      });
      outputs.push(r.stdout);
    }
    const [first, second] = outputs.slice(-2);
    expect(first, first).toMatch(/Committed [0-9a-f]{40} to main/);
    // The second clone's base is behind main now: its change goes three-way onto the first run's commit.
    expect(second, second).toMatch(
      /Base [0-9a-f]{7} \(the checkout's HEAD\); main is 1 commit ahead at [0-9a-f]{7} .*: the change set goes three-way onto it/,
    );
    expect(second).toMatch(/Committed [0-9a-f]{40} to main/);
    expect(await mainFile('README.md')).toBe(`${readmeBefore}A line from the first run.\n`);
    expect(await mainFile('NOTES.md')).toBe('Notes from the second run.\n');
  });

  it('refuses a push (the emulator takes commits through its API), and --checkout cloned the repository', async () => {
    expect(existsSync(join(checkout, '.git'))).toBe(true);
    expect(existsSync(join(checkout, 'README.md'))).toBe(true);
    const push = promisify(execFile)('git', ['push', 'origin', 'HEAD:refs/heads/pushed'], { cwd: checkout });
    await expect(push).rejects.toMatchObject({ stderr: expect.stringContaining('through its API') });
  });
});
