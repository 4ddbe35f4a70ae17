import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileBody } from '../../../../../src/actions/commit-files/domain/blob-upload';
import type { LocalFile } from '../../../../../src/actions/commit-files/domain/local';

async function collect(body: AsyncIterable<string | Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

const file = (absPath: string, size: number, mode: LocalFile['mode'] = '100644'): LocalFile => ({
  path: 'x',
  absPath,
  mode,
  size,
  sha: '',
  text: false,
});

describe('streamed base64 JSON body', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cf-body-'));

  it.each([0, 1, 2, 3, 4, 786_431, 786_432, 786_433, 2_000_001])(
    '%i bytes: valid JSON of the exact length, replayable',
    async (size) => {
      const bytes = Buffer.alloc(size);
      for (let i = 0; i < size; i++) bytes[i] = (i * 7 + 3) & 0xff;
      const path = join(dir, `f${size}`);
      writeFileSync(path, bytes);
      const body = fileBody(file(path, size));
      const first = await collect(body);
      expect(first.length).toBe(body.length);
      const parsed = JSON.parse(first.toString('utf8'));
      expect(parsed.encoding).toBe('base64');
      expect(Buffer.from(parsed.content, 'base64').equals(bytes)).toBe(true);
      expect((await collect(body)).equals(first)).toBe(true);
    },
  );

  it('a symlink body is its link text', async () => {
    const link = join(dir, 'link');
    symlinkSync('target/path', link);
    const parsed = JSON.parse((await collect(fileBody(file(link, 11, '120000')))).toString());
    expect(Buffer.from(parsed.content, 'base64').toString()).toBe('target/path');
  });
});
