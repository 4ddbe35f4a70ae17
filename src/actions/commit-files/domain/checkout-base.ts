// The base of the change set: the commit the workspace was checked out at, read from the local checkout with git
// (never written to it). The checkout's HEAD; else the run's GITHUB_SHA when the checkout holds that commit. The
// base is known only when the working directory is the top of a git work tree (its paths are then the repository's)
// and the checkout holds the commit and its tree (a shallow or partial clone may not). Anything else is an unknown
// base, with the reason, and the `on-unknown-base` input decides.
import { realpath } from 'node:fs/promises';
import { runGit } from '../../../kernel/git';
import type { Side } from './three-way';

export type BaseSource = 'HEAD' | 'GITHUB_SHA';

export type CheckoutBase =
  { known: true; sha: string; source: BaseSource; files: Map<string, Side> } | { known: false; reason: string };

/** A read-only git command in one folder (kernel/git.ts: a workspace's own config never runs a program); undefined when it fails. */
type Git = (args: string[]) => Promise<string | undefined>;

const SHA = /^[0-9a-f]{40}$/;

async function holdsCommit(git: Git, sha: string): Promise<boolean> {
  return (await git(['cat-file', '-e', `${sha}^{commit}`])) !== undefined;
}

/** Every file of a commit's tree: path → mode and object id (`git ls-tree -r`), or undefined when an object is missing. */
async function treeOf(git: Git, sha: string): Promise<Map<string, Side> | undefined> {
  const out = await git(['ls-tree', '-r', '-z', '--full-tree', sha]);
  if (out === undefined) return undefined;
  const files = new Map<string, Side>();
  for (const line of out.split('\0')) {
    if (!line) continue;
    const tab = line.indexOf('\t');
    const [mode, , id] = line.slice(0, tab).split(' ');
    if (!mode || !id) return undefined;
    files.set(line.slice(tab + 1), { mode, sha: id });
  }
  return files;
}

/** Reads the base of the working directory `dir` (a real path); `runSha` is GITHUB_SHA; `env` the host's environment. */
export async function readCheckoutBase(dir: string, runSha: string, env: NodeJS.ProcessEnv): Promise<CheckoutBase> {
  const git: Git = (args) => runGit(dir, args, { env, maxBuffer: 512 * 1024 * 1024 });
  const top = (await git(['rev-parse', '--show-toplevel']))?.trim();
  if (!top) return { known: false, reason: `${dir} is not in a git checkout (no .git)` };
  const realTop = await realpath(top).catch(() => top);
  if (realTop !== dir)
    return {
      known: false,
      reason: `the working directory is a folder inside the checkout at ${realTop}, so its paths are not the checkout's`,
    };
  const head = (await git(['rev-parse', '--verify', '-q', 'HEAD']))?.trim();
  let sha: string | undefined;
  let source: BaseSource = 'HEAD';
  if (head && SHA.test(head) && (await holdsCommit(git, head))) sha = head;
  else if (SHA.test(runSha) && (await holdsCommit(git, runSha))) {
    sha = runSha;
    source = 'GITHUB_SHA';
  }
  if (!sha) {
    const shallow = (await git(['rev-parse', '--is-shallow-repository']))?.trim() === 'true';
    return {
      known: false,
      reason: head
        ? `the checkout's HEAD names ${head}, but the checkout does not hold that commit${shallow ? ' (a shallow clone without it)' : ''}`
        : 'the checkout has no commit checked out',
    };
  }
  const files = await treeOf(git, sha);
  if (!files)
    return { known: false, reason: `the checkout does not hold the tree of ${sha} (a shallow or partial clone)` };
  return { known: true, sha, source, files };
}
