// The service's data directory holds the embedded PostgreSQL and its password. An attacker who can swap it (a
// symbolic link to their folder), who owns it, or who can write into it (group- or world-writable) could read or
// replace the deliveries: each is refused before anything is written; a new one is created 0700.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from '../../src/hosts/service/store/data-dir';

const root = mkdtempSync(join(tmpdir(), 'data-dir-attack-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the service data directory', () => {
  it('is created 0700', () => {
    const dir = prepareDataDir(join(root, 'fresh'));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('refuses a symbolic link, a group- or world-writable folder, and one owned by another user', () => {
    const target = join(root, 'attacker');
    mkdirSync(target, { mode: 0o700 });
    symlinkSync(target, join(root, 'link'));
    expect(() => prepareDataDir(join(root, 'link'))).toThrow(/symbolic link/);

    const open = join(root, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    expect(() => prepareDataDir(open)).toThrow(/writable by other users/);

    if (process.getuid?.() === 0) {
      const foreign = join(root, 'foreign');
      mkdirSync(foreign, { mode: 0o700 });
      chownSync(foreign, 65534, 65534);
      expect(() => prepareDataDir(foreign)).toThrow(/belongs to another user/);
    }
  });
});
