// The login the job's token writes as, remembered across the runs of one job (beside the job memory, in the same
// private folder of `RUNNER_TEMP`, with the same rules: `job-memory.ts`' `notPrivate`): GraphQL's `viewer` costs a
// point a run, and a job that runs triage again (a sweep after a sweep, a stale pass after a label pass) would pay it
// every time although one token always writes as one login. The entry is keyed by a SHA-256 of the token, never the
// token itself: another token in the same job (an App's after the workflow token's) is asked again. Only a login
// learnt from GitHub is kept (never `own-login`'s guess), and an unreadable or foreign file is simply not used.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { notPrivate } from './job-memory';

export interface LoginMemory {
  /** The login learnt earlier in this job for this token, if any. */
  get(): string | undefined;
  /** Keeps a login learnt from GitHub for this token (written at once; a failure only costs a later read). */
  remember(login: string): Promise<void>;
}

const Stored = z.record(z.string().regex(/^[0-9a-f]{64}$/), z.string().min(1).max(100));

/** The job's memory of the login `token` writes as (see above); `warn` says why it is not used. */
export async function loadLoginMemory(
  tempDir: string,
  token: string,
  warn: (message: string) => void = () => undefined,
): Promise<LoginMemory> {
  const folder = join(tempDir, 'repo-actions-triage');
  const file = join(folder, 'logins.json');
  const key = createHash('sha256').update(token).digest('hex');
  const private_ = async () => (await notPrivate(folder, 'directory')) ?? (await notPrivate(file, 'file'));
  let known: Record<string, string> = {};
  if ((await private_()) === undefined) {
    try {
      known = Stored.parse(JSON.parse(await readFile(file, 'utf8')));
    } catch {
      known = {};
    }
  }
  return {
    get: () => known[key],
    async remember(login) {
      if (known[key] === login) return;
      try {
        await mkdir(folder, { recursive: true, mode: 0o700 });
        const problem = await notPrivate(folder, 'directory');
        if (problem) return warn(`The job memory folder ${folder} is ${problem}: the token's login is not kept.`);
        known = { ...known, [key]: login };
        const partial = `${file}.${process.pid}.tmp`;
        // `wx`: never through a file (or link) someone else put there.
        await writeFile(partial, JSON.stringify(known), { mode: 0o600, flag: 'wx' });
        await rename(partial, file);
      } catch (err) {
        warn(`The token's login could not be kept for the next run of this job: ${(err as Error).message}`);
      }
    },
  };
}
