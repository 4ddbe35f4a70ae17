import { mkdtempSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checksumFileContent } from '../../../src/release/checksums';
import { contentTypeFor } from '../../../src/release/content-type';
import { desiredAssets } from '../../../src/release/desired-assets';
import { hashAssets, sha256File, sha256Text } from '../../../src/release/digest';
import { matchFiles } from '../../../src/release/local-files';

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'release-files-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

describe('matchFiles', () => {
  it('matches globs relative to the workspace, each file once, directories by their files, with exclusions', async () => {
    const dir = workspace({
      'dist/a.zip': 'a',
      'dist/b.zip': 'bb',
      'dist/sub/c.txt': 'c',
      'dist/skip.zip': 's',
      'notes.md': 'n',
    });
    const root = realpathSync(dir);
    const m = await matchFiles(['dist/*.zip', 'dist/a.zip', 'dist/sub', '!dist/skip.zip', 'missing/*.bin'], {
      workspace: root,
      base: root,
    });
    expect(m.files.map((f) => f.path.slice(root.length + 1))).toEqual(['dist/a.zip', 'dist/b.zip', 'dist/sub/c.txt']);
    expect(m.files.map((f) => f.size)).toEqual([1, 2, 1]);
    expect(m.unmatched).toEqual(['missing/*.bin']);
  });

  it('refuses absolute patterns before globbing', async () => {
    const dir = realpathSync(workspace({ 'x.bin': 'x' }));
    const m = await matchFiles([join(dir, '*.bin')], { workspace: dir, base: dir });
    expect(m.files).toHaveLength(0);
    expect(m.refused[0]).toMatch(/absolute path/);
  });
});

describe('desiredAssets', () => {
  const file = (path: string, size = 1) => ({ path, fileName: path.slice(path.lastIndexOf('/') + 1), size });

  it('names assets as GitHub will and reports the renamed ones', () => {
    const d = desiredAssets(
      { files: [file('/w/My App.exe'), file('/w/app.tar.gz')], unmatched: [], refused: [], skipped: [] },
      { failOnUnmatched: true },
    );
    expect(d.errors).toEqual([]);
    expect(d.assets.map((a) => [a.name, a.fileName, a.contentType])).toEqual([
      ['My.App.exe', 'My App.exe', 'application/vnd.microsoft.portable-executable'],
      ['app.tar.gz', 'app.tar.gz', 'application/gzip'],
    ]);
    expect(d.warnings).toEqual(['GitHub will store "My App.exe" as "My.App.exe".']);
  });

  it('refuses two files that map to one asset name (same base name, or renamed onto each other)', () => {
    const d = desiredAssets(
      {
        files: [file('/w/linux/tool'), file('/w/mac/tool'), file('/w/a b.zip'), file('/w/a.b.zip')],
        unmatched: [],
        refused: [],
        skipped: [],
      },
      { failOnUnmatched: true },
    );
    expect(d.errors).toEqual([
      '/w/linux/tool and /w/mac/tool would all be uploaded as the asset "tool": rename one of them.',
      '/w/a b.zip and /w/a.b.zip would all be uploaded as the asset "a.b.zip": rename one of them.',
    ]);
  });

  it('refuses a file named like the checksum file', () => {
    const d = desiredAssets(
      { files: [file('/w/SHA256SUMS')], unmatched: [], refused: [], skipped: [] },
      { failOnUnmatched: true, checksums: 'SHA256SUMS' },
    );
    expect(d.errors[0]).toMatch(/SHA256SUMS and the checksum file/);
  });

  it('fails on unmatched patterns, or only warns', () => {
    expect(
      desiredAssets({ files: [], unmatched: ['*.zip'], refused: [], skipped: [] }, { failOnUnmatched: true }).errors[0],
    ).toMatch(/"\*\.zip".*matches no file/);
    const lenient = desiredAssets(
      { files: [], unmatched: ['*.zip'], refused: [], skipped: [] },
      { failOnUnmatched: false },
    );
    expect(lenient.errors).toEqual([]);
    expect(lenient.warnings[0]).toMatch(/matches no file/);
  });
});

describe('digests', () => {
  it('hashes a file as a stream and agrees with hashing the bytes', async () => {
    const dir = workspace({ 'f.bin': 'x'.repeat(3 * 1024 * 1024 + 7) });
    expect(await sha256File(join(dir, 'f.bin'))).toBe(sha256Text('x'.repeat(3 * 1024 * 1024 + 7)));
  });

  it('hashAssets hashes only the named assets', async () => {
    const dir = workspace({ a: 'A', b: 'B' });
    const files: { name: string; path: string; sha256?: string }[] = [
      { name: 'a', path: join(dir, 'a') },
      { name: 'b', path: join(dir, 'b') },
    ];
    const out = await hashAssets(files, new Set(['b']));
    expect(out.map((a) => a.sha256)).toEqual([undefined, sha256Text('B')]);
  });
});

describe('checksum file and content types', () => {
  it('writes sha256sum lines sorted by name', () => {
    expect(
      checksumFileContent([
        { name: 'b', sha256: '2' },
        { name: 'a', sha256: '1' },
      ]),
    ).toBe('1  a\n2  b\n');
    expect(checksumFileContent([])).toBe('');
  });

  it.each([
    ['app.tar.gz', 'application/gzip'],
    ['APP.ZIP', 'application/zip'],
    ['SHA256SUMS', 'text/plain'],
    ['tool', 'application/octet-stream'],
    ['.hidden', 'application/octet-stream'],
    ['x.unknownext', 'application/octet-stream'],
    ['pkg.deb', 'application/vnd.debian.binary-package'],
  ])('%s → %s', (name, type) => expect(contentTypeFor(name)).toBe(type));
});
