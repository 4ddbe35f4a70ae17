// actions/labeler's own behaviour (its __tests__/main.test.ts cases, v5.0.0 = v6.0.1, and v6.2.0's limits), in our
// own words: a labeler file's rules planned for one pull request, then labeler's limits and outputs
// (labeler-outcome.ts). Each case states the pull request, the file and what labeler does with them.
import { describe, expect, it } from 'vitest';
import type { ItemFacts } from '../../../../src/actions/triage/domain/conditions';
import { labelerFile } from '../../../../src/actions/triage/domain/labeler';
import { labelerOutcome } from '../../../../src/actions/triage/domain/labeler-outcome';
import { planRules } from '../../../../src/actions/triage/plan';
import { makeItem } from './items';

const PDFS = `touched-a-pdf-file:\n  - changed-files:\n      - any-glob-to-any-file: ['*.pdf']\n`;
const BRANCHES = `
test-branch:
  - head-branch: '^test/'
feature-branch:
  - head-branch: 'feature/'
bug-branch:
  - head-branch: '^bug/|fix/'
array-branch:
  - head-branch: ['^array/']
`;
const ANY_AND_ALL = `
tests:
  - any:
      - head-branch: ['^tests/', '^test/']
      - changed-files:
          - any-glob-to-any-file: ['tests/**/*']
  - all:
      - changed-files:
          - all-globs-to-all-files: ['!tests/requirements.txt']
`;
const COMPONENTS = (top: string) => `
${top}
component-a:
  - changed-files:
      - any-glob-to-any-file: ['components/a/**']
component-b:
  - changed-files:
      - any-glob-to-any-file: ['components/b/**']
test-branch:
  - head-branch: '^test/'
`;

interface Run {
  labels: string[];
  files: string[];
  branch?: string;
  sync?: boolean;
}

/** labeler on one pull request: the label writes, its outputs and its log lines. */
function label(file: string, run: Run) {
  const warnings: string[] = [];
  const parsed = labelerFile(file, '.github/labeler.yml', run.sync ?? false, (m) => warnings.push(m));
  const facts: ItemFacts = {
    item: makeItem({ isPullRequest: true, labels: run.labels }),
    files: run.files,
    pull: { branch: run.branch ?? 'topic', base: 'main', lines: 1 },
  };
  const ops = planRules(parsed.rules, facts, new Set()).operations;
  const result = labelerOutcome(facts.item, ops, parsed);
  return {
    writes: result.operations.map((op) => `${op.kind} ${op.subject}`),
    newLabels: result.outcome.newLabels.join(','),
    allLabels: result.outcome.allLabels.join(','),
    warnings: [...warnings, ...result.warnings],
    info: result.info,
  };
}

