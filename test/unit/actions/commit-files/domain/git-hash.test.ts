import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashBytes, hashFile, isText } from '../../../../../src/actions/commit-files/domain/git-hash';

const gitHash = (file: string) =>
  execFileSync('git', ['hash-object', '--no-filters', file], { encoding: 'utf8' }).trim();

describe('git blob ids', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cf-hash-'));

  it('equals git for the empty blob and a known text', () => {
    expect(hashBytes(Buffer.alloc(0)).sha).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
    expect(hashBytes(Buffer.from('hello\n')).sha).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
  });

  it.each([
    ['text', Buffer.from('line one\nline two ünïcødé 🎉\n')],
    ['binary', Buffer.from([0, 1, 2, 255, 254, 0, 10])],
    ['crlf', Buffer.from('a\r\nb\r\n')],
  ])('hashFile equals git hash-object for %s', async (name, bytes) => {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    const digest = await hashFile(file);
    expect(digest.sha).toBe(gitHash(file));
    expect(digest.size).toBe(bytes.length);
  });

  it('streams a file of several chunks (3 MiB + 1) to the same id as git', async () => {
    const file = join(dir, 'big');
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 1);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff;
    writeFileSync(file, bytes);
    expect((await hashFile(file)).sha).toBe(gitHash(file));
  });

  it('detects text: valid UTF-8 without NUL', () => {
    expect(isText(Buffer.from('plain ascii'))).toBe(true);
    expect(isText(Buffer.from('\ufeffwith BOM and é'))).toBe(true);
    expect(isText(Buffer.from([0x61, 0x00, 0x62]))).toBe(false);
    expect(isText(Buffer.from([0xc3, 0x28]))).toBe(false);
    expect(isText(Buffer.from([0xe2, 0x82]))).toBe(false);
  });

  it('text detection across chunk boundaries and the size bound', async () => {
    const file = join(dir, 'utf8-big');
    writeFileSync(file, 'é'.repeat(1024 * 1024));
    expect((await hashFile(file)).text).toBe(true);
    expect((await hashFile(file, 1024)).text).toBe(false);
  });
});
