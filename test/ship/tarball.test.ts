// What the release attaches starts: the project is packed (`npm pack`), the tarball installed into an empty folder
// with production dependencies only (`npm install --omit=dev`, once for every test of this file), and the installed
// `repo-actions` prints its version, dry-runs an action against the emulator and serves until /readyz answers 200.
// A `graphile-worker.config.js` above the working directory (issue 40 item 10) changes none of it: the queue
// library's config-file search is not in the bundle (scripts/bundle-stubs/cosmiconfig.ts).
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { sampleScenario } from '../../emulator/sample-scenario';
import { ROOT } from '../../harness/run-bundle';
import {
  devOnlyPackages,
  dryRun,
  npm,
  runInstalled,
  serveUntilReady,
  tempDir,
  workspace,
  removeTempDirs,
} from './installed';

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

let emu: Emulator;
let prefix: string;
let bin: string;
let tarballBytes = 0;

beforeAll(async () => {
  emu = await createEmulator(sampleScenario(), { timeScale: 0.01 });
  const packed = tempDir('pack');
  const [info] = JSON.parse(await npm(['pack', '--json', '--pack-destination', packed], ROOT)) as {
    filename: string;
  }[];
  const tarball = join(packed, info.filename);
  tarballBytes = statSync(tarball).size;
  prefix = tempDir('install');
  writeFileSync(join(prefix, 'package.json'), '{ "private": true }\n');
  await npm(['install', '--omit=dev', tarball], prefix);
  bin = join(prefix, 'node_modules', 'repo-actions', 'dist', 'cli', 'index.js');
}, 600_000);
afterAll(async () => {
  await emu?.close();
  removeTempDirs();
});

describe('the packed tarball, installed with production dependencies only', () => {
  it('holds the command line and no development package', () => {
    expect(tarballBytes).toBeGreaterThan(0);
    expect(existsSync(bin)).toBe(true);
    expect(existsSync(join(prefix, 'node_modules', '.bin', 'repo-actions'))).toBe(true);
    for (const dev of devOnlyPackages()) expect(existsSync(join(prefix, 'node_modules', dev)), dev).toBe(false);
  });

  it('prints its version', async () => {
    const r = await runInstalled(bin, ['--version'], workspace({}));
    expect(r).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('dry-runs an action against the emulator: the plan is printed, nothing is written', async () => {
    const mark = emu.log.mark();
    const r = await dryRun(bin, emu);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/dry run: nothing will be written/i);
    expect(r.stdout).toContain('shipped');
    const requests = emu.log.since(mark);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((e) => e.contentCreating)).toEqual([]);
  });

  it('serves on its embedded store until /readyz answers 200, and stops cleanly on SIGTERM', async () => {
    const served = await serveUntilReady([bin, 'serve'], workspace({}), emu);
    expect(served.readyStatus, served.output.join('\n')).toBe(200);
    expect(served.exitCode, served.output.join('\n')).toBe(0);
  });

  describe('with a graphile-worker.config.js (and an rc file) in a folder above the working directory', () => {
    let cwd: string;
    let marker: string;
    beforeAll(() => {
      const outer = tempDir('planted');
      marker = join(outer, 'config-was-loaded');
      // What a config file could do if it were loaded: run code, or fail to parse.
      writeFileSync(
        join(outer, 'graphile-worker.config.js'),
        `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'loaded');\nthrow new Error('planted config loaded');\n`,
      );
      writeFileSync(join(outer, '.graphile-workerrc'), '{ not json');
      cwd = join(outer, 'checkout', 'sub');
      mkdirSync(cwd, { recursive: true });
    });

    it('--help and --version work and read no config file', async () => {
      const help = await runInstalled(bin, ['--help'], cwd);
      expect(help.code, help.stderr).toBe(0);
      expect(help.stdout).toMatch(/^Usage: repo-actions/);
      const v = await runInstalled(bin, ['--version'], cwd);
      expect(v).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
      expect(existsSync(marker)).toBe(false);
    });

    it('serve starts its queue and answers /readyz 200 without reading it', async () => {
      const served = await serveUntilReady([bin, 'serve'], cwd, emu);
      expect(served.readyStatus, served.output.join('\n')).toBe(200);
      expect(served.exitCode, served.output.join('\n')).toBe(0);
      expect(served.output.join('\n')).not.toContain('planted config loaded');
      expect(existsSync(marker)).toBe(false);
    });
  });
});
