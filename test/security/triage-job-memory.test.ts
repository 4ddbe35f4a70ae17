// Triage's job memory decides closes (a remembered stale mark skips the comment read), so it is used only from a
// private folder: a planted folder or file (a shared temp folder, a symlink, open permissions) is never read, and
// the memory is not written through it.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadJobMemory } from '../../src/actions/triage/domain/job-memory';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'triage-memory-sec-'));
  dirs.push(dir);
  return dir;
};
const repo = { owner: 'octo', repo: 'app' };
const PLANTED = JSON.stringify({ 7: { at: '2099-01-01T00:00:00Z', markedAt: '2000-01-01T00:00:00Z' } });

describe('triage job memory: only a private folder', () => {
  it('a planted folder open to others is neither read nor written (with a warning)', async () => {
    const dir = temp();
    const folder = join(dir, 'repo-actions-triage');
    mkdirSync(folder);
    chmodSync(folder, 0o777);
    writeFileSync(join(folder, 'octo__app.json'), PLANTED, { mode: 0o600 });
    const warnings: string[] = [];
    const memory = await loadJobMemory(dir, repo, (m) => warnings.push(m));
    expect(memory.get(7)).toBeUndefined();
    expect(warnings.join('\n')).toMatch(/open to group or others/);
    memory.remember(8, { at: '2026-01-01T00:00:00Z' });
    await memory.save();
    expect(readFileSync(join(folder, 'octo__app.json'), 'utf8')).toBe(PLANTED);
  });

  it('a symlinked folder is not used', async () => {
    const dir = temp();
    const elsewhere = temp();
    chmodSync(elsewhere, 0o700);
    writeFileSync(join(elsewhere, 'octo__app.json'), PLANTED, { mode: 0o600 });
    symlinkSync(elsewhere, join(dir, 'repo-actions-triage'));
    const warnings: string[] = [];
    const memory = await loadJobMemory(dir, repo, (m) => warnings.push(m));
    expect(memory.get(7)).toBeUndefined();
    expect(warnings.join('\n')).toMatch(/symbolic link/);
  });

  it('a symlinked memory file in our folder is not read, and saving replaces the link, never writes through it', async () => {
    const dir = temp();
    const folder = join(dir, 'repo-actions-triage');
    mkdirSync(folder, { mode: 0o700 });
    const target = join(temp(), 'target.json');
    writeFileSync(target, PLANTED, { mode: 0o600 });
    symlinkSync(target, join(folder, 'octo__app.json'));
    const memory = await loadJobMemory(dir, repo);
    expect(memory.get(7)).toBeUndefined();
    memory.remember(9, { at: '2026-01-01T00:00:00Z' });
    await memory.save();
    expect(readFileSync(target, 'utf8')).toBe(PLANTED);
    expect(JSON.parse(readFileSync(join(folder, 'octo__app.json'), 'utf8'))).toEqual({
      9: { at: '2026-01-01T00:00:00Z' },
    });
  });

  it('a fresh temp dir gets a 0700 folder of ours', async () => {
    const dir = temp();
    const memory = await loadJobMemory(dir, repo);
    memory.remember(1, { at: '2026-01-01T00:00:00Z' });
    await memory.save();
    expect(existsSync(join(dir, 'repo-actions-triage', 'octo__app.json'))).toBe(true);
    expect((await loadJobMemory(dir, repo)).get(1)).toEqual({ at: '2026-01-01T00:00:00Z' });
  });
});
