// Every file or folder src/README.md names exists: a path in backticks (`kernel/sequence.ts`, `eslint.config.js`,
// `actions/`) is looked up in src/ and at the repository's root, and a bare file name of an action (`plan.ts`,
// `action.yml`) in the model action's folders (src/actions/label-sync/, actions/label-sync/). Templates (`src/actions/<name>/`) and
// package scopes (`@actions/`) are not paths.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..');
const readme = readFileSync(join(root, 'src', 'README.md'), 'utf8');

const PATH = /^[\w.-]+(?:\/[\w.@-]+)*\/?$/;
const FILE = /\.(?:ts|js|mjs|cjs|json|md|yml|yaml)$/;

/** The backticked texts that name a file (by its extension) or a folder (by a trailing slash or an inner slash). */
function namedPaths(text: string): string[] {
  const named = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return [...new Set(named)].filter(
    (t) => PATH.test(t) && !t.includes('<') && (FILE.test(t) || t.endsWith('/') || /^[\w-]+\/[\w./-]+$/.test(t)),
  );
}

const MODEL = [join('src', 'actions', 'label-sync'), join('actions', 'label-sync')];

const exists = (path: string) =>
  [root, join(root, 'src'), ...(path.replace(/\/$/, '').includes('/') ? [] : MODEL.map((m) => join(root, m)))].some(
    (base) => existsSync(join(base, path)),
  );

describe('src/README.md', () => {
  const paths = namedPaths(readme);

  it('names paths (the check has something to check)', () => {
    expect(paths).toContain('kernel/sequence.ts');
    expect(paths).toContain('eslint.config.js');
    expect(paths.length).toBeGreaterThan(15);
  });

  it('names only paths that exist (in src/ or at the root)', () => {
    expect(paths.filter((p) => !exists(p))).toEqual([]);
  });

  it('names no route or owner/name as a path by mistake', () => {
    expect(paths.filter((p) => p.startsWith('repos/'))).toEqual([]);
  });
});
