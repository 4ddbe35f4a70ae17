import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IgnoreRules } from '../../../../../src/actions/commit-files/domain/ignore-rules';

describe('IgnoreRules', () => {
  it('reads .gitignore per folder: deeper rules and re-includes win, folder patterns match folders only', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cf-rules-'));
    mkdirSync(join(root, 'pkg/sub'), { recursive: true });
    writeFileSync(join(root, '.gitignore'), '*.tmp\nout/\n# comment\n');
    writeFileSync(join(root, 'pkg/.gitignore'), '!keep.tmp\n/local.txt\n');
    const rules = await IgnoreRules.load(root);
    await rules.enter('pkg');
    expect(rules.ignores('a.tmp', false)).toBe(true);
    expect(rules.ignores('pkg/x.tmp', false)).toBe(true);
    expect(rules.ignores('pkg/keep.tmp', false)).toBe(false);
    expect(rules.ignores('pkg/local.txt', false)).toBe(true);
    expect(rules.ignores('pkg/sub/local.txt', false)).toBe(false);
    expect(rules.ignores('out', true)).toBe(true);
    expect(rules.ignores('out', false)).toBe(false);
    expect(rules.ignores('# comment', false)).toBe(false);
    // Names the ignore library refuses (a file called `...`) are simply not ignored.
    expect(rules.ignores('...', false)).toBe(false);
  });
});
