import { mkdtempSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checksumFileContent } from '../../../../src/actions/release/domain/checksums';
import { contentTypeFor } from '../../../../src/actions/release/domain/content-type';
import { desiredAssets } from '../../../../src/actions/release/domain/desired-assets';
import { hashAssets, sha256File, sha256Text } from '../../../../src/actions/release/domain/digest';
import { matchFiles, splitPatterns } from '../../../../src/actions/release/domain/local-files';

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'release-files-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

describe('matchFiles', () => {
  it('matches globs relative to the workspace, each file once, with exclusions; a folder pattern matches no file', async () => {
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
    expect(m.files.map((f) => f.path.slice(root.length + 1))).toEqual(['dist/a.zip', 'dist/b.zip']);
    expect(m.files.map((f) => f.size)).toEqual([1, 2]);
    expect(m.unmatched).toEqual(['missing/*.bin']);
    expect(m.folders).toEqual(['dist/sub']);
  });

  it('glob semantics: * within a segment, ** across folders, hidden names only when named or include-hidden', async () => {
    const root = realpathSync(
      workspace({
        'dist/app_linux.tar.gz': 'l',
        'dist/app_darwin.tar.gz': 'd',
        'dist/linux_amd64/app': 'bin',
        'dist/linux_amd64/.hidden.tar.gz': 'h',
        'dist/.cache/token.json': 'secret',
        'dist/.env': 'secret',
      }),
    );
    const rels = async (patterns: string[], includeHidden = false) =>
      (await matchFiles(patterns, { workspace: root, base: root }, { includeHidden })).files.map((f) =>
        f.path.slice(root.length + 1),
      );
    expect(await rels(['dist/*'])).toEqual(['dist/app_darwin.tar.gz', 'dist/app_linux.tar.gz']);
    expect(await rels(['dist/**'])).toEqual([
      'dist/app_darwin.tar.gz',
      'dist/app_linux.tar.gz',
      'dist/linux_amd64/app',
    ]);
    expect(await rels(['dist/**/*.tar.gz'])).toEqual(['dist/app_darwin.tar.gz', 'dist/app_linux.tar.gz']);
    expect(await rels(['dist/?pp_linux.tar.gz'])).toEqual(['dist/app_linux.tar.gz']);
    expect(await rels(['dist/.cache/*'])).toEqual(['dist/.cache/token.json']);
    expect(await rels(['dist/.*'])).toEqual(['dist/.env']);
    expect(await rels(['dist/**/.*.tar.gz'])).toEqual(['dist/linux_amd64/.hidden.tar.gz']);
    expect(await rels(['dist/*'], true)).toEqual(['dist/.env', 'dist/app_darwin.tar.gz', 'dist/app_linux.tar.gz']);
    expect((await rels(['dist/**'], true)).sort()).toEqual([
      'dist/.cache/token.json',
      'dist/.env',
      'dist/app_darwin.tar.gz',
      'dist/app_linux.tar.gz',
      'dist/linux_amd64/.hidden.tar.gz',
      'dist/linux_amd64/app',
    ]);
  });

  it('patterns relative to the working directory; absolute patterns inside the workspace read as relative ones', async () => {
    const root = realpathSync(workspace({ 'pkg/dist/x.bin': 'x', 'pkg/dist/y.zip': 'y', 'other/z.bin': 'z' }));
    const base = join(root, 'pkg');
    const m = await matchFiles(['dist/*.bin', join(root, 'other', '*.bin'), `${base}/dist/*.zip`], {
      workspace: root,
      base,
    });
    expect(m.refused).toEqual([]);
    expect(m.files.map((f) => f.path.slice(root.length + 1))).toEqual([
      'pkg/dist/x.bin',
      'other/z.bin',
      'pkg/dist/y.zip',
    ]);
  });

  it('refuses absolute patterns outside the workspace before globbing', async () => {
    const dir = realpathSync(workspace({ 'x.bin': 'x' }));
    const m = await matchFiles([join(dir, '..', '*.bin'), '/etc/*'], { workspace: dir, base: dir });
    expect(m.files).toHaveLength(0);
    expect(m.refused).toHaveLength(2);
    expect(m.refused[1]).toMatch(/"\/etc\/\*" is an absolute path outside the workspace/);
  });

  it('splits comma lists and lines', () => {
    expect(splitPatterns(['a.zip, b.zip', ' c/*.tar.gz ', '', 'd.bin,'])).toEqual([
      'a.zip',
      'b.zip',
      'c/*.tar.gz',
      'd.bin',
    ]);
  });
});

describe('desiredAssets', () => {
  const file = (path: string, size = 1) => ({ path, fileName: path.slice(path.lastIndexOf('/') + 1), size });

  it('names assets as GitHub will and reports the renamed ones', () => {
    const d = desiredAssets(
      { files: [file('/w/My App.exe'), file('/w/app.tar.gz')], unmatched: [], refused: [], skipped: [], folders: [] },
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
        folders: [],
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
      { files: [file('/w/SHA256SUMS')], unmatched: [], refused: [], skipped: [], folders: [] },
      { failOnUnmatched: true, checksums: 'SHA256SUMS' },
    );
    expect(d.errors[0]).toMatch(/SHA256SUMS and the checksum file/);
  });

  it('fails on unmatched patterns, or only warns', () => {
    expect(
      desiredAssets(
        { files: [], unmatched: ['*.zip'], refused: [], skipped: [], folders: [] },
        { failOnUnmatched: true },
      ).errors[0],
    ).toMatch(/"\*\.zip".*matches no file/);
    const lenient = desiredAssets(
      { files: [], unmatched: ['*.zip'], refused: [], skipped: [], folders: [] },
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
