// The one way this project runs git. A checkout is the workspace's, and its `.git/config` is text a stranger may
// have written (a pull request's checkout, a folder on a developer's machine): git would start a program named
// there (core.fsmonitor, hooks, core.sshCommand and the transports of a partial clone's lazy fetch, core.pager,
// diff drivers, filters, credential helpers, core.askPass, gpg.program, auto gc). Every invocation here reads only,
// overrides each such key on the command line (which beats every config file), allows no transport at all (so a
// partial clone's missing object is an error, never a fetch: git 2.39 has no --no-lazy-fetch, and
// GIT_ALLOW_PROTOCOL, an allow-list in the environment, overrides every protocol.*.allow of the config), and runs
// with a minimal environment: no INPUT_* (the token), no GITHUB_TOKEN, no GIT_* a caller set.
// Evidence: git-config(1) (core.fsmonitor, core.hooksPath, core.sshCommand, core.pager, core.askPass,
// credential.helper, diff.external, filter.<driver>.*, gpg.program, log.showSignature, gc.auto, protocol.allow),
// git(1) ("GIT_ALLOW_PROTOCOL … overriding any existing configuration"), git-upload-pack(1) (packObjectsHook is read
// only from protected config, never the repository's).
import { execFile } from 'node:child_process';

/** The `-c` overrides that keep every program named by a config file from running. */
export const GIT_SAFE_CONFIG: readonly string[] = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'core.untrackedCache=false',
  'core.pager=cat',
  'core.askPass=',
  'core.sshCommand=',
  'core.gitProxy=',
  'credential.helper=',
  'diff.external=',
  'log.showSignature=false',
  'gc.auto=0',
  'maintenance.auto=false',
  'submodule.recurse=false',
  'protocol.allow=never',
  'protocol.file.allow=never',
  'protocol.ext.allow=never',
  'protocol.ssh.allow=never',
  'protocol.git.allow=never',
  'protocol.http.allow=never',
  'protocol.https.allow=never',
  'fetch.recurseSubmodules=false',
];

/** The global options before the subcommand: no pager, no external diff, no index refresh of the user's checkout. */
const GLOBAL_OPTIONS = ['--no-pager', '--no-optional-locks', ...GIT_SAFE_CONFIG.flatMap((c) => ['-c', c])];

/** The only variables of the caller's environment git sees (where git is, whose config is global, Windows' own). */
const KEPT = ['PATH', 'HOME', 'XDG_CONFIG_HOME', 'SYSTEMROOT', 'SystemRoot', 'USERPROFILE', 'TEMP', 'TMP', 'TMPDIR'];

/** git's environment: the kept variables of `env`, then the fixed ones that switch off prompts and transports. */
export function gitEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const name of KEPT) if (env[name] !== undefined) out[name] = env[name];
  return {
    ...out,
    LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    // An empty allow-list: no transport (ssh, file, http, ext::, a remote helper) may be used, lazy fetch included.
    GIT_ALLOW_PROTOCOL: '',
    GIT_NO_LAZY_FETCH: '1',
    GIT_PAGER: 'cat',
  };
}

/** The subcommands this project runs: plumbing that reads refs, the index and trees, and starts no filter. */
const READ_ONLY = new Set(['rev-parse', 'ls-files', 'ls-tree', 'cat-file']);

export interface GitOptions {
  /** Cap on stdout in bytes (default 256 MiB). */
  maxBuffer?: number;
  /** The host's environment, to take the kept variables from (`ActionContext.processEnv`). */
  env: NodeJS.ProcessEnv;
}

/** The full argument list of a git invocation (exported for the tests). */
export function gitArguments(args: readonly string[]): string[] {
  const command = args[0];
  if (!command || !READ_ONLY.has(command)) throw new Error(`git ${command ?? ''} is not a read-only command run here`);
  return [...GLOBAL_OPTIONS, ...args];
}

/** Runs a read-only git command in `cwd`; its stdout, or undefined when git fails or is missing. */
export async function runGit(cwd: string, args: readonly string[], options: GitOptions): Promise<string | undefined> {
  const argv = gitArguments(args);
  return new Promise((resolve) => {
    execFile(
      'git',
      argv,
      { cwd, env: gitEnvironment(options.env), maxBuffer: options.maxBuffer ?? 256 * 1024 * 1024, windowsHide: true },
      (err, stdout) => resolve(err ? undefined : stdout),
    );
  });
}
