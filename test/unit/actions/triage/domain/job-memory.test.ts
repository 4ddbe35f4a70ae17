import { mkdtempSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inMemoryJobMemory, loadJobMemory } from '../../../../../src/actions/triage/domain/job-memory';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'triage-memory-'));
  dirs.push(dir);
  return dir;
};
const repo = { owner: 'octo', repo: 'app' };

describe('job memory', () => {
  it('keeps the mark time when a later write has none', () => {
    const memory = inMemoryJobMemory();
    memory.remember(3, { at: '2026-01-01T00:00:00Z', markedAt: '2026-01-01T00:00:00Z' });
    memory.remember(3, { at: '2026-01-02T00:00:00Z' });
    expect(memory.get(3)).toEqual({ at: '2026-01-02T00:00:00Z', markedAt: '2026-01-01T00:00:00Z' });
  });

  it('persists in the temp dir (0700 folder, 0600 file) for the next run of the job', async () => {
    const dir = temp();
    const first = await loadJobMemory(dir, repo);
    first.remember(7, { at: '2026-01-01T00:00:00Z', markedAt: '2026-01-01T00:00:00Z' });
    await first.save();
    const second = await loadJobMemory(dir, repo);
    expect(second.get(7)).toEqual({ at: '2026-01-01T00:00:00Z', markedAt: '2026-01-01T00:00:00Z' });
    expect(statSync(join(dir, 'repo-actions-triage')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'repo-actions-triage', 'octo__app.json')).mode & 0o777).toBe(0o600);
    expect((await loadJobMemory(dir, { owner: 'octo', repo: 'other' })).get(7)).toBeUndefined();
  });

  it('treats an unreadable file as an empty memory (it only saves reads)', async () => {
    const dir = temp();
    mkdirSync(join(dir, 'repo-actions-triage'), { mode: 0o700 });
    writeFileSync(join(dir, 'repo-actions-triage', 'octo__app.json'), '{"7": {"at": 5}}', { mode: 0o600 });
    expect((await loadJobMemory(dir, repo)).get(7)).toBeUndefined();
  });
});
