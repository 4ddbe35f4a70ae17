// What this job wrote, remembered across the runs of one job in `RUNNER_TEMP` (beside the client's ETag
// cache): a second sweep in the same job knows that an item's last update was its own write and that the
// stale pair is complete, so it reads no comments. A fresh runner starts with an empty memory.
// The memory decides closes (a remembered mark skips the comment read), so it is kept only in a private folder:
// a real directory (not a symlink), owned by this process's user, with no access for group or others (0700), and
// a regular file of ours in it. Anything else (a shared temp folder another user prepared) is not read or
// written: the memory only saves reads.
import { lstat, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { RepoRef } from './reader';

export interface MemoryEntry {
  /** Server time just after the engine's last write to the item: an `updated_at` up to then is its own. */
  at: string;
  /** When the engine's stale pair (label and comment) was complete, if it is. */
  markedAt?: string;
}

export interface JobMemory {
  get(number: number): MemoryEntry | undefined;
  remember(number: number, entry: MemoryEntry): void;
}

const Stored = z.record(z.string().regex(/^\d+$/), z.object({ at: z.string(), markedAt: z.string().optional() }));

export function inMemoryJobMemory(initial: Record<string, MemoryEntry> = {}): JobMemory & {
  entries(): Record<string, MemoryEntry>;
} {
  const entries = new Map<number, MemoryEntry>(Object.entries(initial).map(([n, e]) => [Number(n), e]));
  return {
    get: (number) => entries.get(number),
    remember(number, entry) {
      const before = entries.get(number);
      entries.set(number, { ...entry, ...(entry.markedAt || !before?.markedAt ? {} : { markedAt: before.markedAt }) });
    },
    entries: () => Object.fromEntries([...entries].map(([n, e]) => [String(n), e])),
  };
}

function fileOf(tempDir: string, repo: RepoRef): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');
  return join(tempDir, 'repo-actions-triage', `${safe(repo.owner)}__${safe(repo.repo)}.json`);
}

/** Why a path is not ours alone (undefined when it is): a symlink, another kind, another owner, open to others. */
export async function notPrivate(path: string, kind: 'directory' | 'file'): Promise<string | undefined> {
  const stat = await lstat(path).catch(() => undefined);
  if (!stat) return 'missing';
  if (stat.isSymbolicLink()) return 'a symbolic link';
  if (kind === 'directory' ? !stat.isDirectory() : !stat.isFile()) return `not a ${kind}`;
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) return `owned by user ${stat.uid}, not by this process (${uid})`;
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0)
    return `open to group or others (mode ${(stat.mode & 0o777).toString(8)})`;
  return undefined;
}

/**
 * The job's memory for a repository; an unreadable file, or a folder that is not private (see the module header),
 * is an empty memory. `warn` says why a memory is not used.
 */
export async function loadJobMemory(
  tempDir: string,
  repo: RepoRef,
  warn: (message: string) => void = () => undefined,
): Promise<JobMemory & { save(): Promise<void> }> {
  const folder = join(tempDir, 'repo-actions-triage');
  const file = fileOf(tempDir, repo);
  const folderProblem = await notPrivate(folder, 'directory');
  const fileProblem = folderProblem ? 'unchecked' : await notPrivate(file, 'file');
  if (folderProblem && folderProblem !== 'missing')
    warn(`The job memory folder ${folder} is ${folderProblem}: not used (sweeps read the comments they need).`);
  const text = fileProblem === undefined ? await readFile(file, 'utf8').catch(() => undefined) : undefined;
  let initial: Record<string, MemoryEntry> = {};
  try {
    if (text !== undefined) initial = Stored.parse(JSON.parse(text));
  } catch {
    initial = {};
  }
  const memory = inMemoryJobMemory(initial);
  return {
    ...memory,
    async save() {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const problem = await notPrivate(folder, 'directory');
      if (problem) {
        warn(`The job memory folder ${folder} is ${problem}: the memory is not saved.`);
        return;
      }
      const partial = `${file}.${process.pid}.tmp`;
      // `wx`: never through a file (or link) someone else put there.
      await writeFile(partial, JSON.stringify(memory.entries()), { mode: 0o600, flag: 'wx' });
      await rename(partial, file);
    },
  };
}
