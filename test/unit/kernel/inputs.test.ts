import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  booleanInput,
  enumInput,
  getInputs,
  InputError,
  intInput,
  listInput,
  multilineInput,
  parseList,
  stringInput,
} from '../../../src/kernel/inputs';

/** Reads inputs from a plain record, with the same "empty = not given" rule as core.getInput. */
const from = (values: Record<string, string>) => (name: string) => {
  const v = (values[name] ?? '').trim();
  return v === '' ? undefined : v;
};

function errorOf(fn: () => unknown): InputError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }
  throw new Error('expected an InputError');
}

describe('booleanInput', () => {
  const schema = z.object({ prune: booleanInput(false) });
  it.each([
    ['true', true],
    ['True', true],
    ['TRUE', true],
    ['false', false],
    ['False', false],
    ['FALSE', false],
    ['  true ', true],
    ['', false],
  ])('%j → %s', (raw, expected) => {
    expect(getInputs(schema, from({ prune: raw })).prune).toBe(expected);
  });

  it.each(['yes please', 'yes', '1', 'tRuE', 'on'])('rejects %j naming the input', (raw) => {
    const err = errorOf(() => getInputs(schema, from({ prune: raw })));
    expect(err.input).toBe('prune');
    expect(err.message).toBe(`Input "prune" must be true or false, got "${raw}"`);
  });

  it('without a default the input is required', () => {
    const err = errorOf(() => getInputs(z.object({ force: booleanInput() }), from({})));
    expect(err.message).toBe('Input "force" is required and must be true or false');
  });
});

describe('listInput and multilineInput', () => {
  it.each([
    ['a, b,c', ['a', 'b', 'c']],
    ['a\nb\n\n c \n', ['a', 'b', 'c']],
    ['# labels to keep\nbug, feature\n  # another comment\nwontfix', ['bug', 'feature', 'wontfix']],
    ['a,,b, ,', ['a', 'b']],
    ['a\r\nb', ['a', 'b']],
    ['', []],
  ])('list %j', (raw, expected) => {
    expect(getInputs(z.object({ labels: listInput() }), from({ labels: raw })).labels).toEqual(expected);
  });

  it('list default applies when not given', () => {
    expect(getInputs(z.object({ labels: listInput(['x']) }), from({})).labels).toEqual(['x']);
  });

  it.each([
    ['dist/*.{zip,tar.gz}\n# comment\n\n  docs/a,b.md  ', ['dist/*.{zip,tar.gz}', 'docs/a,b.md']],
    ['!**/*.map', ['!**/*.map']],
    ['', []],
  ])('multiline %j keeps commas', (raw, expected) => {
    expect(getInputs(z.object({ files: multilineInput() }), from({ files: raw })).files).toEqual(expected);
  });

  it('parseList is exported for reuse', () => {
    expect(parseList('x,y')).toEqual(['x', 'y']);
  });
});

describe('intInput', () => {
  const schema = z.object({ reserve: intInput({ min: 0, max: 5000, default: 50 }) });
  it.each([
    ['', 50],
    ['0', 0],
    [' 120 ', 120],
    ['5000', 5000],
    ['+7', 7],
  ])('%j → %d', (raw, expected) => {
    expect(getInputs(schema, from({ reserve: raw })).reserve).toBe(expected);
  });

  it.each(['-1', '5001', '1.5', 'ten', '1e3', '0x10'])('rejects %j', (raw) => {
    const err = errorOf(() => getInputs(schema, from({ reserve: raw })));
    expect(err.message).toBe(`Input "reserve" must be a whole number from 0 to 5000, got "${raw}"`);
  });

  it.each([
    [{ min: 1 }, 'must be a whole number ≥ 1'],
    [{ max: 3 }, 'must be a whole number ≤ 3'],
    [{}, 'must be a whole number'],
  ])('message for bounds %j', (opts, expected) => {
    const err = errorOf(() => getInputs(z.object({ n: intInput(opts) }), from({ n: '9.5' })));
    expect(err.message).toBe(`Input "n" ${expected}, got "9.5"`);
  });
});

describe('enumInput', () => {
  const schema = z.object({ mode: enumInput(['merge', 'replace'], 'merge') });
  it.each([
    ['', 'merge'],
    ['replace', 'replace'],
    ['REPLACE', 'replace'],
  ])('%j → %s', (raw, expected) => {
    expect(getInputs(schema, from({ mode: raw })).mode).toBe(expected);
  });
  it('rejects other values listing the allowed ones', () => {
    const err = errorOf(() => getInputs(schema, from({ mode: 'append' })));
    expect(err.message).toBe('Input "mode" must be one of merge, replace, got "append"');
  });
});

describe('getInputs', () => {
  it('reports every bad input at once, in schema order', () => {
    const schema = z.object({ token: stringInput(), prune: booleanInput(false), 'max-files': intInput({ min: 1 }) });
    const err = errorOf(() => getInputs(schema, from({ prune: 'maybe', 'max-files': '0' })));
    expect(err.problems.map((p) => p.input)).toEqual(['token', 'prune', 'max-files']);
    expect(err.message.split('\n')).toEqual([
      'Input "token" is required',
      'Input "prune" must be true or false, got "maybe"',
      'Input "max-files" must be a whole number ≥ 1, got "0"',
    ]);
  });

  it('an optional plain string stays undefined when not given', () => {
    const schema = z.object({ 'config-file': stringInput('.github/labels.yml'), note: z.string().optional() });
    expect(getInputs(schema, from({}))).toEqual({ 'config-file': '.github/labels.yml', note: undefined });
  });

  it('other zod messages are shown as "is invalid"', () => {
    const schema = z.object({ sha: z.string().regex(/^[0-9a-f]{40}$/, 'not a commit id') });
    const err = errorOf(() => getInputs(schema, from({ sha: 'main' })));
    expect(err.message).toBe('Input "sha" is invalid: not a commit id (got "main")');
  });

  describe('reads the runner environment by default', () => {
    const saved = { ...process.env };
    afterEach(() => {
      process.env = { ...saved };
    });
    it('INPUT_<NAME> with kebab-case names', () => {
      process.env['INPUT_DRY-RUN'] = 'TRUE';
      process.env['INPUT_BUDGET-RESERVE'] = '';
      const inputs = getInputs(
        z.object({ 'dry-run': booleanInput(false), 'budget-reserve': intInput({ min: 0, default: 50 }) }),
      );
      expect(inputs).toEqual({ 'dry-run': true, 'budget-reserve': 50 });
    });
  });
});
