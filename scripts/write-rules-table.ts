// The "Writes after a lost answer" table of src/client/README.md, generated from WRITE_RULES
// (src/client/write-rules.ts), its one source. `npm run docs:write-rules` rewrites the table between its markers;
// test/unit/docs/write-rules-table.test.ts fails when the README's table is not what this generates.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WRITE_RULES, type WriteRule } from '../src/client/write-rules';

export const README = join(fileURLToPath(new URL('..', import.meta.url)), 'src', 'client', 'README.md');
export const START = '<!-- write-rules:start (generated from write-rules.ts by `npm run docs:write-rules`) -->';
export const END = '<!-- write-rules:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const RULE_WORDS: Record<WriteRule['afterLostAnswer'], string> = {
  repeat: 'the client repeats it',
  caller: 'not repeated by the client: the caller reads the state first',
};

/** The markdown table, one row per rule in the order of WRITE_RULES. */
export function writeRulesTable(rules: readonly WriteRule[] = WRITE_RULES): string {
  return [
    '| Write | After a lost answer | Why a second try is safe, and who makes it |',
    '| --- | --- | --- |',
    ...rules.map((r) => `| \`${cell(r.route)}\` | ${RULE_WORDS[r.afterLostAnswer]} | ${cell(r.why)} |`),
  ].join('\n');
}

/** The README with the table between the markers replaced by `table`. */
export function withTable(readme: string, table: string = writeRulesTable()): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${README}: the markers ${START} … ${END} are missing`);
  return `${readme.slice(0, start + START.length)}\n\n${table}\n\n${readme.slice(end)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(README, withTable(readFileSync(README, 'utf8')));
  console.log(`wrote the write-rules table of ${README}`);
}
