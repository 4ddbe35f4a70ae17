import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as core from '@actions/core';
import { z } from 'zod';
import { annotate, ConfigError, parseConfig, readConfigFile } from '../../../src/kernel/config-file';

vi.mock('@actions/core', async (importOriginal) => ({ ...(await importOriginal<typeof core>()), error: vi.fn() }));

const Label = z.strictObject({
  name: z.string(),
  color: z.string().regex(/^[0-9a-f]{6}$/i, 'must be six hex digits'),
  description: z.string().optional(),
});
const Config = z.strictObject({ prune: z.boolean().default(false), labels: z.array(Label) });

function configError(text: string, file = 'labels.yml'): ConfigError {
  try {
    parseConfig(text, file, Config);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

const YAML_OK = `prune: true
labels:
  - name: bug
    color: d73a4a
  - name: feature
    color: a2eeef
    description: New feature
`;

describe('parseConfig', () => {
  it('returns the typed value with defaults', () => {
    expect(parseConfig(YAML_OK, 'labels.yml', Config)).toEqual({
      prune: true,
      labels: [
        { name: 'bug', color: 'd73a4a' },
        { name: 'feature', color: 'a2eeef', description: 'New feature' },
      ],
    });
  });

  it('accepts JSON (JSON is YAML), tabs included', () => {
    const json = '{\n\t"labels": [\n\t\t{"name": "bug", "color": "d73a4a"}\n\t]\n}\n';
    expect(parseConfig(json, 'labels.json', Config)).toEqual({
      prune: false,
      labels: [{ name: 'bug', color: 'd73a4a' }],
    });
  });

  it.each([
    {
      what: 'wrong type on line 4',
      text: 'labels:\n  - name: bug\n    color: d73a4a\n  - name: 42\n    color: a2eeef\n',
      path: 'labels[1].name',
      line: 4,
      column: 11,
      message: /expected string, received number/,
    },
    {
      what: 'refinement message on the value',
      text: 'labels:\n  - name: bug\n    color: red\n',
      path: 'labels[0].color',
      line: 3,
      column: 12,
      message: /must be six hex digits/,
    },
    {
      what: 'unknown key points at the key',
      text: 'labels:\n  - name: bug\n    colour: d73a4a\n    color: d73a4a\n',
      path: 'labels[0].colour',
      line: 3,
      column: 5,
      message: /unknown key "colour"/,
    },
    {
      what: 'missing key points at the mapping',
      text: 'prune: false\nlabels:\n  - color: d73a4a\n',
      path: 'labels[0].name',
      line: 3,
      column: 5,
      message: /^required key "name" is missing \(expected string\)$/,
    },
    {
      what: 'empty value points at its key',
      text: 'prune:\nlabels: []\n',
      path: 'prune',
      line: 1,
      column: 1,
      message: /expected boolean/,
    },
    {
      what: 'JSON wrong type',
      text: '{\n  "labels": [\n    {"name": "bug", "color": true}\n  ]\n}\n',
      path: 'labels[0].color',
      line: 3,
      column: 30,
      message: /expected string, received boolean/,
    },
    {
      what: 'duplicate key',
      text: 'labels: []\nprune: true\nprune: false\n',
      path: '',
      line: 3,
      column: 1,
      message: /Map keys must be unique/,
    },
    {
      what: 'YAML syntax error',
      text: 'labels:\n  - name: bug\n    color: a: b\n',
      path: '',
      line: 3,
      column: 12,
      message: /^Nested mappings are not allowed in compact mappings$/,
    },
    {
      what: 'YAML unterminated quote (reported where the input ends)',
      text: 'labels:\n  - name: bug\n    color: "d73a4a\n',
      path: '',
      line: 4,
      column: 1,
      message: /Missing closing "quote/,
    },
    {
      what: 'JSON syntax error',
      text: '{\n  "prune": true,,\n  "labels": []\n}\n',
      path: '',
      line: 2,
      column: 17,
      message: /Unexpected , in flow map/,
    },
    {
      what: 'empty document is null, not a silent empty config',
      text: '',
      path: '',
      line: 1,
      column: 1,
      message: /expected object, received null/,
    },
  ])('$what', ({ text, path, line, column, message }) => {
    const err = configError(text);
    expect(err.file).toBe('labels.yml');
    expect(err.issues[0]).toMatchObject({ path, line, column });
    expect(err.issues[0].message).toMatch(message);
    expect({ line: err.line, column: err.column }).toEqual({ line, column });
    expect(err.message.startsWith(`labels.yml:${line}:${column}: `)).toBe(true);
  });

  it('lists every issue, sorted by position', () => {
    const err = configError('labels:\n  - name: 1\n    color: x\n  - name: ok\n    color: "123456"\n    extra: y\n');
    expect(err.issues.map((i) => [i.path, i.line])).toEqual([
      ['labels[0].name', 2],
      ['labels[0].color', 3],
      ['labels[1].extra', 6],
    ]);
    expect(err.message.split('\n')[0]).toBe('3 problems in labels.yml:');
  });

  it('follows aliases to the anchored node', () => {
    const err = configError('base: &b\n  name: 1\n  color: d73a4a\nlabels:\n  - *b\n', 'a.yml');
    // `base` is an unknown key; the alias resolves to the anchored mapping for labels[0].name.
    expect(err.issues.find((i) => i.path === 'labels[0].name')).toMatchObject({ line: 2, column: 9 });
  });
});

describe('readConfigFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'core-config-'));
  it('reads and parses a file', async () => {
    const file = join(dir, 'labels.yml');
    writeFileSync(file, YAML_OK);
    await expect(readConfigFile(file, Config)).resolves.toMatchObject({ prune: true });
  });
  it('a missing file is a ConfigError without a position', async () => {
    const file = join(dir, 'missing.yml');
    const err = await readConfigFile(file, Config).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect(err).toMatchObject({ file, line: 0, message: `${file}: file not found` });
  });
});

describe('annotate', () => {
  afterEach(() => vi.mocked(core.error).mockClear());
  it('emits one error annotation per issue with file, line and column', () => {
    annotate(configError('labels:\n  - name: 1\n    color: x\n', '.github/labels.yml'), undefined);
    expect(vi.mocked(core.error).mock.calls).toEqual([
      [
        expect.stringMatching(/^labels\[0\]\.name: /),
        { file: '.github/labels.yml', startLine: 2, startColumn: 11, title: 'Invalid configuration' },
      ],
      [
        'labels[0].color: must be six hex digits',
        { file: '.github/labels.yml', startLine: 3, startColumn: 12, title: 'Invalid configuration' },
      ],
    ]);
  });
  it('an absolute path inside GITHUB_WORKSPACE is annotated relative to it', () => {
    const workspace = join(tmpdir(), 'ws');
    annotate(
      new ConfigError(join(tmpdir(), 'ws', '.github', 'labels.yml'), [
        { path: 'x', message: 'bad', line: 4, column: 2 },
      ]),
      workspace,
    );
    annotate(
      new ConfigError(join(tmpdir(), 'elsewhere.yml'), [{ path: 'x', message: 'bad', line: 1, column: 1 }]),
      workspace,
    );
    expect(vi.mocked(core.error).mock.calls.map((c) => c[1]?.file)).toEqual([
      '.github/labels.yml',
      join(tmpdir(), 'elsewhere.yml'),
    ]);
  });

  it('an issue without position is annotated without a file position', () => {
    annotate(new ConfigError('x.yml', [{ path: '', message: 'file not found', line: 0, column: 0 }]), undefined);
    expect(vi.mocked(core.error)).toHaveBeenCalledWith('x.yml: file not found', { title: 'Invalid configuration' });
  });
});
