// A stale checkout: the job checked out main at A, someone pushed B meanwhile, then commit-files runs. The change
// set is what the workspace changed since A, applied three-way onto B: B's changes are kept, a file both changed is
// refused before any write, and an unknown base is said and refused (or overwritten when asked).
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitCheckout } from '../../../harness/commit-files-checkout';
import { withoutLimitProbe } from '../emulator-mode';
import { branchFiles, commitsSince, errorsOf, harness, isGraphql, writesOf } from './helpers';
import { REPO, scenarioOf } from '../../../emulator/scenarios/commit-files';

const h = harness();

const MAIN = {
  'README.md': '# app\n',
  'src/ui/theme.ts': 'export const theme = "light";\n',
  'gen/out.txt': 'generated v1\n',
  'gen/old.txt': 'obsolete\n',
};

/** main at A, checked out; then B pushed by someone else. */
async function staleCheckout(other: Record<string, string | null>, options: Parameters<typeof gitCheckout>[2] = {}) {
  const emu = await h.start(scenarioOf({ main: MAIN }));
  const a = emu.state.branchSha(REPO, 'main')!;
  const dir = h.track(gitCheckout(emu, 'main', options));
  const b = emu.state.commitFiles(REPO, 'main', other, 'Someone else', 'mona');
  return { emu, a, b, dir };
}

const checkedOut = { 'on-unknown-base': 'fail' };

