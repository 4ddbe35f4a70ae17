// The "Writes after a lost answer" table of src/github/client/README.md, generated from the writes the actions and the
// service declare next to their code (src/actions/<action>/writes.ts for each action of the registry, src/hosts/service/writes.ts)
// and the client's own (its GraphQL mutations, src/github/graphql/run.ts), collected by declared-requests.ts.
// `npm run docs:write-rules` rewrites the table between its markers; test/unit/docs/write-rules-table.test.ts fails
// when the README's table is not what this generates. The modules are found through the registry (src/actions), so
// a fifth action's writes join the table without an edit here.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WriteRule } from '../src/github/client/write-rules';
import { declaredRequests } from './declared-requests';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const README = join(ROOT, 'src', 'github', 'client', 'README.md');
export const START =
  '<!-- write-rules:start (generated from the writes.ts of each action, the service and the client by `npm run docs:write-rules`) -->';
export const END = '<!-- write-rules:end -->';

/** One declared write: who declares it (an action, `service` or `client`), its name there, and its rule. */
export interface DeclaredWrite {
  owner: string;
  name: string;
  /** The module that declares it, relative to the repository. */
  module: string;
  rule: WriteRule;
}

/** Every declared write (declared-requests.ts): the actions' in the order of the registry, the service's, the client's. */
export async function declaredWrites(): Promise<DeclaredWrite[]> {
  return (await declaredRequests())
    .filter((d) => d.kind === 'writes')
    .map(({ owner, name, module, declaration }) => ({ owner, name, module, rule: declaration as WriteRule }));
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const RULE_WORDS: Record<WriteRule['afterLostAnswer'], string> = {
  repeat: 'the client repeats it',
  caller: 'not repeated by the client: the caller reads the state first',
};

/** The markdown table, one row per declared write. */
export function writeRulesTable(writes: readonly DeclaredWrite[]): string {
  return [
    '| Write | Declared by | After a lost answer | Why a second try is safe, and who makes it |',
    '| --- | --- | --- | --- |',
    ...writes.map(
      (w) =>
        `| \`${cell(w.rule.route)}\` | ${cell(w.owner)} | ${RULE_WORDS[w.rule.afterLostAnswer]} | ${cell(w.rule.why)} |`,
    ),
  ].join('\n');
}

/** The README with the table between the markers replaced by `table`. */
export function withTable(readme: string, table: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${README}: the markers ${START} … ${END} are missing`);
  return `${readme.slice(0, start + START.length)}\n\n${table}\n\n${readme.slice(end)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const table = writeRulesTable(await declaredWrites());
  writeFileSync(README, withTable(readFileSync(README, 'utf8'), table));
  console.log(`wrote the write-rules table of ${README}`);
}
