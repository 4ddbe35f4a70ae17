// The README's inputs and outputs tables say exactly what action.yml declares.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const dir = join(__dirname, '..', '..', '..', '..', 'actions', 'release');
const action = parse(readFileSync(join(dir, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
};
const readme = readFileSync(join(dir, 'README.md'), 'utf8');

function table(heading: string): string[][] {
  const section = readme.split(`## ${heading}`)[1].split('\n## ')[0];
  return section
    .split('\n')
    .filter((l) => l.startsWith('| '))
    .slice(2)
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
}
const unquote = (s: string) => s.replace(/^`|`$/g, '');

describe('actions/release', () => {
  it('runs the committed bundle on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: '../../dist/release/index.js' });
  });

  it('README inputs table matches action.yml', () => {
    expect(table('Inputs')).toEqual(
      Object.entries(action.inputs).map(([name, spec]) => [
        `\`${name}\``,
        spec.required ? 'yes' : 'no',
        spec.default ? `\`${spec.default}\`` : '',
        spec.description,
      ]),
    );
  });

  it('README outputs table matches action.yml', () => {
    expect(table('Outputs')).toEqual(
      Object.entries(action.outputs).map(([name, spec]) => [`\`${name}\``, spec.description]),
    );
  });

  it('README inputs table lists every input of action.yml, in its order', () => {
    expect(table('Inputs').map((r) => unquote(r[0]))).toEqual(Object.keys(action.inputs));
  });
});