describe('commit-files on a stale checkout', () => {
  it('keeps the remote changes to other files, history linear, delete-missing keeping the remote addition', async () => {
    const { emu, a, b, dir } = await staleCheckout({
      'src/ui/theme.ts': 'export const theme = "dark";\n',
      'NOTES.md': 'notes\n',
    });
    writeFileSync(join(dir, 'gen/out.txt'), 'generated v2\n');
    rmSync(join(dir, 'gen/old.txt'));
    const r = await h.run({ ...checkedOut, message: 'Regenerate', paths: '.', 'delete-missing': true }, dir);
    expect(r.code, errorsOf(r)).toBe(0);
    expect(branchFiles(emu, 'main')).toEqual({
      'README.md': '100644 # app\n',
      'src/ui/theme.ts': '100644 export const theme = "dark";\n',
      'NOTES.md': '100644 notes\n',
      'gen/out.txt': '100644 generated v2\n',
    });
    const added = commitsSince(emu, 'main', b);
    expect(added).toHaveLength(1);
    expect(emu.state.commit(REPO, added[0]!)!.parents).toEqual([b]);
    expect(r.outputs).toMatchObject({ 'files-added': '0', 'files-updated': '1', 'files-deleted': '1' });
    expect(r.stdout).toContain(
      `Base ${a.slice(0, 7)} (the checkout's HEAD); main is 1 commit ahead at ${b.slice(0, 7)}`,
    );
    // Compared in the GraphQL query that read the head (`Ref.compare`): no compare request.
    expect(r.summary).toContain('compared in the GraphQL read of the head');
    expect(r.requests.filter((q) => q.path.includes('/compare/'))).toEqual([]);
    expect(r.requests.filter(isGraphql)).toHaveLength(1);
  });

  it('refuses a file changed on both sides before any write, naming the path and both commits', async () => {
    const { emu, a, b, dir } = await staleCheckout({ 'src/ui/theme.ts': 'export const theme = "dark";\n' });
    writeFileSync(join(dir, 'src/ui/theme.ts'), 'export const theme = "blue";\n');
    writeFileSync(join(dir, 'gen/out.txt'), 'generated v2\n');
    const r = await h.run({ ...checkedOut, message: 'Regenerate', paths: '.', force: true }, dir);
    expect(r.code).toBe(1);
    expect(writesOf(r)).toEqual([]);
    const error = errorsOf(r);
    expect(error).toContain('src/ui/theme.ts');
    expect(error).toContain(a.slice(0, 7));
    expect(error).toContain(b.slice(0, 7));
    expect(error).toContain('Nothing was written');
    expect(emu.state.branchSha(REPO, 'main')).toBe(b);
  });

  it('refuses a mode change against a content change of the same file', async () => {
    const { emu, b, dir } = await staleCheckout({ 'gen/out.txt': 'theirs\n' });
    chmodSync(join(dir, 'gen/out.txt'), 0o755);
    const r = await h.run({ ...checkedOut, message: 'Mode', paths: 'gen' }, dir);
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toContain('gen/out.txt');
    expect(writesOf(r)).toEqual([]);
    expect(emu.state.branchSha(REPO, 'main')).toBe(b);
  });

  it('does nothing where both sides made the same change', async () => {
    const { emu, b, dir } = await staleCheckout({ 'gen/out.txt': 'generated v2\n' });
    writeFileSync(join(dir, 'gen/out.txt'), 'generated v2\n');
    const r = await h.run({ ...checkedOut, message: 'Regenerate', paths: 'gen' }, dir);
    expect(r.code, errorsOf(r)).toBe(0);
    expect(r.outputs.committed).toBe('false');
    expect(emu.state.branchSha(REPO, 'main')).toBe(b);
  });

  it('keeps a file the other push deleted when the workspace did not change it', async () => {
    const { emu, dir } = await staleCheckout({ 'gen/old.txt': null });
    writeFileSync(join(dir, 'gen/out.txt'), 'generated v2\n');
    const r = await h.run({ ...checkedOut, message: 'Regenerate', paths: 'gen', 'delete-missing': true }, dir);
    expect(r.code, errorsOf(r)).toBe(0);
    expect(branchFiles(emu, 'main')['gen/old.txt']).toBeUndefined();
    expect(branchFiles(emu, 'main')['gen/out.txt']).toBe('100644 generated v2\n');
  });

  it('costs nothing extra when the base is the head (no compare)', async () => {
    const emu = await h.start(scenarioOf({ main: MAIN }));
    const dir = h.track(gitCheckout(emu, 'main', { shallow: true }));
    writeFileSync(join(dir, 'gen/out.txt'), 'generated v2\n');
    const r = await h.run({ ...checkedOut, message: 'Regenerate', paths: 'gen' }, dir);
    expect(r.code, errorsOf(r)).toBe(0);
    expect(r.requests.filter((q) => q.path.includes('/compare/'))).toEqual([]);
    // No REST read; only the free `GET /rate_limit` the budget check makes before the first REST answer.
    expect(withoutLimitProbe(r.requests).filter((q) => q.method === 'GET' && q.path !== '/rate_limit')).toEqual([]);
    expect(r.requests.filter(isGraphql)).toHaveLength(1);
    expect(r.stdout).toContain('is the head of main: no extra read');
  });

  it('refuses a shallow clone without the base commit with a clear message and 0 writes', async () => {
    const { emu, b, dir } = await staleCheckout({ 'NOTES.md': 'notes\n' }, { withoutObjects: true });
    writeFileSync(join(dir, 'gen/out.txt'), 'generated v2\n');
    const r = await h.run({ ...checkedOut, message: 'Regenerate', paths: 'gen' }, dir);
    expect(r.code).toBe(1);
    expect(r.requests).toEqual([]);
    expect(errorsOf(r)).toMatch(
      /base of the change set is unknown: the checkout's HEAD names [0-9a-f]{40}, but the checkout does not hold that commit \(a shallow clone without it\)/,
    );
    expect(errorsOf(r)).toContain('on-unknown-base: overwrite');
    expect(emu.state.branchSha(REPO, 'main')).toBe(b);
  });

  it('refuses a workspace that is not a checkout by default, and overwrites when asked', async () => {
    const emu = await h.start(scenarioOf({ main: MAIN }));
    const dir = h.ws({ 'gen/out.txt': 'generated v2\n' });
    const refused = await h.run({ message: 'Regenerate', paths: 'gen', 'on-unknown-base': 'fail' }, dir);
    expect(refused.code).toBe(1);
    expect(errorsOf(refused)).toContain('is not in a git checkout (no .git)');
    expect(refused.requests).toEqual([]);
    const overwritten = await h.run({ message: 'Regenerate', paths: 'gen', 'on-unknown-base': 'overwrite' }, dir);
    expect(overwritten.code, errorsOf(overwritten)).toBe(0);
    expect(overwritten.stdout).toContain('Base unknown: ');
    expect(branchFiles(emu, 'main')['gen/out.txt']).toBe('100644 generated v2\n');
  });

  it('refuses a base the branch does not descend from (a rewritten branch)', async () => {
    const emu = await h.start(scenarioOf({ main: MAIN, other: { 'x.txt': 'x\n' } }));
    const dir = h.track(gitCheckout(emu, 'other'));
    writeFileSync(join(dir, 'gen/out.txt'), 'generated v2\n');
    const r = await h.run({ ...checkedOut, message: 'Regenerate', paths: 'gen', branch: 'main' }, dir);
    expect(r.code).toBe(1);
    expect(errorsOf(r)).toContain('does not descend from the checkout');
    expect(writesOf(r)).toEqual([]);
  });
});
