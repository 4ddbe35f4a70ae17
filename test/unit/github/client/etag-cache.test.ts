import { lstatSync, mkdtempSync, readdirSync, symlinkSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EtagCache, cacheDirProblem } from '../../../../src/github/client/etag-cache';

const entry = (size: number) => ({ etag: '"e"', headers: {}, data: 'x'.repeat(size) });

describe('ETag cache', () => {
  it('is bounded in bytes: the least recently used entries go first', () => {
    const cache = new EtagCache(null, 1000);
    cache.set('a', entry(280));
    cache.set('b', entry(280));
    cache.get('a');
    cache.set('c', entry(280));
    expect(cache.size.entries).toBe(3);
    cache.set('d', entry(280));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(1000);
  });

  it('keeps no answer larger than the whole bound', () => {
    const cache = new EtagCache(null, 100);
    cache.set('big', entry(500));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('writes 0600 files in a 0700 directory and removes evicted files', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'etag-unit-')), 'cache');
    const cache = new EtagCache(dir, 1000);
    cache.set('a', entry(600));
    expect(lstatSync(dir).mode & 0o777).toBe(0o700);
    expect(lstatSync(join(dir, 'a.json')).mode & 0o777).toBe(0o600);
    cache.set('b', entry(600));
    expect(readdirSync(dir)).toEqual(['b.json']);
    expect(new EtagCache(dir).get('b')?.data).toBe('x'.repeat(600));
  });

  it('refuses a symlinked directory (and a file where the directory should be)', () => {
    const root = mkdtempSync(join(tmpdir(), 'etag-link-'));
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'link'));
    expect(cacheDirProblem(join(root, 'link'))).toMatch(/symbolic link/);
    const cache = new EtagCache(join(root, 'link'));
    expect(cache.refused).toMatch(/symbolic link/);
    cache.set('a', entry(10));
    expect(readdirSync(join(root, 'real'))).toEqual([]);
  });
});
