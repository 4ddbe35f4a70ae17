// The registry (src/actions) is the one list of the actions: it names exactly the folders of actions/ that hold an
// action, and nothing else in the tree lists them or scans actions/ for them (a fifth action is one line of
// src/actions/actions.json plus its own folders). This test is the one place that reads actions/ itself, to check
// the registry against it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_NAMES, actionPaths, SERVICE_EVENTS } from '../../../src/actions';
import { HANDLED_EVENTS } from '../../../src/hosts/service/dispatch';
import type { ActionDefinition } from '../../../src/kernel/action';

const root = join(__dirname, '..', '..', '..');
const SELF = 'test/unit/actions/registry.test.ts';
/** The registry itself. */
const REGISTRY = 'src/actions/';

/** The code, configuration and scripts of the repository (tracked or new, not ignored), without the bundles. */
function codeFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((f) => /\.(ts|js|mjs|cjs|ya?ml)$/.test(f) || f === 'package.json')
    .filter((f) => !f.startsWith('dist/') && !f.startsWith(REGISTRY) && f !== SELF && existsSync(join(root, f)));
}

/** What a file says as code: package.json's scripts only (its description is prose). */
function codeText(file: string): string {
  const text = readFileSync(join(root, file), 'utf8');
  if (file !== 'package.json') return text;
  return JSON.stringify((JSON.parse(text) as { scripts?: unknown }).scripts ?? {}, null, 1);
}

const LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

/** The action names a string literal holds as whole words ("test/e2e/label-sync" holds one, "needs-triage" none). */
function namesIn(literal: string): Set<string> {
  const words = new Set(literal.slice(1, -1).split(/[^\w-]+/));
  return new Set(ACTION_NAMES.filter((name) => words.has(name)));
}

/**
 * The lists of actions written by hand in one text: a string naming two actions or more, or consecutive string
 * literals (elements of one array or argument list: only commas and white space between them) each naming one,
 * two different ones in all. Returned as "line: names".
 */
export function handWrittenLists(text: string): string[] {
  const literals = [...text.matchAll(LITERAL)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    names: namesIn(m[0]),
  }));
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const found: string[] = [];
  for (let k = 0; k < literals.length; k++) {
    const names = new Set(literals[k].names);
    if (names.size === 0) continue;
    let j = k;
    while (
      j + 1 < literals.length &&
      literals[j + 1].names.size > 0 &&
      /^[\s,]*$/.test(text.slice(literals[j].end, literals[j + 1].start))
    ) {
      j++;
      for (const name of literals[j].names) names.add(name);
    }
    if (names.size >= 2) found.push(`${lineOf(literals[k].start)}: ${[...names].join(', ')}`);
    k = j;
  }
  return found;
}

/** The lines that read the actions/ folder's entries (readdir, opendir or a glob within two lines of `actions`). */
export function scansOfActions(text: string): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, n) => {
    if (!/\b(readdir|readdirSync|opendir|opendirSync|glob|globSync)\(/.test(line)) return [];
    const near = lines.slice(Math.max(0, n - 2), n + 3).join('\n');
    return /['"`/]actions['"`/]/.test(near) ? [`${n + 1}: ${line.trim()}`] : [];
  });
}

describe('the registry of the actions', () => {
  it('names exactly the folders of actions/ that hold an action.yml, each with its sources', () => {
    const folders = readdirSync(join(root, 'actions')).filter((n) =>
      existsSync(join(root, 'actions', n, 'action.yml')),
    );
    expect([...ACTION_NAMES].sort()).toEqual(folders.sort());
    for (const name of ACTION_NAMES) {
      const paths = actionPaths(name);
      for (const path of [paths.actionYml, paths.readme, paths.definition, paths.main, paths.inputs])
        expect(existsSync(join(root, path)), path).toBe(true);
    }
  });

  it.each(ACTION_NAMES)(
    '%s is a value: its definition has its registry name and its inputs.ts schema, and main.ts runs it',
    async (name) => {
      const paths = actionPaths(name);
      const { action } = (await import(join(root, paths.definition))) as { action: ActionDefinition };
      const { inputSchema } = (await import(join(root, paths.inputs))) as { inputSchema: unknown };
      expect(action.name).toBe(name);
      expect(action.inputs).toBe(inputSchema);
      expect(typeof action.run).toBe('function');
      const main = readFileSync(join(root, paths.main), 'utf8').replace(/^\s*\/\/.*$/gm, '');
      expect(main).toMatch(/^void runAction\(action\);$/m);
      expect(main).toContain("import { action } from './action';");
    },
  );

  it("routes the service's events from the registry", () => {
    expect(SERVICE_EVENTS.length).toBeGreaterThan(0);
    expect(HANDLED_EVENTS).toEqual(SERVICE_EVENTS);
  });

  it('finds a hand-written list and a scan (the detectors work)', () => {
    const [a, b] = ACTION_NAMES;
    expect(handWrittenLists(`const x = ['${a}', \n  "${b}"];`)).toEqual([`1: ${a}, ${b}`]);
    expect(handWrittenLists(`"vitest run test/e2e/${a} test/e2e/${b}"`)).toEqual([`1: ${a}, ${b}`]);
    expect(handWrittenLists(`['${a}', 'needs-${b}', 'x']; f('${a}'); g('${b}')`)).toEqual([]);
    expect(scansOfActions("const dir = join(root, 'actions');\nfor (const n of readdirSync(dir)) {}")).toHaveLength(1);
    expect(scansOfActions("readdirSync(join(root, 'docs'))")).toEqual([]);
  });

  it('is the only list of the actions: no other file lists them or scans actions/', () => {
    const problems = codeFiles().flatMap((file) => {
      const text = codeText(file);
      return [
        ...handWrittenLists(text).map((hit) => `${file}:${hit} (a list of actions: read ACTION_NAMES)`),
        ...scansOfActions(text).map((hit) => `${file}:${hit} (a scan of actions/: read ACTION_NAMES)`),
      ];
    });
    expect(problems).toEqual([]);
  });
});
