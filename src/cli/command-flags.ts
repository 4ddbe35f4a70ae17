// A command's flags, read the same way by every command: a problem is said on stderr with the usage (exit 2),
// `--help` prints the usage on stdout (exit 0); otherwise the parsed flags.
import { flagProblem } from './flag-problem';

/** The parsed flags, or the exit code when the command has nothing more to do. */
export function commandFlags<T extends { help: boolean }>(command: string, usage: string, parse: () => T): T | number {
  let parsed: T;
  try {
    parsed = parse();
  } catch (err) {
    process.stderr.write(`repo-actions ${command}: ${flagProblem(err)}\n\n${usage}\n`);
    return 2;
  }
  if (parsed.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  return parsed;
}
