// Fragments of one folder that select the same but for the fragment each spreads one level down (a folder's
// entries, then each sub-folder's: GraphQL has no recursive fragments, so a depth is written as a chain of one-level
// fragments) are generated as one template applied once a level, not as a copy of the same type and fields per
// level:
//   type TreeLevelAbove<Below> = { entries: … Below … };
//   const treeLevelAbove = (name: string, belowName: string, below: FragmentShape) => ({ text, spreads, fields });
//   export type TreeLevel3Fragment = TreeLevelAbove<TreeLevel2Fragment>;
//   export const treeLevel3Fragment = treeLevelAbove('TreeLevel3', 'TreeLevel2', treeLevel2Fragment);
// Each level's text, type and fields are the template's with its own names put back, exactly what the fragment
// compiles to on its own (the family is formed only when they agree to the letter).
import { directSpreads, type FragmentSource } from './compile';
import { fragmentConst, fragmentType, type SelectionCompiler } from './selection';

export interface FragmentFamily {
  /** The template's type (`TreeLevelAbove<Below>`) and function (`treeLevelAbove(name, belowName, below)`). */
  typeName: string;
  functionName: string;
  /** Each member and the fragment it spreads one level down, in the order they are defined (lowest first). */
  members: { name: string; below: string }[];
  /** The member's text as the body of a template literal, with `${name}` and `${belowName}` for the two names. */
  text: string;
  /** The member's spreads, type, fields and per-type fields with `below` / `Below` for the fragment below. */
  spreads: string;
  ts: string;
  fieldsCode: string;
  onCode: string | undefined;
}

type Template = Omit<FragmentFamily, 'typeName' | 'functionName' | 'members'>;

const word = (name: string) => new RegExp(`\\b${name}\\b`, 'g');
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** `s` as the body of a JavaScript template literal (escapes as in a JSON string, and the two template marks). */
const templateBody = (s: string) => JSON.stringify(s).slice(1, -1).replace(/`/g, '\\`').replace(/\$\{/g, '\\${');

/** The one-level template of fragment `f` taking `below` as its parameter, or undefined when it would not be one. */
function templateOf(f: FragmentSource, below: string, compiler: SelectionCompiler): Template | undefined {
  const parts = compiler.fragment(f.name);
  if (!parts) return undefined;
  const spreadNames = directSpreads(f.def).map((n) => (n === below ? 'below' : fragmentConst(n)));
  const code = (s: string) => s.replace(word(fragmentConst(below)), 'below');
  const template: Template = {
    text: templateBody(f.text).replace(word(f.name), '${name}').replace(word(below), '${belowName}'),
    spreads: `[${spreadNames.join(', ')}]`,
    ts: parts.ts.replace(word(fragmentType(below)), 'Below'),
    fieldsCode: code(parts.fieldsCode),
    onCode: parts.onCode && code(parts.onCode),
  };
  const codes = [template.fieldsCode, template.onCode ?? ''].join('\n');
  // The fragment below must be named by reference (its fields, its type), and only by its fields: `on` is optional.
  if (!/\bbelow\.fields\b/.test(codes) || /\bbelow\.on\b/.test(codes) || !word('Below').test(template.ts))
    return undefined;
  return template;
}

/** The stem two or more names share (`TreeLevel` of TreeLevel2 … TreeLevel7), else the first name. */
function stemOf(names: string[]): string {
  let stem = names[0];
  for (const n of names) while (!n.startsWith(stem)) stem = stem.slice(0, -1);
  stem = stem.replace(/\d+$/, '');
  return stem.length >= 2 ? stem : names[0];
}

/**
 * The families among a folder's fragments, `ordered` as the module defines them: two or more fragments of one
 * template, defined one after another (so the template and its members are one block, each member after the one
 * below it). A fragment that another stands for (it selects the same on another type) is never a member.
 */
export function fragmentFamilies(ordered: FragmentSource[], compiler: SelectionCompiler): FragmentFamily[] {
  const index = new Map(ordered.map((f, i) => [f.name, i]));
  const byTemplate = new Map<string, { template: Template; members: { name: string; below: string }[] }>();
  for (const f of ordered) {
    if (compiler.canonical(f.name) !== f.name) continue;
    for (const below of directSpreads(f.def)) {
      if (below === f.name || !index.has(below) || compiler.canonical(below) !== below) continue;
      const template = templateOf(f, below, compiler);
      if (!template) continue;
      const key = JSON.stringify(template);
      const group = byTemplate.get(key) ?? { template, members: [] };
      group.members.push({ name: f.name, below });
      byTemplate.set(key, group);
    }
  }
  const families: FragmentFamily[] = [];
  const taken = new Set<string>();
  for (const { template, members: all } of byTemplate.values()) {
    const members = all.filter((m) => !taken.has(m.name)).sort((a, b) => index.get(a.name)! - index.get(b.name)!);
    const at = members.map((m) => index.get(m.name)!);
    if (members.length < 2 || at.some((i, k) => k > 0 && i !== at[k - 1] + 1)) continue;
    members.forEach((m) => taken.add(m.name));
    const stem = stemOf(members.map((m) => m.name));
    families.push({ ...template, typeName: `${stem}Above`, functionName: `${lowerFirst(stem)}Above`, members });
  }
  return families;
}

/** The module's lines defining a family: the template, then each member's type, then each member's constant. */
export function familyLines(family: FragmentFamily, file: string, condition: string): string[] {
  const { typeName, functionName, members } = family;
  const names = members.map((m) => m.name);
  return [
    `/** \`${file}\`: fragments ${names.join(', ')} on ${condition}, each the one below it, one level deeper. */`,
    `type ${typeName}<Below> = ${family.ts};`,
    `const ${functionName} = (name: string, belowName: string, below: FragmentShape) => ({`,
    `  text: \`${family.text}\`,`,
    `  spreads: ${family.spreads},`,
    `  fields: ${family.fieldsCode},`,
    ...(family.onCode ? [`  on: ${family.onCode},`] : []),
    '}) satisfies FragmentShape;',
    ...members.map((m) => `export type ${fragmentType(m.name)} = ${typeName}<${fragmentType(m.below)}>;`),
    ...members.map(
      (m) =>
        `export const ${fragmentConst(m.name)} = ${functionName}(${JSON.stringify(m.name)}, ${JSON.stringify(m.below)}, ${fragmentConst(m.below)});`,
    ),
    '',
  ];
}
