// A private directory (the ETag cache of the actions, the command line and the service) reached through a folder
// that someone else may write to is refused: they could rename the folder and put their own path in its place.
// Sticky folders (/tmp) are fine: others cannot rename what is not theirs there.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { privateDirectoryProblem } from '../../src/github/client/private-dir';

const made: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'private-dir-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) {
    chmodSync(dir, 0o700);
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('privateDirectoryProblem', () => {
  it('accepts a new folder under the sticky temporary folder, created 0700', () => {
    expect(privateDirectoryProblem(join(fresh(), 'cache'))).toBeUndefined();
  });

  it('refuses a folder reached through a world-writable, non-sticky folder', () => {
    const open = fresh();
    chmodSync(open, 0o777);
    expect(privateDirectoryProblem(join(open, 'cache'))).toMatch(
      /reached through .*which others may write to \(mode 777\)/,
    );
  });

  it('refuses a folder reached through a folder owned by another user', () => {
    const root = fresh();
    const uid = (process.getuid?.() ?? 0) + 1;
    // The folder is ours, so as "another user" it is theirs: the check names the folder above.
    mkdirSync(join(root, 'x'), { mode: 0o700 });
    expect(privateDirectoryProblem(join(root, 'x', 'cache'), uid)).toMatch(/belongs to user/);
  });

  it('refuses a symbolic link in place of the folder', () => {
    const root = fresh();
    mkdirSync(join(root, 'elsewhere'));
    symlinkSync(join(root, 'elsewhere'), join(root, 'cache'));
    expect(privateDirectoryProblem(join(root, 'cache'))).toMatch(/: it is a symbolic link/);
  });
});
