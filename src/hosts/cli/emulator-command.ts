// `repo-actions emulator [--port N] [--scenario file] [--checkout dir] [--strict-secondary] [--quiet]`: starts the local GitHub API emulator
// (scripts/emulator.ts, `npm run emulator`) where the command line runs from a clone. The emulator is test code
// (TypeScript run by tsx, a devDependency) and is not in the package a release attaches: there, the command says
// how to get it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const EMULATOR_HELP = `Usage: repo-actions emulator [--port N] [--scenario file] [--checkout dir] [--strict-secondary] [--quiet]

Starts the local GitHub API emulator (the one the tests use) on 127.0.0.1 until Ctrl-C, and prints its URL, its
tokens and commands to try each action against it. Git's smart HTTP serves each repository on the next port
(git clone, then commit-files from the clone); --checkout dir clones the first one there. --strict-secondary turns
on the strict secondary limits (per identity: one write in flight, writes 1 s apart past a burst of 5, 60 a
minute). Needs a clone with its dev dependencies (npm ci); the same as npm run emulator.`;

const FROM_A_CLONE =
  'the emulator comes with a clone of the repository, not with the installed package: ' +
  'git clone https://github.com/repo-actions/repo-actions && cd repo-actions && npm ci && npm run emulator';

/** The script and the TypeScript loader, or why the emulator cannot start from this installation. */
export function emulatorLaunch(root: string): { script: string; loader: string } | { problem: string } {
  const script = join(root, 'scripts', 'emulator.ts');
  const loader = join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs');
  if (!existsSync(script)) return { problem: FROM_A_CLONE };
  if (!existsSync(loader)) return { problem: `run npm ci in ${root} first (the emulator needs its dev dependencies)` };
  return { script, loader };
}

export async function emulatorCommand(root: string, argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${EMULATOR_HELP}\n`);
    return 0;
  }
  const launch = emulatorLaunch(root);
  if ('problem' in launch) {
    process.stderr.write(`repo-actions emulator: ${launch.problem}\n`);
    return 1;
  }
  const child = spawn(process.execPath, ['--import', pathToFileURL(launch.loader).href, launch.script, ...argv], {
    cwd: root,
    stdio: 'inherit',
  });
  // Ctrl-C reaches the child from the terminal; a SIGTERM sent to this process is passed on. Either way this
  // process waits for the emulator to close and returns its exit code.
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const onInt = forward('SIGINT');
  const onTerm = forward('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  try {
    return await new Promise<number>((done) => {
      child.on('error', () => done(1));
      child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
    });
  } finally {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  }
}
