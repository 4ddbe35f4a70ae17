// A depth written as a chain of one-level fragments (GraphQL has no recursive fragments) is generated as one
// template applied once a level; each level's text is sent as written, and fragments that differ in anything but
// the fragment below are written out one by one. (That the generated documents check what the expanded shapes
// check is test/unit/tools/graphql-documents.test.ts's.)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publishedSchema } from '../../../../tools/graphql/schema';
import { renderFolder, ROOT } from '../../../../tools/graphql/documents';

const schema = publishedSchema();
const root = mkdtempSync(join(tmpdir(), 'graphql-family-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function render(area: string, fragments: string) {
  const folder = join(root, 'src', area, 'queries');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(root, '.prettierrc.json'), readFileSync(join(ROOT, '.prettierrc.json'), 'utf8'));
  writeFileSync(join(folder, 'levels.graphql'), fragments);
  writeFileSync(
    join(folder, 'doc.graphql'),
    '# max-points: 1\n# max-nodes: 1\nquery Doc($id: ID!) { node(id: $id) { __typename ... on Tree { ...Level3 } } }\n',
  );
  return renderFolder(folder, ['doc.graphql', 'levels.graphql'], schema, root);
}

const level = (n: number, entry = 'name') =>
  `fragment Level${n} on Tree { entries { ${entry} object { __typename ... on Tree { ...Level${n - 1} } } } }\n`;
const bottom = 'fragment Level1 on Tree { entries { name } }\n';

describe('a chain of one-level fragments', () => {
  it('is one template, and a line a level for its type and its constant', async () => {
    const { module, docs } = await render('chain', level(3) + level(2) + bottom);
    const lines = module.split('\n');
    const expected = [
      'type LevelAbove<Below> = {',
      'const levelAbove = (name: string, belowName: string, below: FragmentShape) =>',
      '    text: `fragment ${name} on Tree { entries { name object { __typename ... on Tree { ...${belowName} } } } }\\n`,',
      'export type Level2Fragment = LevelAbove<Level1Fragment>;',
      'export type Level3Fragment = LevelAbove<Level2Fragment>;',
      "export const level2Fragment = levelAbove('Level2', 'Level1', level1Fragment);",
      "export const level3Fragment = levelAbove('Level3', 'Level2', level2Fragment);",
      // The lowest level selects something else: it is written out.
      'export type Level1Fragment = { entries: { name: string }[] | null };',
    ];
    expect(expected.filter((line) => !lines.includes(line))).toEqual([]);
    // The document spreads Level3 only; it is sent with every level's definition, as written.
    expect(module).toContain('spreads: [level3Fragment]');
    expect(docs[0].doc.fragments).toEqual(['Level3', 'Level2', 'Level1']);
    for (const text of [level(3), level(2), bottom]) expect(docs[0].doc.text).toContain(text);
  });

  it('is not a template where the levels differ in more than the fragment below', async () => {
    const { module } = await render('unlike', level(3, 'name oid') + level(2) + bottom);
    expect(module).not.toContain('LevelAbove');
    expect(module).toContain('export type Level3Fragment = {');
    expect(module).toContain('export type Level2Fragment = {');
  });
});
