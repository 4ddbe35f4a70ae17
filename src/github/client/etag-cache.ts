// Conditional requests: an ETag cache keyed by method, full URL with query, media type, API version and
// token. Entries live in memory, bounded in bytes (least recently used first out), and, when a directory is
// given (RUNNER_TEMP), on disk so that later steps of the same job reuse them: files 0600 in a 0700
// directory that is not a symlink and belongs to this user.
import { privateDirectoryProblem } from './private-dir';
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CacheEntry {
  etag?: string;
  lastModified?: string;
  /** Response headers worth keeping (link, content-type, ...): never rate-limit numbers. */
  headers: Record<string, string>;
  data: unknown;
}

export interface CacheKeyParts {
  method: string;
  url: string;
  accept: string;
  apiVersion: string;
  token: string;
}

export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;

/** A token is hashed into the key and never stored. */
export function cacheKey(p: CacheKeyParts): string {
  const tokenHash = createHash('sha256').update(p.token).digest('hex');
  return createHash('sha256')
    .update(JSON.stringify([p.method.toUpperCase(), p.url, p.accept.toLowerCase(), p.apiVersion, tokenHash]))
    .digest('hex');
}

const VOLATILE = /^(x-ratelimit-|date$|x-github-request-id$|retry-after$|set-cookie$|content-length$)/i;

export function keepHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers))
    if ((typeof v === 'string' || typeof v === 'number') && !VOLATILE.test(k)) out[k.toLowerCase()] = String(v);
  return out;
}

/** Why a directory cannot hold the cache, or undefined when it can (created 0700 when missing). */
export function cacheDirProblem(dir: string): string | undefined {
  return privateDirectoryProblem(dir);
}

interface Stored {
  entry: CacheEntry;
  bytes: number;
}

export class EtagCache {
  /** Insertion order is recency order: a hit moves its key to the end. */
  private readonly memory = new Map<string, Stored>();
  private bytes = 0;
  private readonly dir: string | null;
  /** Why the directory was refused (the cache then lives in memory only). */
  readonly refused?: string;

  constructor(
    dir: string | null,
    readonly maxBytes = DEFAULT_CACHE_BYTES,
  ) {
    const problem = dir ? cacheDirProblem(dir) : undefined;
    this.dir = dir && !problem ? dir : null;
    this.refused = problem;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.memory.size, bytes: this.bytes };
  }

  get(key: string): CacheEntry | undefined {
    const hit = this.memory.get(key);
    if (hit) {
      this.memory.delete(key);
      this.memory.set(key, hit);
      return hit.entry;
    }
    if (!this.dir) return undefined;
    try {
      const text = readFileSync(this.file(key), 'utf8');
      const entry = JSON.parse(text) as CacheEntry;
      this.keep(key, entry, Buffer.byteLength(text));
      return entry;
    } catch {
      return undefined;
    }
  }

  set(key: string, entry: CacheEntry): void {
    const text = JSON.stringify(entry);
    const bytes = Buffer.byteLength(text);
    // An answer larger than the whole cache is not kept (a repeat costs one request, not memory).
    if (bytes > this.maxBytes) return this.delete(key);
    this.keep(key, entry, bytes);
    if (!this.dir) return;
    const file = this.file(key);
    const temp = `${file}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, text, { mode: 0o600 });
      renameSync(temp, file);
    } catch {
      // A cache that cannot be written only costs requests later.
    }
  }

  delete(key: string): void {
    const old = this.memory.get(key);
    if (old) this.bytes -= old.bytes;
    this.memory.delete(key);
    if (!this.dir) return;
    try {
      unlinkSync(this.file(key));
    } catch {
      // Already gone.
    }
  }

  private keep(key: string, entry: CacheEntry, bytes: number): void {
    const old = this.memory.get(key);
    if (old) this.bytes -= old.bytes;
    this.memory.delete(key);
    this.memory.set(key, { entry, bytes });
    this.bytes += bytes;
    for (const [oldest] of this.memory) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private file(key: string): string {
    return join(this.dir!, `${key}.json`);
  }
}
