// The previous build of the CLI, as released: its committed bundle (`git show <rev>:dist/cli/…`, with the package.json
// it reads its version from) written into a temp folder whose node_modules is the repository's, so a bench or test
// can run old replicas beside the new build (issue 36 item 5: an upgrade with a real pending migration, and old code
// refusing a newer schema). The revision: by default the last commit before the newest migration was added (for
// migration 3, 5eb3658), found in the history, so it needs a full clone (CI fetches one); the bench takes
// BENCH_UPGRADE_FROM.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './run-bundle';
import { tempDir } from './service';

export interface PreviousBuild {
  /** The revision written (as given). */
  rev: string;
  /** `node` arguments that run its CLI (`…/dist/cli/index.js`). */
  entry: string[];
  remove(): void;
}

const git = (args: string[]) =>
  execFileSync('git', args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * The commit before the one that added migration `version` (the oldest commit whose diff adds its `version: N,`
 * line; HEAD while it is not committed yet), as a short hash.
 */
export function lastCommitBefore(version: number): string {
  const adding = git([
    'log',
    '--format=%H',
    `-Sversion: ${version},`,
    '--',
    'src/hosts/service/store/schema-migrations.ts',
    // Its path before the layout move (the history of a migration may predate it).
    'src/webhooks/store/schema-migrations.ts',
  ])
    .toString('utf8')
    .split('\n')
    .filter((l) => l !== '');
  const before = adding.length ? `${adding[adding.length - 1]}^` : 'HEAD';
  return git(['rev-parse', '--short', before]).toString('utf8').trim();
}

export function writePreviousBuild(rev: string): PreviousBuild {
  const dir = tempDir('previous-build');
  try {
    const files = git(['ls-tree', '-r', '--name-only', rev, '--', 'dist/cli'])
      .toString('utf8')
      .split('\n')
      .filter((f) => f !== '');
    if (!files.includes('dist/cli/index.js')) throw new Error(`${rev} has no committed dist/cli/index.js`);
    for (const file of [...files, 'package.json']) {
      const to = join(dir, file);
      mkdirSync(dirname(to), { recursive: true });
      writeFileSync(to, git(['show', `${rev}:${file}`]));
    }
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return { rev, entry: [join(dir, 'dist/cli/index.js')], remove: () => rmSync(dir, { recursive: true, force: true }) };
}
