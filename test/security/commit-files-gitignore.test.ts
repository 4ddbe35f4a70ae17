// Attacks on commit-files through `.gitignore`: a symbolic link to `/dev/zero` (endless bytes) must not exhaust
// memory or time, and one to a file outside the workspace must not decide what is committed. Rules files are opened
// without following links and size-capped; a rules file over the cap is refused before any request.
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IGNORE_FILE_MAX_BYTES, IgnoreRules } from '../../src/actions/commit-files/domain/ignore-rules';
import { writeWorkspace } from '../../emulator/scenarios/commit-files';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const track = (d: string) => (dirs.push(d), d);

describe('commit-files .gitignore', () => {
  it('a .gitignore linked to /dev/zero is not read (bounded time, no memory blow-up)', async () => {
    const ws = track(writeWorkspace({ 'a.txt': 'a\n', 'sub/b.txt': 'b\n' }));
    symlinkSync('/dev/zero', join(ws, '.gitignore'));
    symlinkSync('/dev/zero', join(ws, 'sub', '.gitignore'));
    const started = Date.now();
    const rules = await IgnoreRules.load(ws);
    await rules.enter('sub');
    expect(Date.now() - started).toBeLessThan(10_000); // reading /dev/zero would never end
    expect(rules.ignores('a.txt', false)).toBe(false);
  });

  it('a .gitignore linked to a file outside the workspace decides nothing', async () => {
    const outside = track(mkdtempSync(join(tmpdir(), 'outside-')));
    writeFileSync(join(outside, 'rules'), '*\n');
    const ws = track(writeWorkspace({ 'a.txt': 'a\n', 'secret.env': 'x\n' }));
    symlinkSync(join(outside, 'rules'), join(ws, '.gitignore'));
    const rules = await IgnoreRules.load(ws);
    expect(rules.ignores('a.txt', false)).toBe(false);
    expect(rules.ignores('secret.env', false)).toBe(false);
  });

  it('a regular .gitignore over the cap is refused with its path', async () => {
    const ws = track(writeWorkspace({ 'a.txt': 'a\n' }));
    writeFileSync(join(ws, '.gitignore'), '#'.repeat(IGNORE_FILE_MAX_BYTES + 1));
    await expect(IgnoreRules.load(ws)).rejects.toThrow(/\.gitignore: over \d+ bytes/);
  });

  it('a regular .gitignore within the cap still works', async () => {
    const ws = track(writeWorkspace({ 'a.txt': 'a\n', 'build/x.o': 'x' }));
    writeFileSync(join(ws, '.gitignore'), 'build/\n');
    const rules = await IgnoreRules.load(ws);
    expect(rules.ignores('build', true)).toBe(true);
    expect(rules.ignores('a.txt', false)).toBe(false);
  });
});
