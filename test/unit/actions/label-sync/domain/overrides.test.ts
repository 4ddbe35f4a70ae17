import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../../../src/kernel/config-file';
import type { LabelSpec } from '../../../../../src/actions/label-sync/domain/config';
import { mergeLabelFiles, originOf } from '../../../../../src/actions/label-sync/domain/overrides';

const spec = (name: string, color = 'ffffff', more: Partial<LabelSpec> = {}): LabelSpec => ({
  name,
  color,
  aliases: [],
  ...more,
});

describe('mergeLabelFiles', () => {
  it('replaces a label of an earlier file by name (case-insensitively), in its place, and appends new names', () => {
    const merged = mergeLabelFiles([
      { file: 'base.yml', labels: [spec('bug', 'd73a4a', { description: 'b' }), spec('docs'), spec('help')] },
      { file: 'repo.yml', labels: [spec('new'), spec('DOCS', '000000')] },
    ]);
    expect(merged).toEqual([
      spec('bug', 'd73a4a', { description: 'b' }),
      spec('DOCS', '000000'),
      spec('help'),
      spec('new'),
    ]);
  });

  it('replaces the whole label: aliases and description of the earlier one are dropped', () => {
    const merged = mergeLabelFiles([
      { file: 'a', labels: [spec('bug', 'ffffff', { aliases: ['defect'], description: 'x' })] },
      { file: 'b', labels: [spec('bug', 'd73a4a')] },
    ]);
    expect(merged).toEqual([spec('bug', 'd73a4a')]);
  });

  it('refuses a name or alias claimed by two labels after the overrides, naming both files', () => {
    const error = (() => {
      try {
        mergeLabelFiles([
          { file: 'base.yml', labels: [spec('bug', 'ffffff', { aliases: ['defect'] })] },
          { file: 'repo.yml', labels: [spec('other', 'ffffff', { aliases: ['Defect'] })] },
        ]);
      } catch (err) {
        return err as ConfigError;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.file).toBe('repo.yml');
    expect(error.message).toMatch(/"Defect" of label "other" is also claimed by label "bug" of base\.yml/);
  });

  it('one file is itself', () => {
    const labels = [spec('a'), spec('b', 'ffffff', { aliases: ['c'] })];
    expect(mergeLabelFiles([{ file: 'x', labels }])).toEqual(labels);
    expect(originOf([{ file: 'x', labels }])).toBe('x');
    expect(
      originOf([
        { file: 'o/r/x@v1', labels },
        { file: 'y', labels: [] },
      ]),
    ).toBe('o/r/x@v1 + y');
  });
});
