// The README's migration tables: every input of softprops/action-gh-release and ncipollo/release-action has a row,
// and each row either names inputs (or outputs) this action.yml declares, or says in its last column why the input
// is not offered. The peers' input lists are their action.yml files (softprops/action-gh-release v2,
// ncipollo/release-action v1).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const dir = join(__dirname, '..', '..', '..', 'actions', 'release');
const action = parse(readFileSync(join(dir, 'action.yml'), 'utf8')) as {
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
};
const readme = readFileSync(join(dir, 'README.md'), 'utf8');

const PEERS = {
  'softprops/action-gh-release': [
    'body',
    'body_path',
    'name',
    'tag_name',
    'draft',
    'prerelease',
    'preserve_order',
    'files',
    'working_directory',
    'overwrite_files',
    'fail_on_unmatched_files',
    'repository',
    'token',
    'target_commitish',
    'discussion_category_name',
    'generate_release_notes',
    'previous_tag',
    'append_body',
    'make_latest',
  ],
  'ncipollo/release-action': [
    'allowUpdates',
    'artifactErrorsFailBuild',
    'artifact',
    'artifacts',
    'artifactContentType',
    'body',
    'bodyFile',
    'commit',
    'discussionCategory',
    'draft',
    'generateReleaseNotes',
    'generateReleaseNotesPreviousTag',
    'immutableCreate',
    'makeLatest',
    'name',
    'omitBody',
    'omitBodyDuringUpdate',
    'omitDraftDuringUpdate',
    'omitName',
    'omitNameDuringUpdate',
    'omitPrereleaseDuringUpdate',
    'owner',
    'prerelease',
    'removeArtifacts',
    'replacesArtifacts',
    'repo',
    'skipIfReleaseExists',
    'tag',
    'token',
    'updateOnlyUnreleased',
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
