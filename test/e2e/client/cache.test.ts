// The ETag cache on disk: files 0600 in a 0700 directory, a symlinked directory refused, and the in-memory
// cache bounded in bytes (least recently used out first), against the emulator's real ETags.
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../emulator';
import { emulatorClient, logLines, scenario } from './emulator-client';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

const repo = { owner: 'octo', repo: 'app' };

describe('ETag cache', () => {
  it('writes private files in a private directory, and a later client gets free 304s from them', async () => {
    emu = await createEmulator(scenario(5), { timeScale: 0.001 });
    const dir = join(mkdtempSync(join(tmpdir(), 'cache-e2e-')), 'repo-actions-cache');
    await emulatorClient(emu, { cacheDir: dir }).paginate('GET /repos/{owner}/{repo}/labels', repo);
    expect(lstatSync(dir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(lstatSync(join(dir, f)).mode & 0o777).toBe(0o600);

    const later = emulatorClient(emu, { cacheDir: dir });
    expect(await later.paginate('GET /repos/{owner}/{repo}/labels', repo)).toHaveLength(5);
    expect(later.telemetry.snapshot().notModified).toBe(1);
  });

  it('refuses a cache directory that is a symbolic link, and keeps the cache in memory', async () => {
    emu = await createEmulator(scenario(2), { timeScale: 0.001 });
    const root = mkdtempSync(join(tmpdir(), 'cache-link-'));
    mkdirSync(join(root, 'elsewhere'));
    symlinkSync(join(root, 'elsewhere'), join(root, 'cache'));
    const { lines, log } = logLines();
    const c = emulatorClient(emu, { cacheDir: join(root, 'cache'), log });
    await c.paginate('GET /repos/{owner}/{repo}/labels', repo);
    expect(lines.join('\n')).toMatch(/symbolic link/);
    expect(readdirSync(join(root, 'elsewhere'))).toEqual([]);
    await c.paginate('GET /repos/{owner}/{repo}/labels', repo);
    expect(c.telemetry.snapshot().notModified).toBe(1);
  });

  it('stays within its byte bound: the least recently used answer goes first and costs a full request again', async () => {
    emu = await createEmulator(scenario(30), { timeScale: 0.001 });
    // Room for about two single-label answers.
    const c = emulatorClient(emu, { cacheMaxBytes: 1500 });
    const get = (name: string) =>
      c.octokit.request('GET /repos/{owner}/{repo}/labels/{name}', { ...repo, name }).then((r) => r.data.name);
    await get('label-0');
    await get('label-1');
    await get('label-0'); // 304: label-0 is now the most recent
    await get('label-2'); // evicts label-1
    const mark = emu.log.mark();
    await get('label-0');
    await get('label-1');
    expect(emu.log.since(mark).map((e) => e.status)).toEqual([304, 200]);
  });
});
