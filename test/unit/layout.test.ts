// Unit tests mirror the source: a test of `src/<path>/<x>.ts` is `test/unit/<path>/<x>.test.ts`, so the test of a
// module is found from its path and the other way round. Every folder of test/unit either mirrors a folder of src/
// or is one of the folders for what is not a module of src/ (the docs, the bench, tools/, …), and a test named after
// a module of its own part of src/ sits at that module's mirrored folder.
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const SRC = join(ROOT, 'src');
const UNIT = join(ROOT, 'test', 'unit');

/** test/unit's folders for what is not a module of src/ (each named for what it tests). */
const NOT_SOURCE = new Set([
  'bench',
  'docs',
  'emulator-launcher',
  'peers',
  'release-workflow',
  'setup',
  'templates',
  'tools',
  'wording',
]);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? [path + sep, ...walk(path)] : [path];
  });
}

const posix = (path: string) => path.split(sep).join('/');
const srcEntries = walk(SRC);
const sources = srcEntries.filter((p) => p.endsWith('.ts')).map((p) => posix(relative(SRC, p)));
const sourceFolders = new Set(
  srcEntries.filter((p) => p.endsWith(sep)).map((p) => posix(relative(SRC, p)).replace(/\/$/, '')),
);
const entries = walk(UNIT).map((p) => posix(relative(UNIT, p)));

describe('unit tests mirror the source', () => {
  it('reads both trees (the check has something to check)', () => {
    expect(sources).toContain('kernel/sequence.ts');
    expect(entries).toContain('kernel/sequence.test.ts');
  });

  it('every folder of test/unit mirrors a folder of src/, or tests what is not in src/', () => {
    const folders = entries.filter((e) => e.endsWith('/')).map((e) => e.replace(/\/$/, ''));
    expect(folders.filter((f) => !sourceFolders.has(f) && !NOT_SOURCE.has(f.split('/')[0]!))).toEqual([]);
  });

  it("a test named after a module of its part of src/ sits at that module's folder", () => {
    const misplaced = entries
      .filter((e) => e.endsWith('.test.ts') && e.includes('/'))
      .flatMap((test) => {
        const folder = test.slice(0, test.lastIndexOf('/'));
        // Its part of src/: an action's folder, else the top folder (kernel, github, hosts).
        const part = folder.startsWith('actions/') ? folder.split('/').slice(0, 2).join('/') : folder.split('/')[0]!;
        if (part === 'actions' || NOT_SOURCE.has(part)) return [];
        const module = test.slice(test.lastIndexOf('/') + 1).replace(/\.test\.ts$/, '.ts');
        const named = sources.filter((s) => s.startsWith(`${part}/`) && s.endsWith(`/${module}`));
        return named.length > 0 && !named.includes(`${folder}/${module}`)
          ? [`${test} (the module: ${named.join(', ')})`]
          : [];
      });
    expect(misplaced).toEqual([]);
  });
});
