// Idempotence through the committed bundle: the first run makes one commit with exactly the intended tree, a
// second run of the same workspace makes none (two reads, no write) — for deletions, modes, symbolic links,
// empty files, unusual names, new nested folders, files that became folders and back, and emptied folders.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RequestLog } from '../../../emulator';
import type { FileSeed } from '../../../emulator';
import { branchFiles, commitsSince, harness } from './helpers';
import { REPO, scenarioOf, type LocalSeed } from '../../../emulator/scenarios/commit-files';

const h = harness();

interface Case {
  name: string;
  main: Record<string, FileSeed>;
  local: Record<string, LocalSeed>;
  inputs?: Record<string, string | boolean>;
  expected: Record<string, string>;
  counts: [added: number, updated: number, deleted: number];
}

const cases: Case[] = [
  {
    name: 'deletions by delete-paths and delete-missing',
    main: { 'a.txt': 'a\n', 'gone.txt': 'g\n', 'old/x.txt': 'x\n', 'keep/y.txt': 'y\n' },
    local: { 'a.txt': 'a\n' },
    inputs: { paths: '*.txt', 'delete-missing': true, 'delete-paths': 'old' },
    expected: { 'a.txt': '100644 a\n', 'keep/y.txt': '100644 y\n' },
    counts: [0, 0, 2],
  },
  {
    name: 'mode changes both ways',
    main: { 'run.sh': { content: 'echo\n', mode: '100755' }, tool: 'x\n' },
    local: { 'run.sh': { content: 'echo\n', executable: false }, tool: { content: 'x\n', executable: true } },
    expected: { 'run.sh': '100644 echo\n', tool: '100755 x\n' },
    counts: [0, 2, 0],
  },
  {
    name: 'symbolic links: new, retargeted, a file that became a link and a link that became a file',
    main: {
      'target.txt': 't\n',
      moved: { content: 'target.txt', mode: '120000' },
      'was-file': 'target.txt',
      'was-link': { content: 'target.txt', mode: '120000' },
    },
    local: {
      'target.txt': 't\n',
      link: { symlink: 'target.txt' },
      moved: { symlink: 'dir/../target.txt' },
      'was-file': { symlink: 'target.txt' },
      'was-link': 'target.txt',
    },
    expected: {
      'target.txt': '100644 t\n',
      link: '120000 target.txt',
      moved: '120000 dir/../target.txt',
      'was-file': '120000 target.txt',
      'was-link': '100644 target.txt',
    },
    counts: [1, 3, 0],
  },
  {
    name: 'empty files (new, and a file emptied)',
    main: { 'full.txt': 'content\n' },
    local: { 'empty.txt': '', 'full.txt': '', 'dir/.gitkeep': '' },
    expected: { 'empty.txt': '100644 ', 'full.txt': '100644 ', 'dir/.gitkeep': '100644 ' },
    counts: [2, 1, 0],
  },
  {
    name: 'unicode names, spaces, # and %',
    main: { 'café/naïve.md': 'old\n' },
    local: {
      'café/naïve.md': 'new\n',
      '日本語/ファイル.txt': 'ja\n',
      'with space/a file.txt': 's\n',
      'hash#1.md': 'h\n',
      'pct%20literal.txt': 'p\n',
      'emoji 🚀.txt': 'e\n',
      'weird [x] {y} (z) +&=;.txt': 'w\n',
    },
    expected: {
      'café/naïve.md': '100644 new\n',
      '日本語/ファイル.txt': '100644 ja\n',
      'with space/a file.txt': '100644 s\n',
      'hash#1.md': '100644 h\n',
      'pct%20literal.txt': '100644 p\n',
      'emoji 🚀.txt': '100644 e\n',
      'weird [x] {y} (z) +&=;.txt': '100644 w\n',
    },
    counts: [6, 1, 0],
  },
  {
    name: 'text edge cases: BOM, CRLF, no final newline, Latin-1 bytes, NUL, text over the inline bound',
    main: { 'crlf.txt': 'a\nb\n' },
    local: {
      'bom.txt': Buffer.from('\ufeffhello\n', 'utf8'),
      'crlf.txt': 'a\r\nb\r\n',
      'no-newline.txt': 'end',
      'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
      'nul.txt': Buffer.from('a\0b'),
      'big.txt': 'x'.repeat(600 * 1024),
    },
    expected: {
      'bom.txt': '100644 \ufeffhello\n',
      'crlf.txt': '100644 a\r\nb\r\n',
      'no-newline.txt': '100644 end',
      'latin1.txt': `100644 ${Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]).toString('utf8')}`,
      'nul.txt': '100644 a\0b',
      'big.txt': `100644 ${'x'.repeat(600 * 1024)}`,
    },
    counts: [5, 1, 0],
  },
  {
    name: 'new nested folders',
    main: { 'README.md': 'r\n' },
    local: { 'README.md': 'r\n', 'a/b/c/d/e.txt': 'deep\n', 'a/b/f.txt': 'f\n' },
    expected: { 'README.md': '100644 r\n', 'a/b/c/d/e.txt': '100644 deep\n', 'a/b/f.txt': '100644 f\n' },
    counts: [2, 0, 0],
  },
  {
    name: 'a file replaced by a folder (without delete-missing)',
    main: { out: 'was a file\n', 'other.txt': 'o\n' },
    local: { 'out/report.txt': 'r\n', 'other.txt': 'o\n' },
    expected: { 'out/report.txt': '100644 r\n', 'other.txt': '100644 o\n' },
    counts: [1, 0, 1],
  },
  {
    name: 'a folder replaced by a file (without delete-missing)',
    main: { 'docs/a.md': 'a\n', 'docs/sub/b.md': 'b\n', 'other.txt': 'o\n' },
    local: { docs: 'now a file\n', 'other.txt': 'o\n' },
    expected: { docs: '100644 now a file\n', 'other.txt': '100644 o\n' },
    counts: [1, 0, 2],
  },
  {
    name: 'a folder replaced by a file and a file by a folder, with delete-missing',
    main: { 'docs/a.md': 'a\n', out: 'f\n', 'gone.txt': 'g\n' },
    local: { docs: 'file\n', 'out/x/y.txt': 'y\n' },
    inputs: { 'delete-missing': true },
    expected: { docs: '100644 file\n', 'out/x/y.txt': '100644 y\n' },
    counts: [2, 0, 3],
  },
  {
    name: 'a folder emptied by delete-missing',
    main: { 'gen/a.txt': 'a\n', 'gen/sub/b.txt': 'b\n', 'keep.txt': 'k\n' },
    local: { 'keep.txt': 'k\n' },
    inputs: { paths: 'gen\nkeep.txt', 'delete-missing': true },
    expected: { 'keep.txt': '100644 k\n' },
    counts: [0, 0, 2],
  },
];

