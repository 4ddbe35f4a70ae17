// A command's flags, read the same way by every command: a problem is said on stderr with the usage (exit 2),
// `--help` prints the usage on stdout (exit 0); otherwise the parsed flags.
import { z } from 'zod';
import { flagProblem } from './flag-problem';

/** The store flags every command that opens the service's database takes (serve, deliveries, migrate). */
export const storeFlagSchemas = {
  database: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  'data-dir': z.string().min(1),
};

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
