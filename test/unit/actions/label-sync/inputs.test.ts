import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/kernel/inputs';
import { readLabelSyncInputs } from '../../../../src/actions/label-sync/inputs';

const reader = (values: Record<string, string>) => (name: string) => (values[name] ?? '').trim() || undefined;

describe('readLabelSyncInputs', () => {
  it('applies the defaults of action.yml', () => {
    expect(readLabelSyncInputs(reader({}))).toEqual({
      config: ['.github/labels.yml'],
      configRepository: undefined,
      configRef: undefined,
      repositories: [],
      prune: false,
      exclude: [],
    });
  });

  it('reads lists one a line, dropping blanks and duplicate repositories (case-insensitively)', () => {
    const inputs = readLabelSyncInputs(
      reader({
        repositories: 'octo/app\n\n  octo/web \nOcto/App\n',
        exclude: 'priority: *\n  area/{api,ui}\n',
        prune: 'true',
        'config-repository': 'octo/.github',
        'config-ref': 'v2',
      }),
    );
    expect(inputs).toMatchObject({
      repositories: ['octo/app', 'octo/web'],
      exclude: ['priority: *', 'area/{api,ui}'],
      prune: true,
      configRepository: 'octo/.github',
      configRef: 'v2',
    });
  });

  it('accepts repositories separated by commas too, and names every bad entry', () => {
    expect(readLabelSyncInputs(reader({ repositories: 'octo/app, octo/web,\nocto/cli' })).repositories).toEqual([
      'octo/app',
      'octo/web',
      'octo/cli',
    ]);
    expect(() => readLabelSyncInputs(reader({ repositories: 'octo/app\nnot a repo\nocto/web/extra' }))).toThrow(
      /Input "repositories" must list repositories as owner\/name: "not a repo" must be owner\/name \(one slash\); "octo\/web\/extra" must be owner\/name \(one slash\)/,
    );
  });

  it('refuses names that would walk a URL path, whatever the separator', () => {
    for (const repositories of ['../..', 'octo/..', './app', 'octo/.']) {
      expect(() => readLabelSyncInputs(reader({ repositories }))).toThrow(/is not a/);
    }
  });

  it('reads config as one file a line, in order', () => {
    expect(
      readLabelSyncInputs(reader({ config: 'octo/.github:labels/base.yml\n.github/labels.yml\n' })).config,
    ).toEqual(['octo/.github:labels/base.yml', '.github/labels.yml']);
  });

  it.each([
    [{ repositories: 'octo/app\nnot a repo' }, 'repositories'],
    [{ 'config-repository': 'just-a-name' }, 'config-repository'],
    [{ prune: 'yes' }, 'prune'],
  ])('names the bad input: %j', (values, input) => {
    expect(() => readLabelSyncInputs(reader(values))).toThrow(InputError);
    try {
      readLabelSyncInputs(reader(values));
    } catch (err) {
      expect((err as InputError).input).toBe(input);
    }
  });
});
