// Conditional requests: an ETag cache keyed by method, full URL with query, media type, API version and
// token. Entries live in memory and, when a directory is given (RUNNER_TEMP), on disk so that later
// steps of the same job reuse them.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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
    if (v !== undefined && !VOLATILE.test(k)) out[k.toLowerCase()] = String(v);
  return out;
}

export class EtagCache {
  private readonly memory = new Map<string, CacheEntry>();

  constructor(private readonly dir: string | null) {
    if (dir) {
      try {
        mkdirSync(dir, { recursive: true });
      } catch {
        this.dir = null;
      }
    }
  }

  get(key: string): CacheEntry | undefined {
    const hit = this.memory.get(key);
    if (hit || !this.dir) return hit;
    try {
      const entry = JSON.parse(readFileSync(join(this.dir, `${key}.json`), 'utf8')) as CacheEntry;
      this.memory.set(key, entry);
      return entry;
    } catch {
      return undefined;
    }
  }

  set(key: string, entry: CacheEntry): void {
    this.memory.set(key, entry);
    if (!this.dir) return;
    const file = join(this.dir, `${key}.json`);
    try {
      writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(entry));
      renameSync(`${file}.${process.pid}.tmp`, file);
    } catch {
      // A cache that cannot be written only costs requests later.
    }
  }

  delete(key: string): void {
    this.memory.delete(key);
  }
}
