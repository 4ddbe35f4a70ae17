// The architecture guide (docs/architecture.md) answers the three first questions of a newcomer (and how the service
// runs an action), each in at most five files, names only files that exist, and README.md and CONTRIBUTING.md link it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..');
const guide = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');

const QUESTIONS = [
  'How does a label-sync run go from inputs to its last write?',
  'Where do I add a retry rule for a new GitHub error?',
  'Where do I add a fifth action?',
  'How does the service run an action?',
];

/** The text under a `## ` heading, up to the next one. */
function section(heading: string): string {
  const start = guide.indexOf(`\n## ${heading}\n`);
  if (start < 0) return '';
  const rest = guide.slice(start + heading.length + 5);
  const end = rest.indexOf('\n## ');
  return end < 0 ? rest : rest.slice(0, end);
}

/** The file each numbered step opens: the first backticked path of the step's line. */
function stepFiles(text: string): string[] {
  return [...text.matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => m[1]!);
}

/** A path to look up ("src/actions/<name>/" is a template, not a path). */
const concrete = (path: string) => !path.includes('<');

describe('docs/architecture.md', () => {
  it.each(QUESTIONS)('answers "%s" in at most five files, each of which exists', (question) => {
    const files = stepFiles(section(question));
    expect(files.length).toBeGreaterThan(0);
    expect(new Set(files).size).toBeLessThanOrEqual(5);
    expect(files.filter((f) => concrete(f) && !existsSync(join(root, f)))).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    const named = [...guide.matchAll(/`((?:src|test|emulator|scripts|docs|actions)\/[\w./-]*)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(10);
    expect([...new Set(named)].filter((p) => concrete(p) && !existsSync(join(root, p)))).toEqual([]);
  });

  it.each(['README.md', 'CONTRIBUTING.md'])('%s links it', (file) => {
    expect(readFileSync(join(root, file), 'utf8')).toContain('](docs/architecture.md)');
  });
});
