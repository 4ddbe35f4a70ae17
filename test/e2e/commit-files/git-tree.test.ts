// The tree the action builds through the API (inline text, uploaded blobs, modes, links, nested folders) has the
// same id as the tree real git builds from the same files.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBundle } from '../../../harness/run-bundle';
import {
  binary,
  REPO,
  scenarioOf,
  WORKFLOW_TOKEN,
  writeWorkspace,
  type LocalSeed,
} from '../../../emulator/scenarios/commit-files';
import { harness } from './helpers';

const h = harness();
const { track } = h;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'core.fileMode=true', '-c', 'core.symlinks=true', '-c', 'core.autocrlf=false', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

/** The tree id git computes for a directory: `git add -A` in a scratch repository, then `git write-tree`. */
function gitWriteTree(dir: string): string {
  const repo = mkdtempSync(join(tmpdir(), 'commit-files-git-'));
  track(repo);
  cpSync(dir, repo, { recursive: true, verbatimSymlinks: true });
  git(repo, 'init', '-q');
  git(repo, 'add', '-A');
  return git(repo, 'write-tree');
}

/**
 * The same with plumbing only, in another scratch repository: `git hash-object -w` per file (the link text for a
 * link), `git mktree` per folder, deepest first.
 */
function gitMktree(dir: string, modes: Record<string, string>): { tree: string; blobs: Record<string, string> } {
  const repo = mkdtempSync(join(tmpdir(), 'commit-files-mktree-'));
  track(repo);
  git(repo, 'init', '-q');
  const blobs: Record<string, string> = {};
  for (const [path, mode] of Object.entries(modes)) {
    const local = join(dir, path);
    blobs[path] =
      mode === '120000'
        ? execFileSync('git', ['hash-object', '-w', '--stdin'], {
            cwd: repo,
            input: readlinkSync(local, { encoding: 'buffer' }),
            encoding: 'utf8',
          }).trim()
        : execFileSync('git', ['hash-object', '-w', '--', local], { cwd: repo, encoding: 'utf8' }).trim();
  }
  const build = (prefix: string): string => {
    const entries = new Map<string, string>();
    for (const path of Object.keys(modes)) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash < 0) entries.set(rest, `${modes[path]} blob ${blobs[path]}\t${rest}`);
      else if (!entries.has(rest.slice(0, slash))) entries.set(rest.slice(0, slash), '');
    }
    const lines = [...entries].map(([name, line]) => line || `040000 tree ${build(`${prefix}${name}/`)}\t${name}`);
    return execFileSync('git', ['mktree'], { cwd: repo, input: `${lines.join('\n')}\n`, encoding: 'utf8' }).trim();
  };
  return { tree: build(''), blobs };
}

describe('tree ids equal real git', () => {
  it('text inline, binaries uploaded, modes, links, nested and unicode paths, deletions', async () => {
    const files: Record<string, LocalSeed> = {
      'README.md': '# app\r\nwindows line endings\r\n',
      'empty.txt': '',
      'bom.txt': '\ufeffbyte order mark\n',
      'ünïcødé/naïve résumé.md': 'accents ✓\n',
      'src/deep/nested/index.ts': 'export const answer = 42;\n',
      'bin/run': { content: '#!/bin/sh\necho hi\n', executable: true },
      'assets/blob.bin': binary(70_000, 9),
      'assets/large.txt': 'x'.repeat(600 * 1024),
      'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
      'links/to-readme': { symlink: '../README.md' },
      'links/absolute': { symlink: '/usr/bin/env' },
      'z/last.txt': 'z\n',
    };
    await h.start(scenarioOf({ main: { 'README.md': 'old\n', 'gone/file.txt': 'bye\n', 'bin/run': 'old\n' } }));
    const dir = writeWorkspace(files);
    track(dir);
    const r = await runBundle('commit-files', {
      emulator: h.emu(),
      token: WORKFLOW_TOKEN,
      inputs: { message: 'Tree', 'delete-missing': true, 'on-unknown-base': 'overwrite' },
      workspace: dir,
    });
    expect(r.code, r.stdout).toBe(0);
    // Binary, large text and latin-1 went as blobs; the rest inline.
    expect(r.requests.filter((e) => e.path.endsWith('/git/blobs'))).toHaveLength(3);
    const head = h.emu().state.branchSha(REPO, 'main')!;
    const tree = h.emu().state.commit(REPO, head)!.tree;
    expect(tree).toBe(gitWriteTree(dir));

    const onBranch = h.emu().state.repo(REPO)!.filesAt(head);
    const modes = Object.fromEntries([...onBranch].map(([p, e]) => [p, e.mode]));
    const plumbing = gitMktree(dir, modes);
    expect(plumbing.tree).toBe(tree);
    for (const [path, e] of onBranch) expect(e.sha, path).toBe(plumbing.blobs[path]);
    expect(modes).toMatchObject({ 'bin/run': '100755', 'links/to-readme': '120000', 'README.md': '100644' });
    expect(Object.keys(modes)).not.toContain('gone/file.txt');
  });
});
