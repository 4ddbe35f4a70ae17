// What this job wrote, remembered across the runs of one job in `RUNNER_TEMP` (beside the client's ETag
// cache): a second sweep in the same job knows that an item's last update was its own write and that the
// stale pair is complete, so it reads no comments. A fresh runner starts with an empty memory.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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

/** The job's memory for a repository; an unreadable file is an empty memory (it only saves reads). */
export async function loadJobMemory(tempDir: string, repo: RepoRef): Promise<JobMemory & { save(): Promise<void> }> {
  const file = fileOf(tempDir, repo);
  const text = await readFile(file, 'utf8').catch(() => undefined);
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
      await mkdir(join(tempDir, 'repo-actions-triage'), { recursive: true, mode: 0o700 });
      const partial = `${file}.${process.pid}.tmp`;
      await writeFile(partial, JSON.stringify(memory.entries()), { mode: 0o600 });
      await rename(partial, file);
    },
  };
}
