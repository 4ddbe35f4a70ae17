// A secret outside the workspace, reachable only through symbolic links (a linked file, a linked folder, a
// working-directory that leads out), never reaches the API: no stored blob and no request body holds its bytes.
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harness } from '../e2e/commit-files/helpers';
import { REPO, scenarioOf } from '../../emulator/scenarios/commit-files';

const h = harness();
const SECRET = 'TOP-SECRET-7f3a91c2-never-leaves-the-runner';

describe('commit-files never sends a file outside the workspace', () => {
  it.each([
    [{ paths: '.' }, 0],
    [{ paths: '.', 'delete-missing': 'true' }, 0],
    [{ paths: '**/*.txt' }, 0],
    [{ paths: 'linked-dir/secret.txt' }, 1],
    [{ paths: 'linked-file.txt' }, 0],
    [{ 'working-directory': 'linked-dir' }, 1],
  ])('%j', async (inputs, code) => {
    const emu = await h.start(scenarioOf({ main: { 'README.md': '# app\n' } }));
    const outside = h.track(mkdtempSync(join(tmpdir(), 'commit-files-secret-')));
    writeFileSync(join(outside, 'secret.txt'), `${SECRET}\n`);
    const dir = h.ws({ 'a.txt': 'a\n' });
    symlinkSync(outside, join(dir, 'linked-dir'));
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'linked-file.txt'));
    const r = await h.run({ message: 'm', ...inputs }, dir);
    expect(r.code, r.stdout).toBe(code);
    const blobs = [...emu.state.repo(REPO)!.objects.allBlobs()];
    expect(blobs.length).toBeGreaterThan(0);
    expect(blobs.some((b) => b.includes(SECRET))).toBe(false);
    expect(r.stdout).not.toContain(SECRET);
  });
});
