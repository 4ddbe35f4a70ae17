// An action's report is a value (src/kernel/report.ts): no module of an action writes the step's outputs or the job
// summary itself; only the host does (src/hosts/actions-runner/runner-host.ts through `ctx.render`). This test reads every source
// file of every action in the registry and fails on a call that would write either global.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_NAMES, actionPaths } from '../../../src/actions';

const root = join(__dirname, '..', '..', '..');

/** The calls and imports that write outputs or the job summary, each with why it is refused. */
const FORBIDDEN: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\bsetOutputs?\s*\(/, what: 'sets a step output' },
  { pattern: /\bcore\.summary\b/, what: "writes @actions/core's job summary" },
  {
    pattern: /\b(addMarkdown|addHeading|addTable|addList|addDetails|takeSummary|writeSummary)\s*\(/,
    what: 'writes the job summary',
  },
  {
    pattern: /from\s+['"][./]*hosts\/actions-runner\/(outputs|summary|runner-host)['"]/,
    what: "imports a host's writer",
  },
];

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(folder, f));
}

/** `file:line: what (the line)` for each forbidden call of the text. */
function violations(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const code = line.replace(/\/\/.*$/, '');
    for (const { pattern, what } of FORBIDDEN)
      if (pattern.test(code)) found.push(`${file}:${index + 1}: ${what} (${line.trim()})`);
  });
  return found;
}

describe('reports are values', () => {
  it('finds the calls it refuses (the check itself)', () => {
    const text = [
      "import { setOutputs } from '../hosts/actions-runner/outputs';",
      'setOutputs({ a: 1 });',
      "core.summary.addRaw('x');",
      "addMarkdown('x');",
      '// addMarkdown( in a comment is prose',
      "return runReport({ outputs: { a: '1' } });",
    ].join('\n');
    expect(violations('src/x/report.ts', text).map((v) => v.split(' (')[0])).toEqual([
      "src/x/report.ts:1: imports a host's writer",
      'src/x/report.ts:2: sets a step output',
      "src/x/report.ts:3: writes @actions/core's job summary",
      'src/x/report.ts:4: writes the job summary',
    ]);
  });

  it.each(ACTION_NAMES.map((name) => ({ name, folder: actionPaths(name).source })))(
    '$name: no module of $folder writes outputs or the job summary',
    ({ folder }) => {
      const files = sources(folder);
      expect(files.length).toBeGreaterThan(0);
      expect(files.flatMap((file) => violations(file, readFileSync(join(root, file), 'utf8')))).toEqual([]);
    },
  );
});
