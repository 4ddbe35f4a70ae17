// `repo-actions emulator` finds the launcher in a clone and says how to get one where the package was installed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emulatorLaunch } from '../../../../src/hosts/cli/emulator-command';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('emulatorLaunch', () => {
  it('in this clone: the launcher script and the TypeScript loader', () => {
    const launch = emulatorLaunch(process.cwd());
    expect(launch).toEqual({
      script: join(process.cwd(), 'scripts', 'emulator.ts'),
      loader: join(process.cwd(), 'node_modules', 'tsx', 'dist', 'loader.mjs'),
    });
  });

  it('in an installed package (no scripts/): how to get a clone', () => {
    const root = mkdtempSync(join(tmpdir(), 'installed-'));
    dirs.push(root);
    const launch = emulatorLaunch(root);
    expect(launch).toHaveProperty('problem');
    expect((launch as { problem: string }).problem).toContain('git clone');
    expect((launch as { problem: string }).problem).toContain('npm run emulator');
  });

  it('in a clone without npm ci: run npm ci first', () => {
    const root = mkdtempSync(join(tmpdir(), 'clone-'));
    dirs.push(root);
    mkdirSync(join(root, 'scripts'));
    writeFileSync(join(root, 'scripts', 'emulator.ts'), '');
    expect((emulatorLaunch(root) as { problem: string }).problem).toContain('run npm ci');
  });
});
