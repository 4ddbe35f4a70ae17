// What is wrong with a command's flags, in the user's terms: each zod issue as `--<flag>: <message>`.
import { z } from 'zod';

export function flagProblem(err: unknown): string {
  return err instanceof z.ZodError
    ? err.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')
    : (err as Error).message;
}
