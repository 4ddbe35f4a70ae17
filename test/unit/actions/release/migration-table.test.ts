// The README's migration tables: every input of svenstaro/upload-release-action and
// marvinpinto/action-automatic-releases has a row, and each row either names inputs (or outputs) this action.yml
// declares, or says in its last column why the input is not offered. softprops/action-gh-release and
// ncipollo/release-action are read under their own names: test/unit/peers/peer-inputs.test.ts covers them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const dir = join(__dirname, '..', '..', '..', '..', 'actions', 'release');
const action = parse(readFileSync(join(dir, 'action.yml'), 'utf8')) as {
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
};
const readme = readFileSync(join(dir, 'README.md'), 'utf8');

const PEERS = {
  'svenstaro/upload-release-action': [
    'repo_token',
    'file',
    'file_glob',
    'tag',
    'asset_name',
    'overwrite',
    'promote',
    'prerelease',
    'make_latest',
    'release_name',
    'body',
    'repo_name',
    'check_duplicates',
    'target_commit',
  ],
  'marvinpinto/action-automatic-releases': [
    'repo_token',
    'automatic_release_tag',
    'title',
    'draft',
    'prerelease',
    'files',
  ],
} as const;

/** The rows of the table under `### <peer>`: [theirs, here, not offered]. */
function rows(peer: string): string[][] {
  const section = readme.split(`### ${peer}\n`)[1]!.split('\n#')[0]!;
  return section
    .split('\n')
    .filter((l) => l.startsWith('| '))
    .slice(2)
    .map((l) =>
      l
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((c) => c.trim()),
    );
}

/**
 * The names in backticks, each up to its first space or colon (`existing-assets: replace` → existing-assets); in the
 * "here" column, text in parentheses is commentary and not read.
 */
const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.split(/[\s:]/)[0]!);

describe.each(Object.entries(PEERS))('README migration table: %s', (peer, inputs) => {
  const table = rows(peer);

  it('has three columns on every row', () => {
    expect(table.length).toBeGreaterThan(0);
    for (const row of table) expect(row, row.join(' | ')).toHaveLength(3);
  });

  it.each(inputs)('%s has a row', (input) => {
    expect(table.some(([theirs]) => names(theirs!).includes(input))).toBe(true);
  });

  it('every row maps to what action.yml declares, or says why it is not offered', () => {
    for (const [theirs, here, why] of table) {
      const declared = theirs!.startsWith('output') ? Object.keys(action.outputs) : Object.keys(action.inputs);
      if (why) {
        expect(why.length, `${theirs}: a reason`).toBeGreaterThan(10);
        continue;
      }
      const ours = names(here!.replace(/\([^)]*\)/g, '')).filter((n) => /^[a-z][a-z0-9-]*$/.test(n));
      expect(ours.length, `${theirs} names an input here`).toBeGreaterThan(0);
      for (const n of ours) expect(declared, `${theirs} → ${n}`).toContain(n);
    }
  });
});
