// The command line's kept state: one entry per API origin and repository, expiring 6 hours after its first run,
// listed and cleared; the older layout (state keyed by repository alone) is removed.
import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheListing } from '../../../../src/hosts/cli/cache-command';
import {
  clearEntries,
  ENTRY_LIFETIME_MS,
  entryPath,
  listEntries,
  openEntry,
  originKey,
  pruneEntries,
} from '../../../../src/hosts/cli/local-state';

const root = () => mkdtempSync(join(tmpdir(), 'local-state-'));
const GITHUB = 'https://api.github.com';
const EMULATOR = 'http://127.0.0.1:7878';

describe('local state entries', () => {
  it('keys an entry by the API origin and the repository', () => {
    const dir = root();
    const a = openEntry(dir, GITHUB, 'acme/webapp');
    const b = openEntry(dir, EMULATOR, 'acme/webapp');
    const c = openEntry(dir, EMULATOR, 'acme/other');
    expect(new Set([a, b, c]).size).toBe(3);
    expect(a).toBe(entryPath(dir, GITHUB, 'acme/webapp'));
    expect(originKey(EMULATOR)).toMatch(/^127\.0\.0\.1_7878-[0-9a-f]{8}$/);
    expect(originKey('https://ghe.example.com/api/v3/')).toBe(originKey('https://ghe.example.com/api/v3'));
    expect(originKey('http://127.0.0.1:7879')).not.toBe(originKey(EMULATOR));
    expect(statSync(b).mode & 0o777).toBe(0o700);
    const listed = listEntries(dir).map((e) => `${e.apiUrl} ${e.repository}`);
    expect(listed.sort()).toEqual([`${EMULATOR} acme/other`, `${EMULATOR} acme/webapp`, `${GITHUB} acme/webapp`]);
  });

  it('reuses an entry within its lifetime and starts a fresh one after it', () => {
    const dir = root();
    const start = new Date('2026-01-01T00:00:00Z');
    const first = openEntry(dir, EMULATOR, 'acme/webapp', start);
    writeFileSync(join(first, 'kept.json'), '{}');
    openEntry(dir, EMULATOR, 'acme/webapp', new Date(start.getTime() + ENTRY_LIFETIME_MS - 1000));
    expect(existsSync(join(first, 'kept.json'))).toBe(true);
    const later = new Date(start.getTime() + ENTRY_LIFETIME_MS + 1000);
    openEntry(dir, EMULATOR, 'acme/webapp', later);
    expect(existsSync(join(first, 'kept.json'))).toBe(false);
    expect(listEntries(dir)).toHaveLength(1);
    expect(listEntries(dir)[0]!.created).toBe(later.toISOString());
  });

  it('prunes expired entries of every origin and the older layout', () => {
    const dir = root();
    const start = new Date('2026-01-01T00:00:00Z');
    openEntry(dir, GITHUB, 'acme/webapp', start);
    mkdirSync(join(dir, 'repo-actions-triage'));
    writeFileSync(join(dir, 'repo-actions-triage', 'acme__webapp.json'), '{}');
    expect(cacheListing(dir, start).some((l) => l.includes('from an older version'))).toBe(true);
    const removed = pruneEntries(dir, new Date(start.getTime() + ENTRY_LIFETIME_MS));
    expect(removed).toHaveLength(2);
    expect(listEntries(dir)).toEqual([]);
    expect(existsSync(join(dir, 'repo-actions-triage'))).toBe(false);
    expect(cacheListing(dir)).toEqual([`Nothing is kept (${dir} holds no entry).`]);
  });

  it('clears by origin, by repository, or everything', () => {
    const dir = root();
    openEntry(dir, GITHUB, 'acme/webapp');
    openEntry(dir, EMULATOR, 'acme/webapp');
    openEntry(dir, EMULATOR, 'acme/other');
    expect(clearEntries(dir, { apiUrl: `${EMULATOR}/`, repository: 'ACME/Other' }).map((e) => e.repository)).toEqual([
      'acme/other',
    ]);
    expect(clearEntries(dir, { apiUrl: EMULATOR }).map((e) => e.apiUrl)).toEqual([EMULATOR]);
    expect(existsSync(join(dir, originKey(EMULATOR)))).toBe(false);
    expect(clearEntries(dir)).toHaveLength(1);
    expect(listEntries(dir)).toEqual([]);
  });

  it('lists each entry with its size and expiry', () => {
    const dir = root();
    const now = new Date('2026-01-01T00:00:00Z');
    const path = openEntry(dir, EMULATOR, 'acme/webapp', now);
    writeFileSync(join(path, 'etags.json'), 'x'.repeat(2048));
    const lines = cacheListing(dir, new Date(now.getTime() + 30 * 60_000));
    expect(lines[0]).toBe(`Kept in ${dir}:`);
    expect(lines[1]).toMatch(/^API\s+repository\s+size\s+expires$/);
    expect(lines[2]).toMatch(/^http:\/\/127\.0\.0\.1:7878\s+acme\/webapp\s+2\.\d KiB\s+in 5 h 30 min$/);
  });
});
