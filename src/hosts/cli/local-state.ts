// What the command line keeps between runs, made explicit: one folder per API origin and repository under the
// user's private cache directory (`cache-dir.ts`), given to the action as its RUNNER_TEMP. The client's ETag cache
// and write history and triage's job memory live in it, so state from one server (the local emulator) never
// reaches another (github.com), and an entry lives as long as a job could (6 hours from its first run), as
// RUNNER_TEMP does in a workflow. `repo-actions cache` lists the entries, `repo-actions cache clear` removes them,
// `--no-cache` runs with a fresh folder removed afterwards. Each entry's `entry.json` says what it belongs to.
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** How long an entry is used after its first run: the longest a GitHub-hosted job runs (6 hours). */
export const ENTRY_LIFETIME_MS = 6 * 60 * 60 * 1000;
const ENTRY_FILE = 'entry.json';
/** The folders of the layout before entries (one shared ETag cache, job memory keyed by repository alone). */
const OLDER_LAYOUT = ['repo-actions-cache', 'repo-actions-triage'];

const entrySchema = z.object({ apiUrl: z.string(), repository: z.string(), created: z.string() });
export type EntryMeta = z.infer<typeof entrySchema>;

export interface CacheEntry extends EntryMeta {
  /** The entry's folder (the action's RUNNER_TEMP). */
  path: string;
  bytes: number;
  expires: Date;
}

const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');

/** The folder name of an API origin: readable (`api.github.com`, `127.0.0.1_7878`) plus a hash of the exact URL. */
export function originKey(apiUrl: string): string {
  const url = new URL(apiUrl);
  const readable = safe(`${url.hostname}${url.port ? `_${url.port}` : ''}${url.pathname.replace(/\/+$/, '')}`);
  const hash = createHash('sha256').update(apiUrl.replace(/\/+$/, '')).digest('hex').slice(0, 8);
  return `${readable.slice(0, 80)}-${hash}`;
}

export function entryPath(root: string, apiUrl: string, repository: string): string {
  const [owner = '', name = ''] = repository.split('/');
  return join(root, originKey(apiUrl), `${safe(owner)}__${safe(name)}`);
}

function readMeta(folder: string): EntryMeta | undefined {
  try {
    const parsed = entrySchema.safeParse(JSON.parse(readFileSync(join(folder, ENTRY_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function isDirectory(path: string): boolean {
  try {
    const stat = lstatSync(path);
    return stat.isDirectory() && !stat.isSymbolicLink();
  } catch {
    return false;
  }
}

function sizeOf(path: string): number {
  let total = 0;
  for (const name of readdirSync(path)) {
    const child = join(path, name);
    const stat = lstatSync(child);
    total += stat.isDirectory() ? sizeOf(child) : stat.size;
  }
  return total;
}

/** Every entry under `root`, newest first; a folder without a readable `entry.json` is listed as unknown. */
export function listEntries(root: string): CacheEntry[] {
  if (!isDirectory(root)) return [];
  const out: CacheEntry[] = [];
  for (const origin of readdirSync(root)) {
    const originDir = join(root, origin);
    if (!isDirectory(originDir) || OLDER_LAYOUT.includes(origin)) continue;
    for (const repo of readdirSync(originDir)) {
      const path = join(originDir, repo);
      if (!isDirectory(path)) continue;
      const meta = readMeta(path) ?? {
        apiUrl: '(unknown)',
        repository: '(unknown)',
        created: new Date(0).toISOString(),
      };
      const created = Date.parse(meta.created);
      out.push({ ...meta, path, bytes: sizeOf(path), expires: new Date((created || 0) + ENTRY_LIFETIME_MS) });
    }
  }
  return out.sort((a, b) => b.created.localeCompare(a.created));
}

/** The folders of the older layout that exist under `root` (removed by `prune` and `clear`). */
export function olderLayoutFolders(root: string): string[] {
  return OLDER_LAYOUT.map((name) => join(root, name)).filter(isDirectory);
}

function removeEntry(path: string): void {
  rmSync(path, { recursive: true, force: true });
  const originDir = join(path, '..');
  if (isDirectory(originDir) && readdirSync(originDir).length === 0)
    rmSync(originDir, { recursive: true, force: true });
}

/** Removes the expired entries (and the older layout's folders); returns what it removed. */
export function pruneEntries(root: string, now: Date = new Date()): string[] {
  const removed = [...olderLayoutFolders(root)];
  for (const folder of removed) rmSync(folder, { recursive: true, force: true });
  for (const entry of listEntries(root)) {
    if (entry.expires.getTime() > now.getTime()) continue;
    removeEntry(entry.path);
    removed.push(entry.path);
  }
  return removed;
}

/** Removes the entries that match (all of them without a filter); returns the removed entries. */
export function clearEntries(root: string, filter: { apiUrl?: string; repository?: string } = {}): CacheEntry[] {
  const apiUrl = filter.apiUrl?.replace(/\/+$/, '');
  const repository = filter.repository?.toLowerCase();
  const removed = listEntries(root).filter(
    (e) =>
      (apiUrl === undefined || e.apiUrl === apiUrl) &&
      (repository === undefined || e.repository.toLowerCase() === repository),
  );
  for (const entry of removed) removeEntry(entry.path);
  if (apiUrl === undefined && repository === undefined)
    for (const folder of olderLayoutFolders(root)) rmSync(folder, { recursive: true, force: true });
  return removed;
}

/**
 * The entry for an origin and repository, created (0700, `entry.json` recording what it is for) when missing or
 * expired; the expired ones of every origin are removed first. `root` must already be a private directory.
 */
export function openEntry(root: string, apiUrl: string, repository: string, now: Date = new Date()): string {
  pruneEntries(root, now);
  const path = entryPath(root, apiUrl, repository);
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if (!readMeta(path)) {
    const meta: EntryMeta = { apiUrl: apiUrl.replace(/\/+$/, ''), repository, created: now.toISOString() };
    writeFileSync(join(path, ENTRY_FILE), `${JSON.stringify(meta)}\n`, { mode: 0o600 });
  }
  return path;
}
