// A scenario file for `npm run emulator --scenario <file>`: the emulator's Scenario (emulator/types.ts) as JSON
// or YAML, checked whole against emulator/scenario-schema.ts. Every mistake is said as `file:line: where: what`
// (all of them, not the first only), in plain words: a number where text belongs (`color: 008672`, which YAML reads
// as the number 8672) says to quote it, an unknown key is named, a missing one too.
import { readFileSync } from 'node:fs';
import { isMap, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import { asScenario, scenarioFileSchema } from '../../emulator/scenario-schema';
import type { Scenario } from './local-emulator';

type Path = readonly PropertyKey[];

const KIND_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping (key: value)',
  record: 'a mapping (key: value)',
  null: 'nothing (null)',
  undefined: 'nothing',
};

/** `repositories[0].labels[3].color`, or `the top level`. */
function where(path: Path): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `${out ? '.' : ''}${String(key)}`;
  return out || 'the top level';
}

/** The YAML node at `path` (undefined when the file has nothing there). */
function nodeAt(doc: Document, path: Path): Node | undefined {
  if (path.length === 0) return doc.contents ?? undefined;
  const node = doc.getIn(path as unknown[], true);
  return node && typeof node === 'object' && 'range' in node ? (node as Node) : undefined;
}

/** The line of the nearest node on the path (the key itself for an unknown key). */
function lineOf(doc: Document, lines: LineCounter, path: Path, key?: string): number {
  for (let n = path.length; n >= 0; n--) {
    const node = nodeAt(doc, path.slice(0, n));
    if (!node?.range) continue;
    if (key !== undefined && n === path.length && isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
      const range = isScalar(pair?.key) ? pair.key.range : undefined;
      if (range) return lines.linePos(range[0]).line;
    }
    return lines.linePos(node.range[0]).line;
  }
  return 1;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/** One issue in plain words, given the file's value and text at its path. */
function message(issue: z.core.$ZodIssue, doc: Document, text: string): string {
  const node = nodeAt(doc, issue.path);
  const value = node === undefined ? undefined : (doc.getIn(issue.path as unknown[]) as unknown);
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `"${k}"`).join(', ');
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${keys} (a typo? see emulator/types.ts)`;
  }
  if (issue.code === 'invalid_type') {
    if (node === undefined) return `missing: required (${KIND_WORDS[issue.expected] ?? issue.expected})`;
    const found = KIND_WORDS[kindOf(value)] ?? kindOf(value);
    if (issue.expected === 'string' && isScalar(node) && node.range) {
      const source = text.slice(node.range[0], node.range[1]).trim();
      return `${found} where text belongs: write it in quotes ("${source.replace(/"/g, '\\"')}")`;
    }
    return `${KIND_WORDS[issue.expected] ?? issue.expected} expected, found ${found}`;
  }
  if (issue.code === 'invalid_union') {
    // The form that got furthest (its mistakes are inside the value, not the value's kind) says what is wrong.
    const inner = issue.errors.find((branch) => branch.length > 0 && branch.every((i) => i.path.length > 0))?.[0];
    if (inner) return `${where(inner.path)}: ${message({ ...inner, path: [...issue.path, ...inner.path] }, doc, text)}`;
    return `none of its forms fits (found ${KIND_WORDS[kindOf(value)] ?? kindOf(value)}; see emulator/types.ts)`;
  }
  if (issue.code === 'invalid_value' && 'values' in issue)
    return `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')} expected, found ${JSON.stringify(value)}`;
  return issue.message;
}

/** Reads and checks a scenario file; the thrown error lists every mistake, one `file:line: where: what` each. */
export function readScenarioFile(file: string): Scenario {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`${file}: cannot read it (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const lines = new LineCounter();
  // YAML is a superset of JSON: one parser reads both.
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const syntax = doc.errors[0];
  if (syntax) {
    const line = lines.linePos(syntax.pos[0]).line;
    throw new Error(`${file}:${line}: not valid YAML or JSON (${syntax.message.split('\n')[0]})`);
  }
  const checked = scenarioFileSchema.safeParse(doc.toJS());
  if (!checked.success) {
    const problems = checked.error.issues.map((issue) => {
      const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
      return `${file}:${lineOf(doc, lines, issue.path, key)}: ${where(issue.path)}: ${message(issue, doc, text)}`;
    });
    throw new Error(problems.join('\n'));
  }
  return asScenario(checked.data);
}
