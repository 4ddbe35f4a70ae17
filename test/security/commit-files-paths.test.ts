// Attacks on commit-files through its inputs and the workspace a pull request can shape: a working directory that
// leaves the workspace, a symlink that points at a secret, and delete-missing with an entry that matches nothing.
// Each asserts the safe outcome: no request (or no write), and no byte from outside the workspace sent.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { branchFiles, errorsOf, harness, writesOf } from '../e2e/commit-files/helpers';
import { REPO, scenarioOf } from '../../emulator/scenarios/commit-files';

const h = harness();
const SECRET = 'TOP-SECRET-ssh-private-key-0123456789';
const outside: string[] = [];
afterEach(() => {
  for (const d of outside.splice(0)) rmSync(d, { recursive: true, force: true });
});

function secretFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'secret-'));
  outside.push(dir);
  writeFileSync(join(dir, 'id_rsa'), SECRET);
  return dir;
}

/** Every byte the emulator received in request bodies (blobs and trees) as text. */
function receivedText(emu: ReturnType<typeof h.emu>): string {
  const repo = emu.state.repo(REPO)!;
  const sha = emu.state.branchSha(REPO, 'main')!;
  return [...repo.filesAt(sha).values()].map((e) => repo.objects.blob(e.sha)?.toString('utf8') ?? '').join('\n');
}

describe('commit-files working-directory', () => {
  it.each([
    ['../', 'a parent folder'],
    ['../../etc', 'a folder further up'],
    ['/etc', 'an absolute path elsewhere'],
    ['.git', 'the .git folder'],
  ])('%s (%s) is refused before any request', async (dir) => {
    await h.start(scenarioOf({ main: { 'a.txt': 'a\n' } }));
    const ws = h.ws({ 'a.txt': 'b\n' });
    mkdirSync(join(ws, '.git'), { recursive: true });
    const r = await h.run({ message: 'm', 'working-directory': dir }, ws);
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(/Input "working-directory"/);
    expect(r.requests).toEqual([]);
  });

  it('a symlinked folder that leads out of the workspace is refused before any request', async () => {
    await h.start(scenarioOf({ main: { 'a.txt': 'a\n' } }));
    const ws = h.ws({ 'a.txt': 'b\n' });
    symlinkSync(secretFile(), join(ws, 'site'));
    const r = await h.run({ message: 'm', 'working-directory': 'site' }, ws);
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(/leads outside the workspace/);
    expect(r.requests).toEqual([]);
  });
});

describe('commit-files symlinks in the workspace', () => {
  it('a link to a secret is committed as a link (its target text), never the secret it points at', async () => {
    const emu = await h.start(scenarioOf({ main: { 'a.txt': 'a\n' } }));
    const ws = h.ws({ 'a.txt': 'b\n' });
    const target = join(secretFile(), 'id_rsa');
    symlinkSync(target, join(ws, 'notes.txt'));
    const r = await h.run({ message: 'm' }, ws);
    expect(r.code, r.stdout).toBe(0);
    expect(branchFiles(emu, 'main')['notes.txt']).toBe(`120000 ${target}`);
    expect(receivedText(emu)).not.toContain(SECRET);
  });

  it('a path entry through a symlinked folder is refused before any request', async () => {
    await h.start(scenarioOf({ main: { 'a.txt': 'a\n' } }));
    const ws = h.ws({ 'a.txt': 'b\n' });
    symlinkSync(secretFile(), join(ws, 'keys'));
    const r = await h.run({ message: 'm', paths: 'keys/id_rsa' }, ws);
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(/symbolic link "keys"/);
    expect(r.requests).toEqual([]);
  });
});

describe('commit-files delete-missing', () => {
  it('an entry that matches nothing locally (a build that produced nothing) is refused: nothing is deleted', async () => {
    const emu = await h.start(scenarioOf({ main: { 'dist/a.js': 'a\n', 'dist/b.js': 'b\n', 'README.md': 'r\n' } }));
    const before = emu.state.branchSha(REPO, 'main');
    const r = await h.run(
      { message: 'm', paths: 'dist\nREADME.md', 'delete-missing': true },
      h.ws({ 'README.md': 'r\n' }),
    );
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toMatch(/"dist" matches no local file.*delete-missing/);
    expect(r.requests).toEqual([]);
    expect(emu.state.branchSha(REPO, 'main')).toBe(before);
  });

  it('a glob that matches nothing is refused likewise', async () => {
    await h.start(scenarioOf({ main: { 'out/a.js': 'a\n' } }));
    const r = await h.run({ message: 'm', paths: 'out/**/*.js', 'delete-missing': true }, h.ws({ 'x.txt': 'x\n' }));
    expect(r.code).toBe(1);
    expect(writesOf(r)).toEqual([]);
    expect(r.requests).toEqual([]);
  });
});
