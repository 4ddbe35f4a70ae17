// A real git checkout of the emulator's repository, as actions/checkout leaves one: the emulator's objects (real
// SHA-1 ids) written as git's loose objects, the commit checked out with git itself (index, modes, links). A shallow
// checkout holds only the head commit (`.git/shallow`); `withoutObjects` leaves HEAD naming a commit the clone lacks.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Emulator } from '../emulator';

type Repository = NonNullable<ReturnType<Emulator['state']['repo']>>;

export interface GitCheckoutOptions {
  /** Only the head commit (depth 1), as actions/checkout does by default. */
  shallow?: boolean;
  /** The files are there, the objects are not (HEAD names a commit the clone does not hold). */
  withoutObjects?: boolean;
}

const git = (dir: string, args: string[]) =>
  execFileSync('git', args, {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'ci',
      GIT_AUTHOR_EMAIL: 'ci@example.com',
      GIT_COMMITTER_NAME: 'ci',
      GIT_COMMITTER_EMAIL: 'ci@example.com',
    },
    encoding: 'utf8',
  });

function writeObject(dir: string, sha: string, type: string, body: Buffer): void {
  const path = join(dir, '.git', 'objects', sha.slice(0, 2), sha.slice(2));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, deflateSync(Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body])));
}

/** Checks out commit `head` of `repo` into the empty folder `dir` as branch `branch`. */
export function writeGitCheckout(
  repo: Repository,
  head: string,
  branch: string,
  dir: string,
  options: GitCheckoutOptions = {},
): void {
  git(dir, ['init', '-q', '-b', branch]);
  if (options.withoutObjects) {
    for (const [path, entry] of repo.filesAt(head)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), repo.objects.blob(entry.sha)!);
    }
    writeFileSync(join(dir, '.git', 'shallow'), `${head}\n`);
    writeFileSync(join(dir, '.git', 'refs', 'heads', branch), `${head}\n`);
    return;
  }
  const seen = new Set<string>();
  const put = (sha: string) => {
    if (seen.has(sha)) return;
    seen.add(sha);
    const object = repo.objects.get(sha)!;
    writeObject(dir, sha, object.type, object.body);
    if (object.type === 'tree') for (const e of repo.objects.tree(sha)!) if (e.type !== 'commit') put(e.sha);
  };
  const commits = options.shallow ? [head] : [head, ...repo.objects.commitsBetween(undefined, head)];
  for (const sha of new Set(commits)) {
    put(sha);
    put(repo.objects.commit(sha)!.tree);
  }
  if (options.shallow) writeFileSync(join(dir, '.git', 'shallow'), `${head}\n`);
  git(dir, ['update-ref', `refs/heads/${branch}`, head]);
  git(dir, ['read-tree', 'HEAD']);
  git(dir, ['checkout-index', '-a', '-f']);
}