describe("actions/labeler's cases", () => {
  it('a matching glob adds the label (dot files too); the outputs name it', () => {
    for (const file of ['foo.pdf', '.foo.pdf']) {
      const r = label(PDFS, { labels: [], files: [file] });
      expect(r.writes).toEqual(['add-label touched-a-pdf-file']);
      expect([r.newLabels, r.allLabels]).toEqual(['touched-a-pdf-file', 'touched-a-pdf-file']);
    }
  });

  it('no match: no write, both outputs empty', () => {
    const r = label(PDFS, { labels: [], files: ['foo.txt'] });
    expect(r.writes).toEqual([]);
    expect([r.newLabels, r.allLabels]).toEqual(['', '']);
  });

  it('an entry with only unknown keys never matches, and the run goes on', () => {
    const r = label(`label:\n  - all:\n      - unknown: 'this-is-not-supported'\n`, { labels: [], files: ['a'] });
    expect(r.writes).toEqual([]);
  });

  it('head-branch regexes: one label per matching pattern, in the file order', () => {
    expect(label(BRANCHES, { labels: [], files: [], branch: 'test/testing-time' }).allLabels).toBe('test-branch');
    const both = label(BRANCHES, { labels: [], files: [], branch: 'test/feature/123' });
    expect([both.newLabels, both.allLabels]).toEqual(['test-branch,feature-branch', 'test-branch,feature-branch']);
    expect(label(BRANCHES, { labels: [], files: [], branch: 'fix/123' }).newLabels).toBe('bug-branch');
    expect(label(BRANCHES, { labels: [], files: [], branch: 'array/123' }).newLabels).toBe('array-branch');
  });

  it('any + all: one any entry suffices (a head branch that does not match beside files that do); all must hold', () => {
    expect(label(ANY_AND_ALL, { labels: [], files: ['tests/test.ts'], branch: 'head-branch-name' }).writes).toEqual([
      'add-label tests',
    ]);
    expect(label(ANY_AND_ALL, { labels: [], files: ['tests/requirements.txt'] }).writes).toEqual([]);
  });

  it('sync-labels removes a label of the file that no longer holds and keeps the others; without it nothing goes', () => {
    const synced = label(PDFS, { labels: ['touched-a-pdf-file', 'manually-added'], files: ['foo.txt'], sync: true });
    expect(synced.writes).toEqual(['remove-label touched-a-pdf-file']);
    expect([synced.newLabels, synced.allLabels]).toEqual(['', 'manually-added']);
    const kept = label(PDFS, { labels: ['touched-a-pdf-file', 'manually-added'], files: ['foo.txt'] });
    expect(kept.writes).toEqual([]);
    expect(kept.allLabels).toBe('touched-a-pdf-file,manually-added');
  });

  it('a 101st label is not added: labeler warns naming it and succeeds', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => `label${i + 1}`);
    const r = label(PDFS, { labels: hundred, files: ['foo.pdf'] });
    expect(r.writes).toEqual([]);
    expect(r.warnings).toEqual(['Maximum of 100 labels allowed. Excess labels: touched-a-pdf-file']);
    expect(r.newLabels).toBe('');
    expect(r.allLabels).toBe(hundred.join(','));
  });

  it('a top-level key labeler does not know is warned about and ignored', () => {
    const r = label(`docs:\n  - changed-files:\n      - any-glob-to-any-file: 'docs/**'\n    color: red\n`, {
      labels: [],
      files: ['docs/a.md'],
    });
    expect(r.writes).toEqual(['add-label docs']);
    expect(r.warnings).toEqual([expect.stringContaining('an unknown config option was under docs: color')]);
  });

  it('an unknown option under changed-files fails, as labeler throws', () => {
    expect(() => label(`docs:\n  - changed-files:\n      - any-glob: 'docs/**'\n`, { labels: [], files: [] })).toThrow(
      /unknown config options were under "changed-files": any-glob/,
    );
  });
});

describe("actions/labeler v6.2.0's limits", () => {
  it('changed-files-labels-limit: more new changed-files labels than the limit adds none of them; branch labels stay', () => {
    const file = COMPONENTS('changed-files-labels-limit: 1');
    const over = label(file, { labels: [], files: ['components/a/x', 'components/b/y'], branch: 'test/1' });
    expect(over.writes).toEqual(['add-label test-branch']);
    expect(over.info).toEqual(['Changed-files labels (2) exceed limit (1), skipping: component-a, component-b']);
    expect(label(file, { labels: [], files: ['components/a/x'] }).writes).toEqual(['add-label component-a']);
    // A label already there is not new: it does not count.
    expect(label(file, { labels: ['component-a'], files: ['components/a/x', 'components/b/y'] }).writes).toEqual([
      'add-label component-b',
    ]);
  });

  it('max-files-changed: beyond it, labels that use changed-files are neither added nor removed', () => {
    const file = COMPONENTS("max-files-changed: '3'");
    const many = ['components/a/1', 'components/a/2', 'components/b/3', 'x'];
    expect(label(file, { labels: [], files: many, branch: 'test/1' }).writes).toEqual(['add-label test-branch']);
    expect(label(file, { labels: ['component-b'], files: ['x', 'y', 'z', 'w'], sync: true }).writes).toEqual([]);
    expect(label(file, { labels: [], files: many.slice(0, 3) }).writes).toEqual([
      'add-label component-a',
      'add-label component-b',
    ]);
  });

  it('a bad limit fails naming it', () => {
    expect(() => label('max-files-changed: -1\n', { labels: [], files: [] })).toThrow(/max-files-changed/);
  });
});
