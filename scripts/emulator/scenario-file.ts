// A scenario file for `npm run emulator --scenario <file>`: the emulator's Scenario (emulator/types.ts) as JSON
// or YAML. Only its outline is checked here (tokens and repositories with their names); the emulator's seeding
// reads the rest as the tests write it.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import type { Scenario } from './local-emulator';

const outline = z
  .object({
    tokens: z.record(
      z.string().min(1),
      z.object({ kind: z.enum(['workflow', 'user', 'installation']), login: z.string().optional() }).loose(),
    ),
    repositories: z
      .array(z.object({ owner: z.string().regex(/^[\w.-]+$/), name: z.string().regex(/^[\w.-]+$/) }).loose())
      .min(1),
  })
  .loose();

/** Reads and checks a scenario file; the message of a thrown error names the file and the first problem. */
export function readScenarioFile(file: string): Scenario {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`${file}: cannot read it (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let value: unknown;
  try {
    // YAML is a superset of JSON: one parser reads both.
    value = parse(text);
  } catch (err) {
    throw new Error(`${file}: not valid YAML or JSON (${(err as Error).message.split('\n')[0]})`);
  }
  const checked = outline.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : 'the top level';
    throw new Error(`${file}: ${where}: ${issue.message} (see emulator/types.ts, Scenario)`);
  }
  return checked.data as unknown as Scenario;
}
