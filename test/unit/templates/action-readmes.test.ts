// Each actions/<name>/README.md documents exactly the inputs and outputs of its action.yml: same names in
// the same order, and the same defaults and required flags where the table has those columns.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ACTION_NAMES, actionPaths } from '../../../src/actions';

const actions = ACTION_NAMES;

function table(markdown: string, heading: string): Record<string, string>[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^#+\\s+${heading}\\s*$`, 'i').test(l));
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#+\s/.test(line)) break;
    if (!line.trim().startsWith('|')) {
      if (rows.length) break;
      continue;
    }
    rows.push(
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
  }
  const [header, , ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((h, i) => [h.toLowerCase(), cells[i] ?? ''])));
}

const unquote = (cell: string) => cell.replace(/^`(.*)`$/, '$1');

describe.each(actions)('actions/%s/README.md', (name) => {
  const meta = () => parse(readFileSync(actionPaths(name).actionYml, 'utf8'));
  const readme = () => readFileSync(actionPaths(name).readme, 'utf8');

  it('lists every input of action.yml, in order, with its default and required flag', () => {
    const rows = table(readme(), 'Inputs');
    const inputs = Object.entries<any>(meta().inputs ?? {});
    expect(rows.map((r) => unquote(r.input ?? r.name))).toEqual(inputs.map(([k]) => k));
    for (const [key, spec] of inputs) {
      const row = rows.find((r) => unquote(r.input ?? r.name) === key)!;
      if ('default' in row)
        expect(unquote(row.default), `${name} ${key} default`).toBe(
          spec?.default === undefined ? '' : String(spec.default),
        );
      if ('required' in row)
        expect(row.required.toLowerCase(), `${name} ${key} required`).toBe(spec?.required ? 'yes' : 'no');
    }
  });

  it('lists every output of action.yml, in order', () => {
    const rows = table(readme(), 'Outputs');
    expect(rows.map((r) => unquote(r.output ?? r.name))).toEqual(Object.keys(meta().outputs ?? {}));
  });
});