describe('commit-files idempotence', () => {
  it.each(cases)('$name: one commit, then none', async (c) => {
    const emu = await h.start(scenarioOf({ main: c.main }));
    const before = emu.state.branchSha(REPO, 'main');
    const dir = h.ws(c.local);
    if (c.name.startsWith('a folder emptied')) mkdirSync(join(dir, 'gen'));
    const inputs = { message: c.name, ...c.inputs };
    const first = await h.run(inputs, dir);
    expect(first.code, first.stdout).toBe(0);
    expect(branchFiles(emu, 'main')).toEqual(c.expected);
    expect(commitsSince(emu, 'main', before)).toEqual([first.outputs['commit-sha']]);
    expect(
      [first.outputs['files-added'], first.outputs['files-updated'], first.outputs['files-deleted']].map(Number),
    ).toEqual(c.counts);

    const second = await h.run(inputs, dir);
    expect(second.code, second.stdout).toBe(0);
    expect(second.outputs).toMatchObject({
      committed: 'false',
      'files-added': '0',
      'files-updated': '0',
      'files-deleted': '0',
    });
    expect(RequestLog.summarize(second.requests)).toMatchObject({ counted: 0, writes: 0, graphqlRequests: 1 });
    expect(commitsSince(emu, 'main', before)).toHaveLength(1);
  });

  it('a submodule folder (empty, as a checkout without submodules leaves it) survives delete-missing; a nested clone is not committed', async () => {
    const emu = await h.start(scenarioOf({ main: { 'a.txt': 'a\n' } }));
    // A gitlink on the branch, as `git submodule add` records it.
    const repo = emu.state.repo(REPO)!;
    const head = emu.state.branchSha(REPO, 'main')!;
    const flat = repo.filesAt(head);
    flat.set('libs/sub', { mode: '160000', sha: 'a'.repeat(40) });
    const tree = repo.objects.buildTree(flat);
    const commit = repo.objects.putCommit({
      tree,
      parents: [head],
      author: emu.state.person('octo'),
      committer: emu.state.person('octo'),
      message: 'Add submodule',
    });
    repo.refs.set('refs/heads/main', commit);

    const dir = h.ws({ 'a.txt': 'a2\n', 'vendor/clone/inner.txt': 'not ours\n' });
    mkdirSync(join(dir, 'libs/sub'), { recursive: true });
    mkdirSync(join(dir, 'vendor/clone/.git'));
    writeFileSync(join(dir, 'vendor/clone/.git/HEAD'), 'ref: refs/heads/main\n');
    const r = await h.run({ message: 'm', 'delete-missing': true }, dir);
    expect(r.code, r.stdout).toBe(0);
    const files = repo.filesAt(emu.state.branchSha(REPO, 'main')!);
    expect(files.get('libs/sub')).toMatchObject({ mode: '160000' });
    expect([...files.keys()].sort()).toEqual(['a.txt', 'libs/sub']);
    expect(r.stdout).toMatch(/vendor\/clone holds its own \.git/);
  });
});
