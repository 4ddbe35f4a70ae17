import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OversizeError, scanWorkingDirectory } from '../../../../../src/actions/commit-files/domain/local';
import { parsePathSpecs, PathSelection, PathSpecError } from '../../../../../src/actions/commit-files/domain/path-spec';

const options = { textCheckMax: 1024, blobMaxBytes: 1024 * 1024 };
const sel = (...texts: string[]) => new PathSelection(parsePathSpecs('paths', texts));

describe('scanWorkingDirectory', () => {
  let root: string;
  let outside: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'cf-local-'));
    outside = mkdtempSync(join(tmpdir(), 'cf-outside-'));
    writeFileSync(join(outside, 'secret'), 'secret');
    mkdirSync(join(root, 'docs/deep'), { recursive: true });
    mkdirSync(join(root, '.git/objects'), { recursive: true });
    mkdirSync(join(root, 'sub/.git'), { recursive: true });
    writeFileSync(join(root, '.git/config'), '[core]');
    writeFileSync(join(root, 'sub/.git/HEAD'), 'ref');
    writeFileSync(join(root, 'sub/file.txt'), 'sub');
    writeFileSync(join(root, 'README.md'), '# hi\n');
    writeFileSync(join(root, 'docs/a.md'), 'a');
    writeFileSync(join(root, 'docs/deep/b.md'), 'b');
    writeFileSync(join(root, 'docs/image.png'), Buffer.from([0x89, 0x50, 0, 1]));
    writeFileSync(join(root, 'run.sh'), '#!/bin/sh\n');
    chmodSync(join(root, 'run.sh'), 0o755);
    symlinkSync('docs/a.md', join(root, 'link-to-a'));
    symlinkSync(outside, join(root, 'escape'));
  });

  it('finds files with git modes and ids; skips .git and nested repositories; links are not followed', async () => {
    const { files, nested } = await scanWorkingDirectory(root, sel('.'), options);
    const byPath = Object.fromEntries(files.map((f) => [f.path, f]));
    expect(Object.keys(byPath)).toEqual([
      'README.md',
      'docs/a.md',
      'docs/deep/b.md',
      'docs/image.png',
      'escape',
      'link-to-a',
      'run.sh',
    ]);
    expect(nested).toEqual(['sub']);
    expect(byPath['run.sh'].mode).toBe('100755');
    expect(byPath['README.md'].mode).toBe('100644');
    expect(byPath['link-to-a']).toMatchObject({ mode: '120000', size: 'docs/a.md'.length, text: true });
    expect(byPath['escape']).toMatchObject({ mode: '120000', size: Buffer.byteLength(outside) });
    expect(byPath['docs/image.png'].text).toBe(false);
    expect(byPath['docs/a.md'].text).toBe(true);
    const gitId = execFileSync('git', ['hash-object', join(root, 'docs/deep/b.md')], { encoding: 'utf8' }).trim();
    expect(byPath['docs/deep/b.md'].sha).toBe(gitId);
    const linkId = execFileSync('git', ['hash-object', '--stdin'], { input: 'docs/a.md', encoding: 'utf8' }).trim();
    expect(byPath['link-to-a'].sha).toBe(linkId);
  });

  it('selects folders, files, globs and exclusions; reports specs that match nothing', async () => {
    const { files, unmatched } = await scanWorkingDirectory(
      root,
      sel('docs', 'run.sh', '**/*.txt', '!docs/deep', 'missing.txt'),
      options,
    );
    expect(files.map((f) => f.path)).toEqual(['docs/a.md', 'docs/image.png', 'run.sh']);
    expect(unmatched).toEqual(['**/*.txt', 'missing.txt']);
  });

  it('a named symlink is committed as a link, even to a folder', async () => {
    const { files } = await scanWorkingDirectory(root, sel('escape'), options);
    expect(files).toEqual([expect.objectContaining({ path: 'escape', mode: '120000' })]);
  });

  it('refuses a path that passes through a symlink', async () => {
    await expect(scanWorkingDirectory(root, sel('escape/secret'), options)).rejects.toThrow(PathSpecError);
    await expect(scanWorkingDirectory(root, sel('escape/*'), options)).rejects.toThrow(/symbolic link "escape"/);
  });

  it('refuses files over the blob limit, naming them, before hashing', async () => {
    const big = mkdtempSync(join(tmpdir(), 'cf-big-'));
    writeFileSync(join(big, 'huge.bin'), Buffer.alloc(2048));
    writeFileSync(join(big, 'ok.txt'), 'ok');
    const err = await scanWorkingDirectory(big, sel('.'), { ...options, blobMaxBytes: 1024 }).catch((e) => e);
    expect(err).toBeInstanceOf(OversizeError);
    expect(err.message).toMatch(/huge\.bin/);
    expect(err.message).not.toMatch(/ok\.txt/);
  });

  it('honours .gitignore (nested files, re-includes, info/exclude) for . and globs; named paths are committed anyway', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cf-ignore-'));
    const files: Record<string, string> = {
      '.gitignore': 'node_modules/\n*.log\n!keep.log\n/build\n',
      'node_modules/x/index.js': 'x',
      'src/a.ts': 'a',
      'src/debug.log': 'l',
      'src/keep.log': 'k',
      'build/out.js': 'o',
      'docs/.gitignore': 'draft.md\n',
      'docs/draft.md': 'd',
      'docs/final.md': 'f',
      'local.env': 'secret',
      '.git/info/exclude': 'local.env\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const all = await scanWorkingDirectory(dir, sel('.'), options);
    expect(all.files.map((f) => f.path)).toEqual([
      '.gitignore',
      'docs/.gitignore',
      'docs/final.md',
      'src/a.ts',
      'src/keep.log',
    ]);
    expect(all.ignored).toEqual(['build', 'docs/draft.md', 'local.env', 'node_modules', 'src/debug.log']);
    const glob = await scanWorkingDirectory(dir, sel('**/*.log'), options);
    expect(glob.files.map((f) => f.path)).toEqual(['src/keep.log']);
    const named = await scanWorkingDirectory(dir, sel('.', 'build', 'src/debug.log'), options);
    expect(named.files.map((f) => f.path)).toEqual([
      '.gitignore',
      'build/out.js',
      'docs/.gitignore',
      'docs/final.md',
      'src/a.ts',
      'src/debug.log',
      'src/keep.log',
    ]);
    expect(named.ignored).toEqual(['docs/draft.md', 'local.env', 'node_modules']);
    const off = await scanWorkingDirectory(dir, sel('.'), { ...options, gitignore: false });
    expect(off.files).toHaveLength(10);
  });
});
